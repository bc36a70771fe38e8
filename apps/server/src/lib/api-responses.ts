/**
 * The API's answers as the OpenAPI document declares them (the document is the contract: a client
 * that trusts only it must meet no status, media type or body it does not list).
 *
 * Two halves:
 * - Error statuses are declared by the plugin that produces them, for every route its behaviour
 *   applies to, through {@link declareErrors} in an onRoute hook: validation and input limits
 *   (400, 413, 415), the CSRF check (403), sign-in guards (401, 403), rate limits (429), services'
 *   not-found and conflict errors (404, 409), dependency outages (502, 503). A route adds nothing
 *   by hand for these; it declares only what is its own (its 2xx, a 402 or 422 of its domain…).
 * - Answers that are not one JSON document are declared with the helpers below: {@link html},
 *   {@link redirect}, {@link file} (images, audio, archives), {@link eventStream}, {@link noContent}.
 *
 * The conformance test (apps/server/test/api/openapi-conformance.test.ts, the fuzz run and the e2e
 * run's recorded answers) fails on any answer the document does not declare.
 */
import { ApiErrorSchema } from '@app/domain/api';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/** What each shared error status means, as the document describes it. Body: `{ error, issues? }`. */
export const ERROR_STATUSES = {
  400: 'Invalid request: a parameter, query or body value is malformed (`issues` lists each problem), or the URL holds a NUL byte.',
  401: 'Not signed in (or, for agent calls, no valid API key).',
  403: 'Signed in but not allowed: not the owner, an account pending approval, admins only, or a cross-site write.',
  404: 'The resource named in the path or body does not exist (or is not visible to the caller).',
  409: 'The request conflicts with the current state (e.g. already done, in use, sold out).',
  413: 'The body (or an uploaded file) is larger than this route accepts.',
  415: 'The body has a media type this route does not accept.',
  422: 'The request is well formed but cannot be carried out as asked.',
  429: 'Too many requests from this client; `Retry-After` says when to try again.',
  502: 'An outside provider this request needs (model, images, speech, chain) failed; the message names it.',
  503: 'A service this request needs (database, Redis, file storage, the chain, a provider) is unavailable or switched off; the message names it, `Retry-After` when it is an outage.',
} as const;

export type ErrorStatus = keyof typeof ERROR_STATUSES;

/** The shared error body, described for one status. */
export function errorResponse(status: ErrorStatus) {
  return ApiErrorSchema.describe(ERROR_STATUSES[status]);
}

/** True for the routes the document lists (under /api, not hidden, not the reference UI itself). */
export function isDocumented(route: Pick<RouteOptions, 'url' | 'schema'>): boolean {
  const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
  return route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !hidden;
}

/**
 * Adds the shared error body for each status the route does not declare itself (a route may
 * declare a status with its own body, e.g. an HTML 400 of a form, and keeps it).
 */
export function declareErrors(route: RouteOptions, statuses: readonly ErrorStatus[]): void {
  if (!isDocumented(route)) return;
  route.schema ??= {};
  const schema = route.schema as { response?: Record<string, unknown> };
  schema.response ??= {};
  const response = schema.response;
  for (const status of statuses) {
    if (!(String(status) in response)) response[status] = errorResponse(status);
  }
}

/** Methods that change something (bodies, CSRF check, conflicts). */
export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The route's methods. */
export const methodsOf = (route: Pick<RouteOptions, 'method'>) => [route.method].flat().map((m) => m.toUpperCase());

/** An HTML page. */
export const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string().describe('an HTML document') } },
});

/**
 * A redirect: no body, the target in `Location`. A plain OpenAPI response (no zod schema): the
 * openapi plugin passes it through and the serializer never sees a body for it.
 */
export const redirect = (description: string) => ({
  type: 'null' as const,
  description,
  headers: { Location: { type: 'string', format: 'uri-reference', description: 'where to go next' } },
});

/** An answer without a body (204 No Content, 202 Accepted…). */
export const noContent = (description: string) => ({ type: 'null' as const, description });

/** A file of one or more media types (image, audio, archive): binary bytes. */
export const file = (mediaTypes: string[], description: string) => ({
  description,
  content: Object.fromEntries(
    // z.any(): the handler sends a Buffer; the document says binary bytes
    mediaTypes.map((type) => [
      type,
      { schema: z.any().meta({ type: 'string', format: 'binary', description: `${type} bytes` }) },
    ]),
  ),
});

/** A JSON document whose bytes matter (hashed) or that another standard defines, with a loose schema. */
export const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/**
 * Server-sent events (`text/event-stream`): `data:` lines each holding one JSON event of `event`
 * (documented in the description; a stream has no JSON Schema of its own).
 */
export const eventStream = (description: string) => ({
  description,
  content: {
    'text/event-stream': { schema: z.string().describe('`data: <JSON event>` lines, one event per message') },
  },
});

/**
 * A request body the route reads itself (a form as well as JSON, or a protocol whose library
 * validates it): documented with `schema`'s JSON Schema, but not validated before the handler.
 */
export function documentedBody(schema: z.ZodType, description: string) {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' });
  return z.unknown().meta({ ...json, description });
}

const JsonRpcId = z.union([z.string(), z.number(), z.null()]);

/** One JSON-RPC 2.0 request (the chain proxy, MCP, A2A). */
export const JsonRpcRequestSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: JsonRpcId.optional(),
  method: z.string(),
  params: z.unknown().optional(),
});

/** One JSON-RPC 2.0 response: a `result`, or an `error` with a code and message. */
export const JsonRpcResponseSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: JsonRpcId,
  result: z.unknown().optional(),
  error: z.looseObject({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional(),
});

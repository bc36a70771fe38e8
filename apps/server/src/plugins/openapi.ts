/**
 * The API's OpenAPI 3.1 document, generated from the same zod schemas that validate requests and
 * serialise responses (fastify-type-provider-zod's transform), and a reference UI (Swagger UI,
 * served from node_modules, no CDN) at `/api/docs`; the document itself is at `/api/docs/json`.
 * Must be registered before the routes it documents.
 *
 * Responses: zod schemas (JSON), `{ content }` objects of zod schemas (HTML, files, event streams),
 * and plain OpenAPI responses without a body (redirects with `Location`, 204), see
 * lib/api-responses.ts. The error statuses every route can answer are declared by the plugins that
 * produce them (onRoute hooks), so the document lists each status a route can answer.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Responses = Record<string, unknown>;

const isZod = (v: unknown): v is $ZodType => v instanceof $ZodType;
const hasContent = (v: unknown) => typeof v === 'object' && v !== null && 'content' in v;

/**
 * fastify-type-provider-zod's transform, plus responses that are plain OpenAPI (no zod schema):
 * they are set aside, and put back after the zod schemas are turned into JSON Schema.
 */
export function documentTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const response = (input.schema as { response?: Responses } | undefined)?.response;
  if (!response) return jsonSchemaTransform(input);
  const plain: Responses = {};
  const zod: Responses = {};
  for (const [status, r] of Object.entries(response)) {
    if (isZod(r) || hasContent(r)) zod[status] = r;
    else plain[status] = r;
  }
  const out = jsonSchemaTransform({ ...input, schema: { ...input.schema, response: zod } } as TransformInput);
  const schema = out.schema as { response?: Responses; hide?: boolean };
  if (!schema?.hide && Object.keys(plain).length) schema.response = { ...schema.response, ...plain };
  return out;
}

/**
 * The zod serializer for JSON answers, made safe for the rest:
 * - a response declared without a zod schema (a redirect, 204) has no body to serialise;
 * - an error answer (4xx/5xx) whose body does not match its declared schema is still sent as it
 *   is (and logged by the conformance test), never turned into a 500 by its own serialisation.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const { schema, httpStatus } = routeSchema as typeof routeSchema & { httpStatus?: string };
  if (!isZod(schema)) return (data: unknown) => JSON.stringify(data);
  const strict = (serializerCompiler as unknown as FastifySerializerCompiler<unknown>)(routeSchema);
  if (!httpStatus || !/^[45]/.test(httpStatus)) return strict;
  return (data: unknown) => {
    try {
      return strict(data);
    } catch {
      return JSON.stringify(data);
    }
  };
};

export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Neural Avatars API',
          version: '1.0.0',
          description:
            'AI avatar studio and marketplace on Base. Session cookie authentication (`sid`); writes need a same-site Origin. Agent endpoints (MCP, A2A) take `Authorization: Bearer <API key>`. Every error is `{ error, issues? }` unless the operation says otherwise.',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'sid' },
            agentKey: { type: 'http', scheme: 'bearer', description: "An avatar's API key (agent access)" },
          },
        },
      },
      transform: documentTransform,
      hideUntagged: false,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      staticCSP: true,
    });
  },
  { name: 'openapi' },
);

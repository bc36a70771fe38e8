/**
 * One error shape for every /api route (DESIGN §4): `{ error, issues? }`.
 * 400 carries the zod issues; database "data exception" errors and malformed multipart are the
 * client's input, so 400 too; a service the request needs being down (database, chain RPC, file
 * storage, Redis for sign-in…) is 503 with a sentence naming it and `Retry-After` (lib/outages.ts);
 * other 5xx hide internals (unless the error is flagged `expose`) and are logged with request context.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { declareErrors, methodsOf, WRITE_METHODS } from '../lib/api-responses';
import { outageOf } from '../lib/outages';

/**
 * SQLSTATE codes that mean the *input* was bad, not the server (PostgreSQL appendix A): class 22
 * "data exception" (invalid text representation 22P02, numeric value out of range 22003, string
 * too long 22001, NUL / bad encoding 22021, bad datetime 22007/22008, …) and a check violation.
 */
const BAD_INPUT_SQLSTATE = /^(22...|23514)$/;

/** The SQLSTATE of a database error, looking through wrappers (drizzle's DrizzleQueryError.cause). */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * Multipart bodies that end early or are malformed (busboy's messages carry no status code):
 * the client's fault, so 400.
 */
const BAD_MULTIPART =
  /^(Unexpected end of (form|file|multipart data)|Malformed part header|Multipart: Boundary not found|Malformed urlencoded form|Part terminated early|Invalid multipart)/i;

/**
 * Fastify's `frameworkErrors`: URLs the router refuses before any route runs (a malformed
 * percent-encoding, a path parameter over the router's length limit) get the same 400 `{ error }`
 * as any other bad input, not Fastify's own body or a 414 no route declares.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const error =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'Invalid request: a path parameter is too long'
      : 'Invalid request: the URL is malformed (bad percent-encoding)';
  void reply.code(400).send({ error });
}

export default fp(
  async function errors(app: FastifyInstance) {
    // What this handler answers, declared on every documented route: 400 (validation, input the
    // database refuses, broken multipart); 404 and 409 from services (a path or body names a row;
    // a write conflicts with the state); 502/503 when a provider or a dependency fails.
    app.addHook('onRoute', (route) => {
      const write = methodsOf(route).some((m) => WRITE_METHODS.has(m));
      const namesRows = write || /:[A-Za-z]/.test(route.url);
      declareErrors(route, [400, ...(namesRows ? ([404] as const) : []), ...(write ? ([409] as const) : []), 502, 503]);
    });
    app.setErrorHandler((err: FastifyError, req, reply) => {
      if (hasZodFastifySchemaValidationErrors(err)) {
        return reply.code(400).send({
          error: 'Invalid request',
          issues: err.validation.map((v) => ({
            path: v.instancePath,
            message: v.message,
            code:
              v.params?.issue && typeof v.params.issue === 'object'
                ? (v.params.issue as { code?: string }).code
                : undefined,
          })),
        });
      }
      if (err instanceof ZodError) {
        return reply.code(400).send({ error: 'Invalid request', issues: err.issues });
      }
      const state = sqlStateOf(err);
      if (state && BAD_INPUT_SQLSTATE.test(state)) {
        req.log.info({ sqlState: state }, 'bad input refused by the database');
        return reply.code(400).send({ error: 'Invalid request: a value is malformed or out of range' });
      }
      if (!err.statusCode && BAD_MULTIPART.test(err.message ?? '')) {
        return reply.code(400).send({ error: `Invalid multipart body: ${err.message}` });
      }
      const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
      const retryAfter = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      const outage = status >= 500 && (err as { expose?: unknown }).expose !== true ? outageOf(err) : null;
      if (outage) {
        req.log.warn({ err, dependency: outage.dependency }, 'request failed: a dependency is unavailable');
        return reply.code(503).header('retry-after', String(outage.retryAfterSeconds)).send({ error: outage.message });
      }
      if (status >= 500) {
        // Errors flagged `expose` (http-errors convention: provider failures 502, a missing
        // provider 503) carry a safe, user-facing message; every other 5xx hides its internals.
        if ((err as { expose?: unknown }).expose === true) {
          req.log.warn({ err }, 'request failed (exposed)');
          return reply.code(status).send({ error: err.message });
        }
        req.log.error({ err }, 'request failed');
        return reply.code(status).send({ error: 'Internal server error' });
      }
      return reply.code(status).send({ error: err.message });
    });
  },
  { name: 'errors' },
);

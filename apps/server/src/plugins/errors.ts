/**
 * One error shape for every /api route (DESIGN §4): `{ error, issues? }`.
 * 400 carries the zod issues; 5xx hide internals (unless the error is flagged `expose`) and are logged
 * with request context.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

export default fp(
  async function errors(app: FastifyInstance) {
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
      const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
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

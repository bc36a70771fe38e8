/**
 * Admin user approval: GET /api/admin/users, PATCH /api/admin/users/:id;
 * GET /api/admin/waitlist lists the waitlist, newest first.
 * Background jobs: GET /api/admin/jobs/failed lists dead-lettered jobs (newest first, with
 * the last error); POST /api/admin/jobs/failed/:id/retry sends one back to its queue (404 when gone).
 */
import { ApiErrorSchema } from '@app/domain/api';
import { FailedJobParamsSchema, FailedJobSchema, RetryJobResultSchema } from '@app/domain/jobs';
import { AdminUserUpdateSchema, UserSchema } from '@app/domain/user';
import { WaitlistSignupSchema } from '@app/domain/waitlist';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { adminUpdateUser, listUsers, toUserJson } from '../users/users-service';
import { listWaitlist } from '../waitlist/waitlist-service';

export default async function adminRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/users',
    { onRequest: app.requireAdmin, schema: { response: { 200: z.array(UserSchema) } } },
    async () => (await listUsers(opts.db)).map(toUserJson),
  );
  r.patch(
    '/api/admin/users/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: z.object({ id: z.string().min(1).max(64) }),
        body: AdminUserUpdateSchema,
        response: { 200: UserSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      if (req.params.id === req.user.id && req.body.role === 'user') {
        return reply.code(400).send({ error: 'You cannot remove your own admin role' });
      }
      const row = await adminUpdateUser(opts.db, req.params.id, req.body);
      if (!row) return reply.code(404).send({ error: 'User not found' });
      return toUserJson(row);
    },
  );
  r.get(
    '/api/admin/waitlist',
    { onRequest: app.requireAdmin, schema: { response: { 200: z.array(WaitlistSignupSchema) } } },
    async () => listWaitlist(opts.db),
  );
  r.get(
    '/api/admin/jobs/failed',
    { onRequest: app.requireAdmin, schema: { response: { 200: z.array(FailedJobSchema) } } },
    async () => app.jobs.failed({ limit: 200 }),
  );
  r.post(
    '/api/admin/jobs/failed/:id/retry',
    {
      onRequest: app.requireAdmin,
      schema: { params: FailedJobParamsSchema, response: { 200: RetryJobResultSchema, 404: ApiErrorSchema } },
    },
    async (req, reply) => {
      if (!(await app.jobs.retry(req.params.id))) return reply.code(404).send({ error: 'No such failed job' });
      return { retried: true as const };
    },
  );
}

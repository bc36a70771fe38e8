/**
 * Agent task endpoints: start a task for one of your avatars, list an avatar's recent
 * tasks (Recent Tasks), cancel a pending one, download a code project.
 */
import { IdParamSchema } from '@app/domain/api';
import { CreateAgentTaskSchema, TaskResultSchema } from '@app/domain/tasks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { file } from '../../lib/api-responses';
import { HttpError } from '../../lib/http-error';
import type { StorageProvider } from '../../providers/storage/types';
import { loadOwnedAvatar } from '../avatars/avatars-service';
import type { TaskRunner } from './task-runner';
import { projectArchive } from './tasks-service';

export default async function tasksRoutes(
  app: FastifyInstance,
  opts: { db: Db; runner: TaskRunner; storage: StorageProvider },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, runner } = opts;

  r.post(
    '/api/avatars/:id/tasks',
    {
      onRequest: app.requireAccess,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { params: IdParamSchema, body: CreateAgentTaskSchema, response: { 202: TaskResultSchema } },
    },
    async (req, reply) => {
      const avatar = await loadOwnedAvatar(db, req.params.id, req.user.id);
      const task = await runner.create({
        userId: req.user.id,
        avatar,
        taskType: req.body.taskType,
        prompt: req.body.prompt,
      });
      return reply.code(202).send(task);
    },
  );

  r.get(
    '/api/avatars/:id/tasks',
    { onRequest: app.requireAccess, schema: { params: IdParamSchema, response: { 200: z.array(TaskResultSchema) } } },
    async (req) => {
      const avatar = await loadOwnedAvatar(db, req.params.id, req.user.id);
      return runner.listForAvatar(avatar.id);
    },
  );

  r.post(
    '/api/tasks/:id/cancel',
    { onRequest: app.requireAccess, schema: { params: IdParamSchema, response: { 200: TaskResultSchema } } },
    async (req) => {
      const task = await runner.cancel(req.params.id, req.user.id);
      if (!task) throw new HttpError(409, 'This task is not yours or has already finished');
      return task;
    },
  );

  r.get(
    '/api/tasks/:id/download',
    {
      onRequest: app.requireAccess,
      schema: {
        params: IdParamSchema,
        response: {
          200: file(
            ['application/zip'],
            'The generated code project as a zip archive (Content-Disposition: attachment).',
          ),
        },
      },
    },
    async (req, reply) => {
      const { bytes, filename } = await projectArchive(opts.db, opts.storage, req.params.id, req.user.id);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(bytes);
    },
  );
}

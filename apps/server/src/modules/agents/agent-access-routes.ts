/**
 * The owner's side of agent access: the public switch and the avatar's API keys.
 * Same ownership rules as every avatar route: 401 signed out, 403 someone else's avatar, 404 absent.
 */
import {
  AgentAccessSchema,
  ApiKeyParamsSchema,
  ApiKeySchema,
  CreateApiKeySchema,
  CreatedApiKeySchema,
  SetAgentAccessSchema,
} from '@app/domain/agent-access';
import { IdParamSchema } from '@app/domain/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { createApiKey, listApiKeys, readAgentAccess, revokeApiKey, updateAgentAccess } from './agent-access-service';

export default async function agentAccessRoutes(app: FastifyInstance, opts: { db: Db; origin: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, origin } = opts;
  const rateLimit = { max: 30, timeWindow: '1 minute' };

  r.get(
    '/api/avatars/:id/agent-access',
    { onRequest: app.requireAccess, schema: { params: IdParamSchema, response: { 200: AgentAccessSchema } } },
    async (req) => readAgentAccess(db, req.params.id, req.user.id, origin),
  );

  r.put(
    '/api/avatars/:id/agent-access',
    {
      onRequest: app.requireAccess,
      config: { rateLimit },
      schema: { params: IdParamSchema, body: SetAgentAccessSchema, response: { 200: AgentAccessSchema } },
    },
    async (req) => updateAgentAccess(db, req.params.id, req.user.id, req.body.public, origin),
  );

  r.post(
    '/api/avatars/:id/api-keys',
    {
      onRequest: app.requireAccess,
      config: { rateLimit },
      schema: { params: IdParamSchema, body: CreateApiKeySchema, response: { 201: CreatedApiKeySchema } },
    },
    async (req, reply) => reply.code(201).send(await createApiKey(db, req.params.id, req.user.id, req.body.label)),
  );

  r.get(
    '/api/avatars/:id/api-keys',
    { onRequest: app.requireAccess, schema: { params: IdParamSchema, response: { 200: z.array(ApiKeySchema) } } },
    async (req) => listApiKeys(db, req.params.id, req.user.id),
  );

  r.delete(
    '/api/avatars/:id/api-keys/:keyId',
    {
      onRequest: app.requireAccess,
      config: { rateLimit },
      schema: { params: ApiKeyParamsSchema, response: { 200: ApiKeySchema } },
    },
    async (req) => revokeApiKey(db, req.params.id, req.user.id, req.params.keyId),
  );
}

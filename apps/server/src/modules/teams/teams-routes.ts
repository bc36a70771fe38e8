/**
 * Teams (SPEC §7 GET /api/teams; BEYOND: create, edit, delete, members, team chat).
 * Thin handlers: zod schemas from @app/domain/teams for params, body and response; the rules are
 * in teams-service.ts. Every route needs access (SPEC §4) and acts on the user's own teams only.
 */
import { ApiErrorSchema } from '@app/domain/api';
import {
  AddTeamMemberSchema,
  CreateTeamSchema,
  TeamChatRequestSchema,
  TeamChatResponseSchema,
  TeamListSchema,
  TeamMemberParamsSchema,
  TeamParamsSchema,
  TeamSchema,
  UpdateTeamMemberSchema,
  UpdateTeamSchema,
} from '@app/domain/teams';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChatDeps } from '../chat/chat-service';
import {
  addMember,
  changeMemberRole,
  createTeam,
  deleteTeam,
  listTeams,
  removeMember,
  teamChat,
  updateTeam,
} from './teams-service';

/** Error answers a team route may give (DESIGN §4 `{ error, issues? }`). */
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
} as const;

/** Registers the /api/teams routes; chat needs the same providers as avatar chat. */
export default async function teamsRoutes(app: FastifyInstance, deps: ChatDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const guard = { preHandler: app.requireAccess };

  r.get('/api/teams', { ...guard, schema: { response: { 200: TeamListSchema, 401: ApiErrorSchema } } }, async (req) =>
    listTeams(db, req.user.id),
  );

  r.post(
    '/api/teams',
    {
      ...guard,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: CreateTeamSchema, response: { 201: TeamSchema, ...errors } },
    },
    async (req, reply) => reply.code(201).send(await createTeam(db, req.user.id, req.body)),
  );

  r.patch(
    '/api/teams/:id',
    {
      ...guard,
      schema: { params: TeamParamsSchema, body: UpdateTeamSchema, response: { 200: TeamSchema, ...errors } },
    },
    async (req) => updateTeam(db, req.params.id, req.user.id, req.body),
  );

  r.delete(
    '/api/teams/:id',
    { ...guard, schema: { params: TeamParamsSchema, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await deleteTeam(db, req.params.id, req.user.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/teams/:id/members',
    {
      ...guard,
      schema: { params: TeamParamsSchema, body: AddTeamMemberSchema, response: { 201: TeamSchema, ...errors } },
    },
    async (req, reply) => reply.code(201).send(await addMember(db, req.params.id, req.user.id, req.body)),
  );

  r.patch(
    '/api/teams/:id/members/:avatarId',
    {
      ...guard,
      schema: {
        params: TeamMemberParamsSchema,
        body: UpdateTeamMemberSchema,
        response: { 200: TeamSchema, ...errors },
      },
    },
    async (req) => changeMemberRole(db, req.params.id, req.user.id, req.params.avatarId, req.body.role),
  );

  r.delete(
    '/api/teams/:id/members/:avatarId',
    { ...guard, schema: { params: TeamMemberParamsSchema, response: { 200: TeamSchema, ...errors } } },
    async (req) => removeMember(db, req.params.id, req.user.id, req.params.avatarId),
  );

  r.post(
    '/api/teams/:id/chat',
    {
      ...guard,
      // Each message costs one provider call per member: a tighter limit than one-to-one chat.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        params: TeamParamsSchema,
        body: TeamChatRequestSchema,
        response: { 200: TeamChatResponseSchema, ...errors, 502: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      // Stop asking the provider once the client has gone away (the response closed unsent).
      const abort = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableEnded) abort.abort();
      });
      const replies = await teamChat(deps, {
        teamId: req.params.id,
        userId: req.user.id,
        message: req.body.message,
        signal: abort.signal,
      });
      return { replies };
    },
  );
}

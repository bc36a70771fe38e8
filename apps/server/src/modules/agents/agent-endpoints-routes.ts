/**
 * What outside agents call (issue 16 item 5), for avatars whose owner made them public:
 * - `POST /api/agents/:id/mcp`: MCP over Streamable HTTP (stateless: one server per request, JSON
 *   answers); GET/DELETE answer 405 (no sessions, no server-initiated stream).
 * - `GET /api/agents/:id/.well-known/agent-card.json`: the A2A agent card (public, no key).
 * - `POST /api/agents/:id/a2a`: A2A JSON-RPC.
 * Calls need `Authorization: Bearer <API key>` of that avatar and are rate limited per key.
 * Cookies are never read here, so these paths are exempt from the CSRF origin check.
 */
import { createHash } from 'node:crypto';
import { A2A_VERSION_HEADER } from '@a2a-js/sdk';
import { ServerCallContext } from '@a2a-js/sdk/server';
import { AGENT_CALLS_PER_MINUTE } from '@app/domain/agent-access';
import { IdParamSchema } from '@app/domain/api';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { buildA2aHandler } from './a2a-agent';
import { authenticateAgentCall, bearerOf, loadPublicAvatar } from './agent-access-service';
import { agentCard, agentCardJson } from './agent-card';
import { type AgentCallDeps, buildAvatarMcpServer } from './mcp-server';

/** Route patterns of the key-authenticated endpoints (exempt from the cookie CSRF check). */
export const AGENT_ENDPOINT_PATHS = ['/api/agents/:id/mcp', '/api/agents/:id/a2a'];

/** Rate-limit bucket: the key's hash, or the address for calls without a key. */
function callerBucket(req: FastifyRequest): string {
  const key = bearerOf(req.headers);
  return key ? `agent-key:${createHash('sha256').update(key).digest('hex')}` : `agent-ip:${req.ip}`;
}

export default async function agentEndpointsRoutes(
  app: FastifyInstance,
  opts: AgentCallDeps & { db: Db; origin: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, origin } = opts;
  const rateLimit = { max: AGENT_CALLS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: callerBucket };

  r.post(
    '/api/agents/:id/mcp',
    { config: { rateLimit }, schema: { params: IdParamSchema, hide: true } },
    async (req, reply) => {
      const caller = await authenticateAgentCall(db, req.params.id, bearerOf(req.headers));
      const server = buildAvatarMcpServer(opts, caller);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(req.raw, reply.raw, req.body);
      } catch (err) {
        req.log.error({ err }, 'MCP request failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json' });
          reply.raw.end(
            JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }),
          );
        }
      }
    },
  );

  for (const method of ['GET', 'DELETE'] as const) {
    r.route({
      method,
      url: '/api/agents/:id/mcp',
      config: { rateLimit },
      schema: { params: IdParamSchema, hide: true },
      handler: async (_req, reply) =>
        reply
          .code(405)
          .header('allow', 'POST')
          .send({
            jsonrpc: '2.0',
            error: { code: -32000, message: 'Method not allowed: this server is stateless' },
            id: null,
          }),
    });
  }

  r.get(
    '/api/agents/:id/.well-known/agent-card.json',
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } }, schema: { params: IdParamSchema } },
    async (req, reply) => {
      const avatar = await loadPublicAvatar(db, req.params.id);
      return reply.header('cache-control', 'public, max-age=60').send(agentCardJson(avatar, origin));
    },
  );

  r.post(
    '/api/agents/:id/a2a',
    { config: { rateLimit }, schema: { params: IdParamSchema, hide: true } },
    async (req, reply) => {
      const caller = await authenticateAgentCall(db, req.params.id, bearerOf(req.headers));
      const handler = buildA2aHandler(opts, caller, agentCard(caller.avatar, origin));
      const version = req.headers[A2A_VERSION_HEADER.toLowerCase()];
      const context = new ServerCallContext({ requestedVersion: typeof version === 'string' ? version : '1.0' });
      const out = await handler.handle((req.body ?? {}) as Record<string, unknown>, context);
      if (typeof (out as AsyncGenerator)[Symbol.asyncIterator] === 'function') {
        return reply.send({ jsonrpc: '2.0', error: { code: -32004, message: 'Streaming is not supported' }, id: null });
      }
      return reply.send(out);
    },
  );
}

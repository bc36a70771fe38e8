/**
 * What outside agents call, for avatars whose owner made them public:
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
import { ApiErrorSchema, IdParamSchema } from '@app/domain/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import {
  documentedBody,
  ERROR_STATUSES,
  errorResponse,
  JsonRpcRequestSchema,
  JsonRpcResponseSchema,
  json,
  noContent,
} from '../../lib/api-responses';
import { loadOnce } from '../../lib/load-once';
import { buildA2aHandler } from './a2a-agent';
import { authenticateAgentCall, bearerOf, loadPublicAvatar } from './agent-access-service';
import { agentCard, agentCardJson } from './agent-card';
import type { AgentCallDeps } from './mcp-server';

/** The MCP SDK (~10 MB resident) loads with the first MCP call, not in every process (docs/deploy.md "Memory"). */
const loadMcp = loadOnce(async () => {
  const [{ buildAvatarMcpServer }, { StreamableHTTPServerTransport }] = await Promise.all([
    import('./mcp-server'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]);
  return { buildAvatarMcpServer, StreamableHTTPServerTransport };
});

/** Route patterns of the key-authenticated endpoints (exempt from the cookie CSRF check). */
export const AGENT_ENDPOINT_PATHS = ['/api/agents/:id/mcp', '/api/agents/:id/a2a'];

/** A JSON-RPC error answer of the MCP transport (or our `{ error }` before it runs). */
const mcpError = (description: string) => z.union([JsonRpcResponseSchema, ApiErrorSchema]).describe(description);

/** What `POST …/mcp` answers: the MCP SDK's statuses (JSON-RPC bodies) and ours (`{ error }`). */
const MCP_RESPONSES = {
  200: json(z.union([JsonRpcResponseSchema, z.array(JsonRpcResponseSchema)]), 'The JSON-RPC answer(s).'),
  202: noContent('Only notifications or responses were sent: nothing to answer.'),
  400: mcpError(`${ERROR_STATUSES[400]} Or a JSON-RPC parse/invalid-request error.`),
  401: mcpError('No API key, or one that is not valid or revoked.'),
  403: mcpError('The key belongs to another avatar or a previous owner, or the owner is pending approval.'),
  404: mcpError('The avatar does not exist or does not take agent calls.'),
  406: mcpError('The Accept header must list application/json and text/event-stream.'),
  413: mcpError(ERROR_STATUSES[413]),
  415: mcpError('The body must be application/json.'),
  500: mcpError('The MCP server failed on this call (JSON-RPC internal error).'),
};

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
    {
      config: { rateLimit },
      schema: {
        tags: ['agents'],
        summary: 'MCP (Streamable HTTP, stateless, JSON answers)',
        security: [{ agentKey: [] }],
        params: IdParamSchema,
        body: documentedBody(
          z.union([JsonRpcRequestSchema, z.array(JsonRpcRequestSchema)]),
          'MCP JSON-RPC message(s): initialize, tools/list, tools/call… Send Accept: application/json, text/event-stream.',
        ),
        response: MCP_RESPONSES,
      },
    },
    async (req, reply) => {
      const caller = await authenticateAgentCall(db, req.params.id, bearerOf(req.headers));
      const { buildAvatarMcpServer, StreamableHTTPServerTransport } = await loadMcp();
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
      schema: {
        tags: ['agents'],
        summary: 'MCP: not offered (a stateless server has no stream or session to open or end)',
        params: IdParamSchema,
        response: { 405: mcpError('Always: this MCP server is stateless; use POST.') },
      },
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
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['agents'],
        params: IdParamSchema,
        response: {
          200: z
            .looseObject({
              name: z.string(),
              description: z.string(),
              version: z.string(),
              supportedInterfaces: z.array(z.looseObject({ url: z.string(), protocolBinding: z.string() })),
            })
            .describe('The A2A AgentCard (A2A protocol 1.0) of a public avatar.'),
        },
      },
    },
    async (req, reply) => {
      const avatar = await loadPublicAvatar(db, req.params.id);
      // the SDK's JSON form of the card; the schema above is what a client may rely on
      return reply.header('cache-control', 'public, max-age=60').send(agentCardJson(avatar, origin) as never);
    },
  );

  r.post(
    '/api/agents/:id/a2a',
    {
      config: { rateLimit },
      schema: {
        tags: ['agents'],
        summary: 'A2A JSON-RPC (protocol 1.0; SendMessage, GetTask, CancelTask…)',
        security: [{ agentKey: [] }],
        params: IdParamSchema,
        body: documentedBody(JsonRpcRequestSchema, 'One A2A JSON-RPC request.'),
        response: {
          200: JsonRpcResponseSchema.describe('The JSON-RPC answer; A2A errors are JSON-RPC errors with HTTP 200.'),
          401: errorResponse(401),
          403: errorResponse(403),
        },
      },
    },
    async (req, reply) => {
      const caller = await authenticateAgentCall(db, req.params.id, bearerOf(req.headers));
      const handler = buildA2aHandler(opts, caller, agentCard(caller.avatar, origin));
      const version = req.headers[A2A_VERSION_HEADER.toLowerCase()];
      const context = new ServerCallContext({ requestedVersion: typeof version === 'string' ? version : '1.0' });
      const out = await handler.handle((req.body ?? {}) as Record<string, unknown>, context);
      if (typeof (out as AsyncGenerator)[Symbol.asyncIterator] === 'function') {
        return reply.send({ jsonrpc: '2.0', error: { code: -32004, message: 'Streaming is not supported' }, id: null });
      }
      // the SDK's JSON-RPC response (its types widen `jsonrpc` to string)
      return reply.send(out as z.infer<typeof JsonRpcResponseSchema>);
    },
  );
}

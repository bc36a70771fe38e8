/**
 * The OpenAPI document is the contract (a client that trusts only it must meet nothing it does not
 * declare). Two halves:
 * - the document itself: every API route is an operation (MCP and A2A included), every operation
 *   declares a success answer, every answer with a body names its media type and schema, and the
 *   shared error statuses are there wherever the plugin producing them applies;
 * - real answers: a session through the API (signed out and in, good and bad input, JSON, HTML,
 *   redirects, files, audio, events, MCP, A2A) checked against the document, answer by answer
 *   (scripts/lib/openapi-conformance.mjs). The fuzz run and the e2e run check theirs the same way.
 *
 * A failure here names the operation and what it answered. Fix it in the route's
 * `schema.response`: a zod schema for its own JSON statuses, or a helper of
 * src/lib/api-responses.ts (html, redirect, file, eventStream, noContent, json). Shared errors
 * (400 401 403 404 409 413 415 429 502 503) come from the plugins that produce them: never by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConformance } from '../../../../scripts/lib/openapi-conformance.mjs';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { startTestChain } from '../helpers/chain';

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: object }> };
type Doc = { paths: Record<string, Record<string, Operation>> };

let chain: ChainRuntime;
let t: TestApp;
let doc: Doc;

beforeAll(async () => {
  // With a chain, so every chain-facing module (blockchain, nft, purchases, agents) registers its routes.
  chain = await startTestChain();
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_MIN: '1000' }, { chain });
  doc = t.app.swagger() as unknown as Doc;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, op })),
  );

describe('the OpenAPI document', () => {
  it('lists every API route as an operation, MCP and A2A included', () => {
    const documented = new Set(operations().map((o) => o.key));
    const routes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !['HEAD', 'OPTIONS'].includes(r.method))
      // the reference UI and the document themselves; uploaded files (a file namespace, like /assets)
      .filter((r) => !r.url.startsWith('/api/docs') && r.url !== '/api/assets/*')
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
    for (const agent of ['POST /api/agents/{id}/mcp', 'POST /api/agents/{id}/a2a']) expect(documented).toContain(agent);
  });

  it('declares, for every operation, a success answer and the media type and schema of every body', () => {
    const problems: string[] = [];
    for (const { key, op } of operations()) {
      const responses = op.responses ?? {};
      // (an operation that only ever refuses says so with 405, like MCP's GET on a stateless server)
      if (!Object.keys(responses).some((s) => /^[23]/.test(s) || s === '405'))
        problems.push(`${key}: no 2xx/3xx answer declared`);
      for (const [status, r] of Object.entries(responses)) {
        const bodiless = status === '202' || status === '204' || /^3/.test(status);
        if (/^3/.test(status) && !r.headers) problems.push(`${key} ${status}: a redirect without its Location header`);
        if (!r.content && !bodiless) problems.push(`${key} ${status}: no media type (content) declared`);
        for (const [type, media] of Object.entries(r.content ?? {}))
          if (!media.schema) problems.push(`${key} ${status} ${type}: no schema`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares the shared error statuses wherever the plugin producing them applies', () => {
    const problems: string[] = [];
    for (const { key, method, op } of operations()) {
      const has = (s: number) => String(s) in (op.responses ?? {});
      const want = [400, 503];
      if (['post', 'put', 'patch'].includes(method)) want.push(409, 413, 415);
      for (const s of want) if (!has(s)) problems.push(`${key}: ${s} not declared`);
    }
    expect(problems).toEqual([]);
  });
});

describe('answers of an API session match the document', () => {
  it('every answer: a declared status, media type and body', { timeout: 180_000 }, async () => {
    const conformance = createConformance(doc);
    const problems: string[] = [];
    const seen = new Set<string>();
    const call = async (
      method: string,
      url: string,
      opts: { cookie?: string; payload?: unknown; headers?: Record<string, string>; contentType?: string } = {},
    ) => {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: {
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(opts.payload !== undefined ? { 'content-type': opts.contentType ?? 'application/json' } : {}),
          ...opts.headers,
        },
        ...(opts.payload !== undefined
          ? { payload: typeof opts.payload === 'string' ? opts.payload : JSON.stringify(opts.payload) }
          : {}),
      });
      const path = url.split('?')[0]!;
      seen.add(`${method} ${conformance.operationFor(method, path)?.template ?? path} ${res.statusCode}`);
      const problem = conformance.check({
        method,
        path,
        status: res.statusCode,
        contentType: String(res.headers['content-type'] ?? ''),
        location: res.headers.location as string | undefined,
        body: res.rawPayload,
      });
      if (problem) problems.push(problem);
      return res;
    };

    // Signed out.
    await call('GET', '/api/auth/user');
    await call('GET', '/api/avatars');
    await call('GET', '/api/login');
    await call('GET', '/api/callback');
    await call('GET', '/api/marketplace/avatars?limit=5');
    await call('GET', '/api/marketplace/avatars?limit=0');
    await call('GET', '/api/health/ready');
    await call('GET', '/api/payments/config');
    await call('POST', '/api/waitlist', { payload: { email: 'walk@x.io' } });
    await call('POST', '/api/waitlist', { payload: { email: 'not an e-mail' } });
    await call('POST', '/api/waitlist', { payload: 'email=a', contentType: 'text/plain' });
    await call('POST', '/api/waitlist', { payload: { email: 'big@x.io', pad: 'x'.repeat(1_100_000) } });
    await call('GET', '/api/avatars/1%00');
    await call('POST', '/api/login/dev', {
      payload: 'displayName=&email=bad',
      contentType: 'application/x-www-form-urlencoded',
    });
    await call('POST', '/api/login/dev', {
      payload: 'displayName=Walker&email=form%40x.io&returnTo=%2Fmarketplace',
      contentType: 'application/x-www-form-urlencoded',
    });
    await call('POST', '/api/login/dev', { payload: { displayName: '', email: 'x' } });

    // Signed in.
    const { cookie } = await signIn(t.app, { email: 'walker@x.io' });
    await call('GET', '/api/auth/user', { cookie });
    const created = await call('POST', '/api/avatars', { cookie, payload: { name: 'WALKER', agentType: 'CREATOR' } });
    const id = created.json().id as number;
    await call('POST', '/api/avatars', { cookie, payload: { name: '', agentType: 'NOPE' } });
    await call('POST', '/api/avatars', { cookie, payload: { name: 'X' }, headers: { origin: 'https://evil.example' } });
    await call('GET', `/api/avatars/${id}`, { cookie });
    await call('GET', '/api/avatars/2147483000', { cookie });
    await call('PATCH', `/api/avatars/${id}`, { cookie, payload: { description: 'walks the API' } });
    await call('GET', `/api/avatar-details/${id}`);
    await call('GET', `/api/avatars/${id}/removal`, { cookie });
    await call('POST', '/api/avatar/chat', { cookie, payload: { avatarId: id, message: 'hello there' } });
    await call('POST', '/api/avatar/chat/stream', { cookie, payload: { avatarId: id, message: 'tell me more' } });
    await call('GET', `/api/avatars/${id}/chat/history`, { cookie });
    await call('GET', '/api/voice/status', { cookie });
    await call('POST', '/api/voice/text-to-speech', { cookie, payload: { text: 'Hello', avatarName: 'WALKER' } });
    await call('POST', '/api/avatar/speech-to-text', { cookie, payload: 'x', contentType: 'text/plain' });
    await call('GET', `/api/avatars/${id}/tasks`, { cookie });
    await call('GET', '/api/tasks/2147483000/download', { cookie });
    await call('GET', `/api/nft/metadata/${id}`);
    await call('GET', `/api/nft/metadata/${id}/image.svg`);
    await call('POST', '/api/chain/rpc', { payload: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] } });
    await call('POST', '/api/chain/rpc', { payload: { jsonrpc: '2.0', id: 2, method: 'eth_sendTransaction' } });
    await call('POST', '/api/chain/rpc', { payload: [] });
    await call('GET', '/api/teams', { cookie });
    const team = await call('POST', '/api/teams', { cookie, payload: { name: 'WALKERS' } });
    await call('DELETE', `/api/teams/${team.json().id}`, { cookie });
    await call('GET', '/api/admin/users', { cookie });

    // Agents: public avatar, a key, MCP and A2A.
    await call('PUT', `/api/avatars/${id}/agent-access`, { cookie, payload: { public: true } });
    const key = (await call('POST', `/api/avatars/${id}/api-keys`, { cookie, payload: { label: 'walk' } })).json()
      .key as string;
    await call('GET', `/api/agents/${id}/.well-known/agent-card.json`);
    const mcpHeaders = { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' };
    await call('POST', `/api/agents/${id}/mcp`, {
      headers: mcpHeaders,
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'walk', version: '1' } },
      },
    });
    await call('POST', `/api/agents/${id}/mcp`, {
      headers: mcpHeaders,
      payload: { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
    });
    await call('POST', `/api/agents/${id}/mcp`, {
      headers: mcpHeaders,
      payload: { jsonrpc: '2.0', method: 'notifications/initialized' },
    });
    await call('POST', `/api/agents/${id}/mcp`, { payload: { jsonrpc: '2.0', id: 3, method: 'tools/list' } });
    await call('POST', `/api/agents/${id}/mcp`, {
      headers: { authorization: `Bearer ${key}` },
      payload: { jsonrpc: '2.0', id: 4, method: 'tools/list' },
    });
    await call('GET', `/api/agents/${id}/mcp`, { headers: mcpHeaders });
    await call('POST', `/api/agents/${id}/a2a`, {
      headers: { authorization: `Bearer ${key}` },
      payload: {
        jsonrpc: '2.0',
        id: 5,
        method: 'SendMessage',
        params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hello' }] } },
      },
    });
    await call('POST', `/api/agents/${id}/a2a`, { payload: { jsonrpc: '2.0', id: 6, method: 'GetTask' } });

    await call('POST', '/api/auth/logout', { cookie });
    await call('GET', `/api/avatars/${id}`, { cookie });

    if (process.env.SHOW_ANSWERS) console.log([...seen].sort().join('\n'));
    expect(problems, [...seen].sort().join('\n')).toEqual([]);
    expect(seen.size).toBeGreaterThan(50);
  });
});

describe('the conformance check itself', () => {
  const check = createConformance({
    paths: {
      '/api/things/{id}': {
        get: {
          responses: {
            200: {
              content: {
                'application/json': {
                  schema: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
                },
              },
            },
            302: { headers: { Location: { schema: { type: 'string' } } } },
            404: { content: { 'application/json': { schema: { type: 'object', required: ['error'] } } } },
          },
        },
      },
      '/api/things/mine': { get: { responses: { 204: { description: 'none' } } } },
    },
  }).check;
  const answer = (status: number, body?: string, contentType = 'application/json', path = '/api/things/7') => ({
    method: 'GET',
    path,
    status,
    contentType,
    body,
  });

  it('accepts declared answers', () => {
    expect(check(answer(200, '{"id":7}'))).toBeNull();
    expect(check({ ...answer(302), location: '/x' })).toBeNull();
    expect(check(answer(204, '', '', '/api/things/mine'))).toBeNull();
    expect(check(answer(404, '', '', '/api/nothing/here'))).toBeNull(); // not an operation of the document
  });

  it('refuses an undeclared status, media type or body, and a redirect without Location', () => {
    expect(check(answer(409, '{"error":"x"}'))).toMatch(/status 409 is not declared/);
    expect(check(answer(200, '<p>', 'text/html'))).toMatch(/media type text\/html is not declared/);
    expect(check(answer(200, '{"id":"seven"}'))).toMatch(/does not match the declared schema/);
    expect(check(answer(404, '{"message":"x"}'))).toMatch(/does not match/);
    expect(check(answer(302))).toMatch(/without a Location/);
    expect(check(answer(204, 'body', 'text/plain', '/api/things/mine'))).toMatch(/declared without a body/);
  });
});

/**
 * Issue 14 item 5: every /api route declares its response schemas (validated serialisation and the
 * OpenAPI document). Routes come from the app itself (`app.routeTable`, filled by an onRoute hook).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { startTestChain } from '../helpers/chain';

let chain: ChainRuntime;
let t: TestApp;
beforeAll(async () => {
  // With a chain, so the chain-facing modules (blockchain, nft, purchases, agents) register their routes.
  chain = await startTestChain();
  t = await createTestApp({}, { chain });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

/**
 * Routes that answer something other than one JSON document, each with why: their bodies are defined
 * elsewhere (HTML, redirects, files, event streams, or a protocol whose SDK validates its messages).
 */
const NOT_JSON: Record<string, string> = {
  'GET /api/docs': 'the API reference UI (HTML)',
  'GET /api/docs/json': 'the OpenAPI document itself',
  'GET /api/docs/yaml': 'the OpenAPI document itself',
  'GET /api/docs/static/index.html': 'the API reference UI (HTML)',
  'GET /api/docs/static/swagger-initializer.js': 'the API reference UI (script)',
  'GET /api/docs/static/*': 'the API reference UI (assets)',
  'GET /api/assets/*': 'uploaded and generated files',
  'GET /api/login': 'a redirect to the identity provider, or the development sign-in page (HTML)',
  'POST /api/login/dev': 'a redirect after sign-in (HTML form) or an error',
  'GET /api/callback': 'a redirect after the OIDC code exchange',
  'POST /api/avatar/chat/stream': 'server-sent events (each event is ChatStreamEventSchema)',
  'GET /api/tasks/:id/download': 'a zip file',
  'GET /api/validation/task/:key/request': 'the exact canonical JSON bytes hashed into the ERC-8004 requestHash',
  'GET /api/nft/metadata/:id/image.svg': 'an SVG image',
  'GET /api/feedback/:id': 'the exact canonical JSON bytes hashed into the ERC-8004 feedbackHash',
  'POST /api/chain/rpc': "JSON-RPC passed through to the chain's node (allowlisted methods)",
  'POST /api/agents/:id/mcp': 'MCP JSON-RPC (Streamable HTTP), validated by @modelcontextprotocol/sdk',
  'GET /api/agents/:id/mcp': 'MCP: 405 for a stateless server',
  'DELETE /api/agents/:id/mcp': 'MCP: 405 for a stateless server',
  'GET /api/agents/:id/.well-known/agent-card.json': 'the A2A AgentCard, built by @a2a-js/sdk types',
  'POST /api/agents/:id/a2a': 'A2A JSON-RPC, validated by @a2a-js/sdk',
};

describe('response schemas (issue 14 item 5)', () => {
  it('every /api route that answers JSON declares its response schema', () => {
    const api = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    expect(api.length).toBeGreaterThan(60);
    const missing = api
      .map((r) => ({ ...r, key: `${r.method} ${r.url}` }))
      .filter((r) => !r.responseSchema && !(r.key in NOT_JSON))
      .map((r) => r.key);
    expect(missing).toEqual([]);
  });

  it('lists only real routes as exempt', () => {
    const keys = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    for (const exempt of Object.keys(NOT_JSON)) expect(keys.has(exempt), exempt).toBe(true);
  });
});

/**
 * Public avatars serve MCP (Streamable HTTP) and an A2A agent, with API keys the
 * owner creates and revokes. The MCP side is driven by the SDK's own client over real HTTP.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarApiKeys } from '../../src/db/schema';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { startTestChain } from '../helpers/chain';

let chain: ChainRuntime;
let t: TestApp;
let base: string;

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({}, { chain });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

async function ownerWithAvatar(email: string, name = 'NEON_SAGE') {
  const s = await signIn(t.app, { email });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/avatars',
    headers: { cookie: s.cookie },
    payload: { name, agentType: 'CREATOR' },
  });
  expect(res.statusCode).toBe(201);
  return { ...s, avatar: res.json() as { id: number } };
}

const setPublic = (cookie: string, id: number, value: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/avatars/${id}/agent-access`,
    headers: { cookie },
    payload: { public: value },
  });

const newKey = (cookie: string, id: number, label = 'research bot') =>
  t.app.inject({ method: 'POST', url: `/api/avatars/${id}/api-keys`, headers: { cookie }, payload: { label } });

async function mcpClient(avatarId: number, key: string) {
  const client = new Client({ name: 'outside-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/api/agents/${avatarId}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  return client;
}

const rawMcp = (avatarId: number, key?: string) =>
  fetch(`${base}/api/agents/${avatarId}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });

describe('API keys (owner routes)', () => {
  it('creates a key shown once, stores only its hash, lists and revokes it; others get 403', async () => {
    const { cookie, avatar } = await ownerWithAvatar('keys@x.io');
    const created = await newKey(cookie, avatar.id);
    expect(created.statusCode).toBe(201);
    const { key, id, prefix } = created.json();
    expect(key).toMatch(/^avk_[A-Za-z0-9_-]{43}$/);
    expect(prefix).toBe(`${key.slice(0, 12)}…`);
    const [row] = await t.database.db.select().from(avatarApiKeys).where(eq(avatarApiKeys.id, id));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await t.app.inject({ url: `/api/avatars/${avatar.id}/api-keys`, headers: { cookie } });
    expect(list.json()).toEqual([expect.objectContaining({ id, label: 'research bot', revokedAt: null })]);
    expect(list.body).not.toContain(key);

    const other = await signIn(t.app, { email: 'nosy@x.io' });
    expect((await newKey(other.cookie, avatar.id)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/avatars/${avatar.id}/api-keys`, headers: { cookie: other.cookie } })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/avatars/${avatar.id}/api-keys/${id}`,
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(403);
    expect((await setPublic(other.cookie, avatar.id, true)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/avatars/${avatar.id}/api-keys` })).statusCode).toBe(401);
    expect((await newKey(cookie, avatar.id, '')).statusCode).toBe(400);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/avatars/${avatar.id}/api-keys/${id}`,
      headers: { cookie },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).toEqual(expect.any(String));
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/avatars/${avatar.id}/api-keys/999999`, headers: { cookie } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('MCP endpoint', () => {
  it('lists the tools, chats, starts a task and reads its result; revoked and foreign keys are refused', async () => {
    const { cookie, avatar } = await ownerWithAvatar('mcp@x.io');
    const key = (await newKey(cookie, avatar.id)).json().key as string;

    // not public yet: the key alone does not open the avatar
    expect((await rawMcp(avatar.id, key)).status).toBe(404);
    const access = await setPublic(cookie, avatar.id, true);
    expect(access.statusCode).toBe(200);
    expect(access.json()).toMatchObject({
      public: true,
      mcpUrl: expect.stringContaining(`/api/agents/${avatar.id}/mcp`),
    });

    const client = await mcpClient(avatar.id, key);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((x) => x.name).sort()).toEqual(['chat', 'get_task', 'list_tasks', 'start_task']);

      const chat = await client.callTool({ name: 'chat', arguments: { message: 'Hello! What can you do for me?' } });
      expect(chat.isError).toBeFalsy();
      const reply = (chat.content as { type: string; text: string }[])[0]!.text;
      expect(reply.length).toBeGreaterThan(0);
      // An outside agent's exchange stays out of the owner's conversation, and the avatar does not tell
      // it what it remembers about its owner (nor learn "facts" from it).
      const told = await t.app.inject({
        method: 'POST',
        url: '/api/avatar/chat',
        headers: { cookie },
        payload: { avatarId: avatar.id, message: 'hi, my name is Priya' },
      });
      expect(told.statusCode).toBe(200);
      const probe = await client.callTool({ name: 'chat', arguments: { message: "what's my name?" } });
      expect((probe.content as { text: string }[])[0]!.text).not.toContain('Priya');
      await client.callTool({ name: 'chat', arguments: { message: 'my name is Mallory' } });
      const history = await t.app.inject({ url: `/api/avatars/${avatar.id}/chat/history`, headers: { cookie } });
      const texts = (history.json().exchanges as { userText: string }[]).map((x) => x.userText);
      expect(texts).toEqual(['hi, my name is Priya']);
      const memory = await t.app.inject({ url: `/api/avatars/${avatar.id}/memory`, headers: { cookie } });
      expect(JSON.stringify(memory.json())).toContain('Priya');
      expect(JSON.stringify(memory.json())).not.toContain('Mallory');

      const bad = await client.callTool({ name: 'start_task', arguments: { taskType: 'rob_a_bank' } });
      expect(bad.isError).toBe(true);

      const started = await client.callTool({
        name: 'start_task',
        arguments: { taskType: 'code_project', prompt: 'a todo list in TypeScript' },
      });
      expect(started.isError).toBeFalsy();
      const task = started.structuredContent as { id: number; status: string };
      expect(task).toMatchObject({ status: 'PENDING', taskType: 'code_project' });

      await t.app.tasks.idle();
      const read = await client.callTool({ name: 'get_task', arguments: { taskId: task.id } });
      expect(read.structuredContent).toMatchObject({ id: task.id, status: 'CONFIRMED', phase: 'done' });
      // the validator's report comes with the task: score, checks with evidence, producer, artefacts
      const { validation, verificationData } = read.structuredContent as {
        validation: { score: number; checks: { id: string; outcome: string; evidence: string }[]; producer: unknown };
        verificationData: { evidenceUrl: string };
      };
      expect(validation.score).toBeGreaterThanOrEqual(50);
      expect(validation.checks.find((c) => c.id === 'code.entry-runs')).toMatchObject({ outcome: 'passed' });
      expect(validation.producer).toEqual({ kind: 'embedded', model: null, provider: null });
      expect(verificationData.evidenceUrl).toMatch(/\/api\/assets\/validation\/[0-9a-f]{64}\.json$/);
      const listed = await client.callTool({ name: 'list_tasks', arguments: {} });
      expect((listed.structuredContent as { tasks: { id: number }[] }).tasks.map((x) => x.id)).toContain(task.id);

      // a task of another avatar cannot be read through this one
      const other = await ownerWithAvatar('mcp-other@x.io', 'OTHER');
      const otherTask = (
        await t.app.inject({
          method: 'POST',
          url: `/api/avatars/${other.avatar.id}/tasks`,
          headers: { cookie: other.cookie },
          payload: { taskType: 'code_project', prompt: 'x' },
        })
      ).json();
      const foreign = await client.callTool({ name: 'get_task', arguments: { taskId: otherTask.id } });
      expect(foreign.isError).toBe(true);

      // a key of the other avatar is refused here
      await setPublic(other.cookie, other.avatar.id, true);
      const otherKey = (await newKey(other.cookie, other.avatar.id)).json().key as string;
      expect((await rawMcp(avatar.id, otherKey)).status).toBe(403);
      await expect(mcpClient(avatar.id, otherKey)).rejects.toMatchObject({ code: 403 });
    } finally {
      await client.close();
    }

    // no key, a made-up key, then the revoked key: 401
    expect((await rawMcp(avatar.id)).status).toBe(401);
    expect((await rawMcp(avatar.id, 'avk_made-up')).status).toBe(401);
    const keys = (await t.app.inject({ url: `/api/avatars/${avatar.id}/api-keys`, headers: { cookie } })).json();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/avatars/${avatar.id}/api-keys/${keys[0].id}`,
      headers: { cookie },
    });
    expect((await rawMcp(avatar.id, key)).status).toBe(401);
    await expect(mcpClient(avatar.id, key)).rejects.toMatchObject({ code: 401 });
  }, 120_000);
});

describe('A2A agent and the registration file', () => {
  it('serves the agent card of a public avatar, answers A2A SendMessage, and lists MCP and A2A in services', async () => {
    const { cookie, avatar } = await ownerWithAvatar('a2a@x.io', 'CARD_SHARP');
    expect((await t.app.inject({ url: `/api/agents/${avatar.id}/.well-known/agent-card.json` })).statusCode).toBe(404);
    await setPublic(cookie, avatar.id, true);
    const key = (await newKey(cookie, avatar.id)).json().key as string;

    const card = await t.app.inject({ url: `/api/agents/${avatar.id}/.well-known/agent-card.json` });
    expect(card.statusCode).toBe(200);
    expect(card.json()).toMatchObject({
      name: 'CARD_SHARP',
      supportedInterfaces: [
        { url: expect.stringMatching(new RegExp(`/api/agents/${avatar.id}/a2a$`)), protocolBinding: 'JSONRPC' },
      ],
      securitySchemes: { apiKey: { httpAuthSecurityScheme: { scheme: 'Bearer' } } },
      skills: [expect.objectContaining({ id: 'chat' })],
    });

    const send = (k?: string) =>
      fetch(`${base}/api/agents/${avatar.id}/a2a`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'a2a-version': '1.0',
          ...(k ? { authorization: `Bearer ${k}` } : {}),
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'SendMessage',
          params: { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'Hi there, who are you?' }] } },
        }),
      });
    expect((await send()).status).toBe(401);
    const res = await send(key);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      id: number;
      result?: { message?: { role: string; parts: { text: string }[] } };
    };
    expect(body.id).toBe(7);
    expect(body.result?.message?.role).toBe('ROLE_AGENT');
    expect(body.result?.message?.parts[0]?.text.length).toBeGreaterThan(0);

    // the registration file (tokenURI) advertises both once the mint is confirmed
    expect(await t.app.chainOutbox!.drain()).toBe(true);
    const fresh = (await t.app.inject({ url: `/api/avatars/${avatar.id}`, headers: { cookie } })).json();
    const reg = (await t.app.inject({ url: `/api/nft/metadata/${fresh.tokenId}` })).json();
    expect(reg.services).toEqual([
      expect.objectContaining({ name: 'web' }),
      expect.objectContaining({ name: 'MCP', endpoint: expect.stringContaining(`/api/agents/${avatar.id}/mcp`) }),
      expect.objectContaining({
        name: 'A2A',
        endpoint: expect.stringContaining(`/api/agents/${avatar.id}/.well-known/agent-card.json`),
      }),
    ]);
    await setPublic(cookie, avatar.id, false);
    const hidden = (await t.app.inject({ url: `/api/nft/metadata/${fresh.tokenId}` })).json();
    expect(hidden.services.map((s: { name: string }) => s.name)).toEqual(['web']);
  }, 120_000);
});

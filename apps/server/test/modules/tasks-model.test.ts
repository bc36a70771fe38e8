/**
 * End to end with a real model client: the app is configured with AI_PROVIDER=openai-compatible
 * against a scripted OpenAI-compatible HTTP server started here (not the SDK mock), and tasks are
 * started through `POST /api/avatars/:id/tasks` and MCP `start_task`. The model's tool calls go
 * through the agent loop; its programs run in the sandbox and it is shown their output.
 */

import type { TaskResult } from '@app/domain/tasks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_MACHINE_MS } from '../../src/providers/sandbox/test-timeouts';
import { type ScriptedModelApi, startScriptedModelApi } from '../fixtures/scripted-model-api';
import {
  GOOD_SCRIPTS,
  PATH_ESCAPE_SCRIPTS,
  REQUESTS,
  SYNTAX_ERROR_SCRIPTS,
  UNKNOWN_TOOL_SCRIPTS,
} from '../fixtures/scripted-tasks';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

let api: ScriptedModelApi;
let t: TestApp;
let base: string;

beforeAll(async () => {
  api = await startScriptedModelApi({ scripts: GOOD_SCRIPTS });
  t = await createTestApp({
    AI_PROVIDER: 'openai-compatible',
    AI_MODEL: 'scripted-1',
    AI_BASE_URL: api.baseURL,
    // Farcaster connected: the model's cast is published through the Neynar stand-in.
    NEYNAR_API_KEY: 'test-neynar-key',
    NEYNAR_SIGNER_UUID: 'signer-1',
    NEYNAR_API_URL: api.origin,
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await api?.close();
});

async function owner(email: string) {
  const s = await signIn(t.app, { email });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/avatars',
    headers: { cookie: s.cookie },
    payload: { name: 'NEO_CODER', agentType: 'HACKER' },
  });
  expect(res.statusCode).toBe(201);
  return { cookie: s.cookie, avatarId: (res.json() as { id: number }).id };
}

async function runTask(cookie: string, avatarId: number, taskType: string, prompt: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/avatars/${avatarId}/tasks`,
    headers: { cookie },
    payload: { taskType, prompt },
  });
  expect(res.statusCode).toBe(202);
  const id = (res.json() as { id: number }).id;
  await t.app.tasks.idle();
  const tasks = (
    await t.app.inject({ url: `/api/avatars/${avatarId}/tasks`, headers: { cookie } })
  ).json() as TaskResult[];
  return tasks.find((x) => x.id === id)!;
}

describe('tasks done by a configured model (scripted OpenAI-compatible server)', { timeout: SLOW_MACHINE_MS }, () => {
  it('code_project: the model writes the program and its tests, runs both in the sandbox, and delivers them', async () => {
    api.scripts = GOOD_SCRIPTS;
    const { cookie, avatarId } = await owner('code@x.io');
    const task = await runTask(cookie, avatarId, 'code_project', REQUESTS.code_project);
    expect(task).toMatchObject({ status: 'CONFIRMED', error: null });
    const v = task.verificationData;
    expect(v).toMatchObject({
      framework: 'python',
      files: ['main.py', 'test_main.py', 'README.md'],
      summary: 'main.py prints the first ten primes (2 3 5 7 11 13 17 19 23 29); test_main.py passes.',
    });
    // The model was shown what its program printed and that its tests passed: they ran in the sandbox.
    const results = api.toolResults('code_project').join('\n');
    expect(results).toContain('2 3 5 7 11 13 17 19 23 29');
    expect(results).toMatch(/"exitCode":0[^}]*"stderr":"[^"]*Ran 2 tests/);
    // Each step was a real chat-completions call carrying the task's tools and the request.
    const calls = api.requests.filter((r) => r.conversation === 'code_project');
    expect(calls).toHaveLength(4);
    expect(calls[0]!.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(JSON.stringify(calls[0]!.body.messages[1])).toContain(REQUESTS.code_project);
    // The download is the model's project.
    const zip = await JSZip.loadAsync((await t.app.inject({ url: String(v.downloadUrl) })).rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(['README.md', 'main.py', 'test_main.py']);
    expect(await zip.file('main.py')!.async('string')).toContain('def primes(count):');

    // The validator checked it: the model is named as its maker, every check passed, the program's
    // output is in the evidence, and the acceptance test was written by a separate call that saw
    // the request and the file names only.
    const report = task.validation!;
    expect(report.producer).toEqual({ kind: 'model', model: 'scripted-1', provider: 'openai-compatible' });
    expect(report.score).toBe(100);
    expect(report.checks.map((c) => [c.id, c.outcome])).toEqual([
      ['code.parses', 'passed'],
      ['code.entry-runs', 'passed'],
      ['code.tests-pass', 'passed'],
      ['code.request-met', 'passed'],
    ]);
    expect(report.checks.find((c) => c.id === 'code.entry-runs')!.evidence).toContain('2 3 5 7 11 13 17 19 23 29');
    const acceptance = api.requests.filter((r) => r.conversation === 'acceptance');
    expect(acceptance.length).toBeGreaterThan(0);
    const seen = JSON.stringify(acceptance[0]!.body.messages);
    expect(seen).toContain(REQUESTS.code_project);
    expect(seen).toContain('test_main.py');
    expect(seen).not.toContain('def primes');
    expect(task.experienceEarned).toBeGreaterThan(0);
  });

  it('code_project: a program that does not parse scores below 50 — FAILED_VALIDATION, no XP', async () => {
    api.scripts = SYNTAX_ERROR_SCRIPTS;
    const { cookie, avatarId } = await owner('syntax@x.io');
    const xpBefore = (await t.app.inject({ url: `/api/avatars/${avatarId}`, headers: { cookie } })).json()
      .experiencePoints as number;
    const task = await runTask(cookie, avatarId, 'code_project', REQUESTS.code_project);
    expect(task.status).toBe('FAILED_VALIDATION');
    expect(task.validation!.score).toBeLessThan(50);
    expect(task.validation!.checks.find((c) => c.id === 'code.parses')).toMatchObject({ outcome: 'failed' });
    expect(task.error).toMatch(/^The validator scored the work \d+\/100/);
    expect(task.experienceEarned).toBe(0);
    const xpAfter = (await t.app.inject({ url: `/api/avatars/${avatarId}`, headers: { cookie } })).json()
      .experiencePoints as number;
    expect(xpAfter).toBe(xpBefore);
  });

  it('deploy_website, mint_art_nft and farcaster_post: the model writes the site, prompts the art, writes and publishes the cast', async () => {
    api.scripts = GOOD_SCRIPTS;
    const { cookie, avatarId } = await owner('media@x.io');
    const site = await runTask(cookie, avatarId, 'deploy_website', REQUESTS.deploy_website);
    expect(site).toMatchObject({ status: 'CONFIRMED' });
    expect(site.verificationData).toMatchObject({ title: 'Neon Beans', files: ['index.html', 'style.css'] });
    expect(site.validation).toMatchObject({ score: 100, producer: { kind: 'model' } });

    const art = await runTask(cookie, avatarId, 'mint_art_nft', REQUESTS.mint_art_nft);
    expect(art).toMatchObject({ status: 'CONFIRMED' });
    expect(art.verificationData).toMatchObject({
      prompt: 'a neon koi pond at midnight, glowing koi circling lotus leaves, deep indigo water',
      style: 'cyberpunk',
    });
    const png = await t.app.inject({ url: String(art.verificationData.artworkUrl) });
    expect(png.headers['content-type']).toBe('image/png');
    expect(art.validation).toMatchObject({ score: 100, producer: { kind: 'model' } });

    const cast = await runTask(cookie, avatarId, 'farcaster_post', REQUESTS.farcaster_post);
    expect(cast).toMatchObject({ status: 'CONFIRMED' });
    const published = api.casts.at(-1)!;
    expect(published.body).toMatchObject({
      signer_uuid: 'signer-1',
      text: expect.stringMatching(/^Zero knowledge proofs on Base/),
    });
    expect(cast.verificationData).toMatchObject({
      topic: 'zero knowledge proofs',
      draft: published.body.text,
      published: true,
      castHash: published.hash,
    });
    expect(cast.validation!.checks.map((c) => [c.id, c.outcome])).toEqual([
      ['cast.length', 'passed'],
      ['cast.topic', 'passed'],
      ['cast.published', 'passed'],
    ]);
    expect(cast.validation!.score).toBe(100);
    expect(
      api.requests.find((r) => r.conversation === 'farcaster_post')!.body.tools!.map((x) => x.function.name),
    ).toEqual(['finish']);
  });

  it('a model that calls an unknown tool or writes outside the workspace fails the task with the reason', async () => {
    const { cookie, avatarId } = await owner('bad@x.io');
    api.scripts = UNKNOWN_TOOL_SCRIPTS;
    const unknown = await runTask(cookie, avatarId, 'code_project', 'anything');
    expect(unknown).toMatchObject({
      status: 'FAILED',
      error: 'The model called an unknown tool "shell"; the tools of this task are write_file, run_program, finish.',
    });
    api.scripts = PATH_ESCAPE_SCRIPTS;
    const escaped = await runTask(cookie, avatarId, 'code_project', 'anything');
    expect(escaped).toMatchObject({
      status: 'FAILED',
      error: 'The model wrote to "../../etc/cron.d/x", which leaves the workspace (..).',
    });
  });

  it("a provider error fails the task with the provider's words", async () => {
    const { cookie, avatarId } = await owner('down@x.io');
    api.failWith = { status: 401, message: 'Invalid API key' };
    try {
      const task = await runTask(cookie, avatarId, 'farcaster_post', 'gm');
      expect(task).toMatchObject({
        status: 'FAILED',
        error: 'The model provider (openai-compatible, model scripted-1) failed: HTTP 401: Invalid API key.',
      });
    } finally {
      api.failWith = null;
    }
  });

  it('the chat streams from the same model (Server-Sent Events from the scripted server)', async () => {
    const { cookie, avatarId } = await owner('chat@x.io');
    const reply = {
      response: 'ack. i can write that prime script and run its tests in the sandbox.',
      intent: 'build_website',
      actions: ['code_project'],
      taskSuggestion: { platform: 'Replit', action: 'code_project', xpReward: 0 },
      taskPrompt: REQUESTS.code_project,
      skillExercised: null,
      imagePrompt: null,
    };
    api.scripts = { ...GOOD_SCRIPTS, other: [{ text: JSON.stringify(reply) }] };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/avatar/chat/stream',
      headers: { cookie },
      payload: { avatarId, message: `write me ${REQUESTS.code_project}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('ack. i can write that prime script');
    expect(res.body).toContain(REQUESTS.code_project);
    expect(api.requests.at(-1)).toMatchObject({ conversation: 'other', body: { stream: true } });
  });

  it('MCP start_task runs the task through the model and get_task returns it', async () => {
    api.scripts = GOOD_SCRIPTS;
    const { cookie, avatarId } = await owner('mcp-model@x.io');
    const access = await t.app.inject({
      method: 'PUT',
      url: `/api/avatars/${avatarId}/agent-access`,
      headers: { cookie },
      payload: { public: true },
    });
    expect(access.statusCode).toBe(200);
    const key = (
      await t.app.inject({
        method: 'POST',
        url: `/api/avatars/${avatarId}/api-keys`,
        headers: { cookie },
        payload: { label: 'outside agent' },
      })
    ).json().key as string;
    const client = new Client({ name: 'outside-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/api/agents/${avatarId}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    try {
      const before = api.requests.length;
      const started = await client.callTool({
        name: 'start_task',
        arguments: { taskType: 'code_project', prompt: REQUESTS.code_project },
      });
      expect(started.isError).toBeFalsy();
      const { id } = started.structuredContent as { id: number };
      await t.app.tasks.idle();
      const read = await client.callTool({ name: 'get_task', arguments: { taskId: id } });
      expect(read.structuredContent).toMatchObject({
        id,
        status: 'CONFIRMED',
        verificationData: { framework: 'python', files: ['main.py', 'test_main.py', 'README.md'] },
        validation: { score: 100, producer: { kind: 'model', model: 'scripted-1' } },
      });
      expect(api.requests.slice(before).filter((r) => r.conversation === 'code_project')).toHaveLength(4);
    } finally {
      await client.close();
    }
  });
});

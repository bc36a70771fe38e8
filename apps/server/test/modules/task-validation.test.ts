/**
 * Agent tasks scored by the validator, end to end on a local chain: the evidence file is published
 * at the responseURI and hashes to the on-chain responseHash, `getValidationStatus(requestHash)` gives
 * the computed score, XP follows it (xp × score / 100), and work scored below 50 ends
 * FAILED_VALIDATION with no XP and no reputation. An API request still answers while the sandbox
 * runs a program that never ends.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_WALLET_ADDRESS } from '@app/domain/blockchain';
import { validatedXp } from '@app/domain/task-validation';
import { TASK_XP_REWARDS } from '@app/domain/training';
import type { FastifyInstance } from 'fastify';
import { type Hex, keccak256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSitesServer } from '../../src/modules/tasks/sites-server';
import { validateWork } from '../../src/modules/tasks/validation/index';
import { validationRegistryAbi } from '../../src/providers/chain/abis';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { SLOW_MACHINE_MS } from '../../src/providers/sandbox/test-timeouts';
import { createDiskStorage } from '../../src/providers/storage/disk';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { startTestChain } from '../helpers/chain';

let chain: ChainRuntime;
let sites: FastifyInstance;
let sitesOrigin: string;
let t: TestApp;
const sitesDir = mkdtempSync(path.join(os.tmpdir(), 'sites-'));

beforeAll(async () => {
  chain = await startTestChain();
  sites = await buildSitesServer({ root: sitesDir, appOrigin: 'http://localhost:5000' });
  sitesOrigin = (await sites.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');
  t = await createTestApp({ SITES_ORIGIN: sitesOrigin }, { chain, siteStorage: createDiskStorage(sitesDir) });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sites?.close();
  await chain?.close();
});

async function runTask(email: string, taskType: string, prompt: string) {
  const { cookie } = await signIn(t.app, { email });
  const avatar = (
    await t.app.inject({
      method: 'POST',
      url: '/api/avatars',
      headers: { cookie },
      payload: { name: 'CHECKED', agentType: 'HACKER' },
    })
  ).json();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/avatars/${avatar.id}/tasks`,
    headers: { cookie },
    payload: { taskType, prompt },
  });
  expect(res.statusCode).toBe(202);
  await t.app.tasks.idle();
  const [task] = (await t.app.inject({ url: `/api/avatars/${avatar.id}/tasks`, headers: { cookie } })).json();
  const after = (await t.app.inject({ url: `/api/avatars/${avatar.id}`, headers: { cookie } })).json();
  return { task, avatarXp: after.experiencePoints as number };
}

async function onChainStatus(requestHash: Hex) {
  const [validator, , response, responseHash] = (await chain.service.publicClient.readContract({
    address: chain.service.addresses.validationRegistry,
    abi: validationRegistryAbi,
    functionName: 'getValidationStatus',
    args: [requestHash],
  })) as readonly [string, bigint, number, Hex, string, bigint];
  return { validator, response, responseHash };
}

/** The evidence file at a task's responseURI (served by the app's /api/assets). */
async function evidenceAt(url: string) {
  const res = await t.app.inject({ url: new URL(url).pathname });
  expect(res.statusCode).toBe(200);
  return { bytes: res.rawPayload, json: JSON.parse(res.body) };
}

describe('agent tasks scored by the validator', { timeout: SLOW_MACHINE_MS }, () => {
  it('records the computed score on chain, with evidence that hashes to responseHash, and XP scaled by it', async () => {
    const { task, avatarXp } = await runTask(
      'scored@x.io',
      'code_project',
      'a python script that prints the first ten prime numbers',
    );
    // The embedded starter parses and runs, but has no tests and no model wrote an acceptance test.
    expect(task.validation.checks.map((c: { id: string; outcome: string }) => [c.id, c.outcome])).toEqual([
      ['code.parses', 'passed'],
      ['code.entry-runs', 'passed'],
      ['code.tests-pass', 'failed'],
      ['code.request-met', 'not_checked'],
    ]);
    expect(task.validation.score).toBe(50);
    expect(task.validation.producer).toEqual({ kind: 'embedded', model: null, provider: null });
    expect(task.status).toBe('CONFIRMED');
    const xp = validatedXp(TASK_XP_REWARDS.code_project, 50);
    expect(task.experienceEarned).toBe(xp);
    expect(avatarXp).toBe(xp);

    const v = task.verificationData;
    const status = await onChainStatus(v.requestHash);
    expect(status.response).toBe(50);
    expect(status.validator.toLowerCase()).toBe(chain.service.account.toLowerCase());
    expect(status.responseHash).toBe(v.responseHash);
    expect(v.responseURI).toBe(v.evidenceUrl);
    const evidence = await evidenceAt(v.evidenceUrl);
    expect(keccak256(evidence.bytes)).toBe(status.responseHash);
    expect(evidence.json).toMatchObject({
      taskKey: task.taskId,
      request: 'a python script that prints the first ten prime numbers',
      score: 50,
      checks: task.validation.checks,
      producer: task.validation.producer,
    });
    expect(evidence.json.artefacts.find((a: { path: string }) => a.path === 'main.py').sha256).toMatch(
      /^[0-9a-f]{64}$/,
    );
    expect(evidence.json.checks[1].evidence).toMatch(/^exit code 0\nstdout:\n/);
    expect(await chain.service.isExperienceAwarded(v.requestHash)).toBe(true);
    expect(v.reputation).toEqual([{ score: 5, scoreType: 'code_project' }]);
  });

  it('leaves work scored below 50 FAILED_VALIDATION: no XP, no reputation, the failing checks named', async () => {
    // The embedded starter for a request naming no language is a Node web server: node:http does
    // not exist in the sandbox, so its entry point fails, and it has no tests.
    const { task, avatarXp } = await runTask('failed@x.io', 'code_project', 'a todo app called Glitch Tasks');
    expect(task.status).toBe('FAILED_VALIDATION');
    expect(task.validation.score).toBeLessThan(50);
    expect(task.experienceEarned).toBe(0);
    expect(avatarXp).toBe(0);
    expect(task.error).toMatch(
      /^The validator scored the work \d+\/100 \(below 50\); not passed: .*entry point server\.js/,
    );
    const v = task.verificationData;
    expect(v.reputation).toEqual([]);
    const status = await onChainStatus(v.requestHash);
    expect(status.response).toBe(task.validation.score);
    expect(keccak256((await evidenceAt(v.evidenceUrl)).bytes)).toBe(status.responseHash);
    expect(await chain.service.isExperienceAwarded(v.requestHash)).toBe(false);
  });

  it("serves a verified claim's evidence byte for byte: it hashes to the on-chain responseHash and names its check", async () => {
    const { cookie } = await signIn(t.app, { email: 'claim@x.io' });
    const avatar = (
      await t.app.inject({
        method: 'POST',
        url: '/api/avatars',
        headers: { cookie },
        payload: { name: 'CLAIMED', agentType: 'HACKER' },
      })
    ).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blockchain/verify-task',
      headers: { cookie },
      payload: { avatarId: avatar.id, taskType: 'avatar_create', taskData: {}, userWalletAddress: DEMO_WALLET_ADDRESS },
    });
    expect(res.json()).toMatchObject({ success: true });
    const key = encodeURIComponent(res.json().taskId);
    const request = await t.app.inject({ url: `/api/validation/task/${key}/request` });
    const requestHash = keccak256(Buffer.from(request.body));
    const served = await t.app.inject({ url: `/api/validation/task/${key}/response` });
    expect(served.statusCode).toBe(200);
    const status = await onChainStatus(requestHash);
    expect(keccak256(served.rawPayload)).toBe(status.responseHash);
    expect(served.json()).toMatchObject({
      requestHash,
      response: status.response,
      checks: [{ id: 'facts.checked', outcome: 'passed' }],
    });
    expect(status.response).toBe(100);
  });

  it("redirects an agent task's evidence route to its evidence file", async () => {
    const { task } = await runTask('redirect@x.io', 'farcaster_post', 'a post about our coffee launch');
    const res = await t.app.inject({ url: `/api/validation/task/${encodeURIComponent(task.taskId)}/response` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(task.verificationData.evidenceUrl);
    expect(task.validation.checks.map((c: { outcome: string }) => c.outcome)).toEqual([
      'passed',
      'passed',
      'not_checked',
    ]);
  });

  it('answers API requests while the sandbox runs a program that never ends', async () => {
    let ended = false;
    const validating = validateWork({
      taskType: 'code_project',
      request: 'a loop',
      work: {
        producer: { kind: 'embedded', model: null, provider: null },
        files: { 'index.js': 'while (true) {}\n' },
        entry: 'index.js',
      },
      model: null,
      sandbox: t.app.sandbox,
    }).then((r) => {
      ended = true;
      return r;
    });
    for (let i = 0; i < 3; i++) {
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
    }
    expect(ended).toBe(false);
    const { report } = await validating;
    expect(report.checks.find((c) => c.id === 'code.entry-runs')).toMatchObject({
      outcome: 'failed',
      evidence: expect.stringMatching(/^stopped by the sandbox: .*(CPU time|wall clock)/),
    });
  });
});

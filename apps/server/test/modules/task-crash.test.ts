/**
 * Crash safety of agent tasks on chain: a task whose process died after its ERC-8004 validation
 * request was sent is run again by the queue; the re-run computes the same requestHash (nothing
 * measured at run time is hashed), finds the request on chain and completes it — one request per
 * task, the XP counted once.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSitesServer } from '../../src/modules/tasks/sites-server';
import { taskValidationRequest } from '../../src/modules/tasks/task-recording';
import { validationRegistryAbi } from '../../src/providers/chain/abis';
import type { ChainService } from '../../src/providers/chain/chain-service';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createDiskStorage } from '../../src/providers/storage/disk';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { startTestChain } from '../helpers/chain';

let chain: ChainRuntime;
let sites: FastifyInstance;
let sitesOrigin: string;
const sitesDir = mkdtempSync(path.join(os.tmpdir(), 'sites-'));

beforeAll(async () => {
  chain = await startTestChain();
  sites = await buildSitesServer({ root: sitesDir, appOrigin: 'http://localhost:5000' });
  sitesOrigin = (await sites.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');
}, 120_000);
afterAll(async () => {
  await sites?.close();
  await chain?.close();
});

const validationsOf = async (agentId: number) =>
  (await chain.service.publicClient.readContract({
    address: chain.service.addresses.validationRegistry,
    abi: validationRegistryAbi,
    functionName: 'getAgentValidations',
    args: [BigInt(agentId)],
  })) as readonly Hex[];

/** Holds the first `validationResponse` write until `release` (the process "dies" there). */
function holdFirstResponse(service: ChainService) {
  const write = service.write.bind(service);
  let release!: (err: Error) => void;
  const gate = new Promise<never>((_, reject) => {
    release = reject;
  });
  let held = false;
  let reached!: () => void;
  const reachedP = new Promise<void>((r) => {
    reached = r;
  });
  service.write = (async (req: Parameters<ChainService['write']>[0]) => {
    if (req.functionName === 'validationResponse' && !held) {
      held = true;
      reached();
      return gate;
    }
    return write(req);
  }) as ChainService['write'];
  return { reached: reachedP, release, restore: () => (service.write = write) };
}

describe('agent task crash safety', () => {
  it('the requestHash hashes the request only, never figures measured at run time', () => {
    const row = {
      taskId: 'task:abc',
      taskType: 'deploy_website',
      inputParameters: { prompt: 'a page for Neon Beans' },
    };
    const a = taskValidationRequest(row, 7);
    const b = taskValidationRequest({ ...row }, 7);
    expect(a.requestHash).toBe(b.requestHash);
    expect(a.payload).toEqual({
      taskKey: 'task:abc',
      agentId: 7,
      taskType: 'deploy_website',
      data: { request: 'a page for Neon Beans' },
    });
    expect(JSON.stringify(a.payload)).not.toMatch(/buildTime|duration|At"/);
    expect(taskValidationRequest({ ...row, inputParameters: { prompt: 'another page' } }, 7).requestHash).not.toBe(
      a.requestHash,
    );
  });

  for (const taskType of ['deploy_website', 'code_project'] as const) {
    it(`${taskType}: a re-run after a crash mid-record completes the same request (one on chain, XP once)`, async () => {
      const t: TestApp = await createTestApp(
        { SITES_ORIGIN: sitesOrigin },
        { chain, siteStorage: createDiskStorage(sitesDir) },
      );
      const hold = holdFirstResponse(chain.service);
      try {
        const { cookie } = await signIn(t.app, { email: `crash-${taskType}@x.io` });
        const avatar = (
          await t.app.inject({
            method: 'POST',
            url: '/api/avatars',
            headers: { cookie },
            payload: { name: 'CRASH_TEST', agentType: 'HACKER' },
          })
        ).json();
        const started = (
          await t.app.inject({
            method: 'POST',
            url: `/api/avatars/${avatar.id}/tasks`,
            headers: { cookie },
            payload: { taskType, prompt: 'a python script that prints the first ten prime numbers' },
          })
        ).json();
        // The first run sent its validation request and is stuck before the response: its process died.
        await hold.reached;
        // The queue runs the job again (as it does once the dead process's heartbeat stops).
        await (t.app.tasks as unknown as { run(id: number): Promise<void> }).run(started.id);
        hold.release(new Error('the first process died'));
        await t.app.tasks.idle();

        const [task] = (await t.app.inject({ url: `/api/avatars/${avatar.id}/tasks`, headers: { cookie } })).json();
        expect(task.status).toBe('CONFIRMED');
        const agentId = task.verificationData.validationRequest.agentId as number;
        const requests = await validationsOf(agentId);
        expect(requests).toEqual([task.verificationData.requestHash]);
        expect(await chain.service.isExperienceAwarded(task.verificationData.requestHash)).toBe(true);
        const after = (await t.app.inject({ url: `/api/avatars/${avatar.id}`, headers: { cookie } })).json();
        expect(after.experiencePoints).toBe(task.experienceEarned);
      } finally {
        hold.restore();
        await t.close();
      }
    });
  }
});

/**
 * The validator's report where users look: the avatar detail's Work History
 * (GET /api/avatar-details/:id) and the wallet's verification history (GET /api/blockchain/user-history)
 * return each agent task's stored report (`verificationData.validation`) and its evidence file, a
 * FAILED_VALIDATION task is a failed job, and a missing or malformed report reads as null.
 */
import { AvatarDetailSchema } from '@app/domain/marketplace';
import type { TaskValidationReport } from '@app/domain/task-validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatars, onChainTasks, users } from '../../src/db/schema';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { startTestChain } from '../helpers/chain';

let chain: ChainRuntime;
let t: TestApp;
const WALLET = '0x00000000000000000000000000000000000a11ce';
/** Where the task runner publishes an agent task's evidence file (`verificationData.evidenceUrl`). */
const EVIDENCE_URL = `http://localhost:3000/api/assets/validation/${'5'.repeat(64)}.json`;

const passed: TaskValidationReport = {
  score: 75,
  checks: [
    { id: 'code.parses', description: 'Every file parses', outcome: 'passed', evidence: 'main.py: ok' },
    {
      id: 'code.entry-runs',
      description: 'The entry point main.py runs to exit code 0 in the sandbox',
      outcome: 'passed',
      evidence: 'exit code 0\nstdout:\n2\n3\n5\n7',
    },
    { id: 'code.tests-pass', description: "The project's own tests pass", outcome: 'passed', evidence: '3 passed' },
    {
      id: 'code.request-met',
      description: 'The request is met (acceptance test)',
      outcome: 'not_checked',
      evidence: 'no model configured to write an acceptance test',
    },
  ],
  producer: { kind: 'model', model: 'gpt-4.1', provider: 'openai' },
  artefacts: [{ path: 'main.py', sha256: 'ab'.repeat(32), bytes: 312, url: null }],
};
const failed: TaskValidationReport = {
  score: 25,
  checks: [
    { id: 'code.parses', description: 'Every file parses', outcome: 'failed', evidence: 'SyntaxError: line 3' },
    { id: 'code.entry-runs', description: 'The entry point runs', outcome: 'failed', evidence: 'exit code 1' },
    { id: 'code.tests-pass', description: 'Tests pass', outcome: 'failed', evidence: 'not run: parse error' },
    { id: 'code.readme', description: 'A README says what it is', outcome: 'passed', evidence: 'README.md' },
  ],
  producer: { kind: 'embedded', model: null, provider: null },
  artefacts: [],
};

let avatarId: number;

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({}, { chain });
  const db = t.database.db;
  const [u] = await db.insert(users).values({ email: 'v@x.io', walletAddress: WALLET }).returning();
  const [a] = await db.insert(avatars).values({ ownerId: u!.id, name: 'VALIDATED' }).returning();
  avatarId = a!.id;
  const base = {
    avatarId,
    agentType: 'HACKER',
    taskType: 'code_project',
    walletAddress: WALLET,
    userId: u!.id,
  };
  await db.insert(onChainTasks).values([
    {
      ...base,
      taskId: 'task:code-ok',
      taskDescription: 'Generate a runnable code project: primes',
      status: 'CONFIRMED',
      experienceEarned: 75,
      transactionHash: `0x${'1'.repeat(64)}`,
      verificationData: {
        requestHash: `0x${'2'.repeat(64)}`,
        evidenceUrl: EVIDENCE_URL,
        reputation: [{ score: 5, scoreType: 'code_project' }],
        validation: passed,
      },
      createdAt: new Date(Date.UTC(2026, 0, 1, 10)),
      completedAt: new Date(Date.UTC(2026, 0, 1, 10, 1)),
    },
    {
      ...base,
      taskId: 'task:code-bad',
      taskDescription: 'Generate a runnable code project: broken',
      status: 'FAILED_VALIDATION',
      transactionHash: `0x${'3'.repeat(64)}`,
      verificationData: { requestHash: `0x${'4'.repeat(64)}`, validation: failed },
      createdAt: new Date(Date.UTC(2026, 0, 2, 10)),
      completedAt: new Date(Date.UTC(2026, 0, 2, 10, 1)),
    },
    {
      ...base,
      taskId: 'task:old',
      taskType: 'skill_learn',
      taskDescription: 'Learned a skill (no validator report)',
      status: 'CONFIRMED',
      verificationData: { reputation: [{ score: 8, scoreType: 'skill' }], validation: { score: 'high' } },
      createdAt: new Date(Date.UTC(2026, 0, 3, 10)),
      completedAt: new Date(Date.UTC(2026, 0, 3, 10, 1)),
    },
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

describe('GET /api/avatar-details/:id Work History', () => {
  it("carries each agent task's report and evidence file; FAILED_VALIDATION is a failed job", async () => {
    const res = await t.app.inject({ url: `/api/avatar-details/${avatarId}` });
    expect(res.statusCode).toBe(200);
    const d = AvatarDetailSchema.parse(res.json());
    const byId = new Map(d.jobs.map((j) => [j.id, j]));
    expect([...byId.keys()]).toEqual(['task:old', 'task:code-bad', 'task:code-ok']);

    expect(byId.get('task:code-ok')).toMatchObject({
      status: 'successful',
      earnings: 75,
      validation: passed,
      evidenceUri: EVIDENCE_URL,
    });
    expect(byId.get('task:code-bad')).toMatchObject({
      status: 'failed',
      earnings: 0,
      validation: failed,
      evidenceUri: '/api/validation/task/task%3Acode-bad/response',
    });
    // A malformed stored report is not shown (and does not break the page).
    expect(byId.get('task:old')).toMatchObject({ status: 'successful', validation: null, evidenceUri: null });
    // The stats count the job the validator failed as a failed job.
    expect(d.stats).toMatchObject({ totalJobs: 3, successfulJobs: 2 });
  });
});

describe('GET /api/blockchain/user-history', () => {
  it("returns each agent task's report and evidence file, null for other records", async () => {
    const res = await t.app.inject({ url: `/api/blockchain/user-history?walletAddress=${WALLET}` });
    expect(res.statusCode).toBe(200);
    const records = res.json() as { taskId: string; status: string; validation: unknown; evidenceUri: unknown }[];
    expect(records.map((r) => [r.taskId, r.status])).toEqual([
      ['task:old', 'verified'],
      ['task:code-bad', 'failed'],
      ['task:code-ok', 'verified'],
    ]);
    expect(records[2]).toMatchObject({ validation: passed, evidenceUri: EVIDENCE_URL });
    expect(records[1]).toMatchObject({
      validation: failed,
      evidenceUri: '/api/validation/task/task%3Acode-bad/response',
    });
    expect(records[0]).toMatchObject({ validation: null, evidenceUri: null });
  });
});

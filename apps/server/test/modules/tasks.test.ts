import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onChainTasks } from '../../src/db/schema';
import { buildSitesServer } from '../../src/modules/tasks/sites-server';
import { artworkNftAbi } from '../../src/providers/chain/abis';
import type { ChainRuntime } from '../../src/providers/chain/index';
import type { ImageProvider } from '../../src/providers/images/types';
import { createProviders } from '../../src/providers/index';
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

async function appWith(images?: ImageProvider, env: Record<string, string> = {}): Promise<TestApp> {
  const base = await createTestApp(
    { SITES_ORIGIN: sitesOrigin, ...env },
    { chain, siteStorage: createDiskStorage(sitesDir) },
  );
  if (!images) return base;
  await base.app.close();
  const storage = createDiskStorage(path.join(base.dataDir, 'uploads'));
  const providers = { ...(await createProviders(base.config, storage)), images };
  return createTestApp(
    { SITES_ORIGIN: sitesOrigin, ...env },
    { chain, siteStorage: createDiskStorage(sitesDir), providers, database: base.database, storage },
  );
}

async function userWithAvatar(t: TestApp, email: string) {
  const s = await signIn(t.app, { email });
  const avatar = (
    await t.app.inject({
      method: 'POST',
      url: '/api/avatars',
      headers: { cookie: s.cookie },
      payload: { name: 'AGENT_ZERO', agentType: 'CREATOR' },
    })
  ).json();
  return { ...s, avatar };
}

const start = (t: TestApp, cookie: string, avatarId: number, taskType: string, prompt = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/avatars/${avatarId}/tasks`,
    headers: { cookie },
    payload: { taskType, prompt },
  });

const list = async (t: TestApp, cookie: string, avatarId: number) =>
  (await t.app.inject({ url: `/api/avatars/${avatarId}/tasks`, headers: { cookie } })).json();

describe('agent tasks', () => {
  it('mint_art_nft: generates, stores and mints the artwork with a real receipt, then records it', async () => {
    const t = await appWith();
    try {
      const { cookie, avatar } = await userWithAvatar(t, 'art@x.io');
      const res = await start(t, cookie, avatar.id, 'mint_art_nft', 'a neon koi pond at midnight');
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ status: 'PENDING', taskType: 'mint_art_nft' });
      await t.app.tasks.idle();
      const [task] = await list(t, cookie, avatar.id);
      expect(task).toMatchObject({ status: 'CONFIRMED', phase: 'done' });
      const v = task.verificationData;
      expect(v).toMatchObject({ contractAddress: chain.service.addresses.artworkNFT });
      expect(v.tokenId).toBeGreaterThan(0);
      expect(v.artworkUrl).toMatch(/^\/api\/assets\/art\/.+\.png$/);
      expect(v.marketplaceUrl).toContain(`/avatar/${avatar.id}`);
      const receipt = await chain.service.publicClient.getTransactionReceipt({ hash: task.transactionHash });
      expect(receipt.status).toBe('success');
      expect(receipt.to?.toLowerCase()).toBe(chain.service.addresses.artworkNFT.toLowerCase());
      const owner = await chain.service.publicClient.readContract({
        address: chain.service.addresses.artworkNFT,
        abi: artworkNftAbi,
        functionName: 'ownerOf',
        args: [BigInt(v.tokenId)],
      });
      expect(owner).toBe(chain.service.account);
      expect(await chain.service.isExperienceAwarded(v.requestHash)).toBe(true);
      expect((await t.app.inject({ url: v.artworkUrl })).headers['content-type']).toBe('image/png');
      // confirmed tasks show in the wallet's verification history
      const history = (
        await t.app.inject({ url: `/api/blockchain/user-history?walletAddress=${chain.service.account}` })
      ).json();
      expect(history.some((h: { taskId: string }) => h.taskId === task.taskId)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('deploy_website: serves the site from the other origin with a strict CSP', async () => {
    const t = await appWith();
    try {
      const { cookie, avatar } = await userWithAvatar(t, 'site@x.io');
      await start(t, cookie, avatar.id, 'deploy_website', 'build a landing page for my coffee shop called Neon Beans');
      await t.app.tasks.idle();
      const [task] = await list(t, cookie, avatar.id);
      expect(task.status).toBe('CONFIRMED');
      const v = task.verificationData;
      expect(v).toMatchObject({ framework: 'static-html', title: 'Neon Beans' });
      expect(typeof v.buildTime).toBe('number');
      expect(new URL(v.deploymentUrl).origin).toBe(sitesOrigin);
      expect(new URL(v.deploymentUrl).origin).not.toBe(t.config.appOrigin);
      const page = await fetch(v.previewUrl);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Neon Beans');
      const csp = page.headers.get('content-security-policy')!;
      expect(csp).toContain("connect-src 'none'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('frame-ancestors http://localhost:5000');
    } finally {
      await t.close();
    }
  });

  it('farcaster_post without credentials completes as a draft about the topic, with a compose link', async () => {
    const t = await appWith();
    try {
      const { cookie, avatar } = await userWithAvatar(t, 'cast@x.io');
      await start(t, cookie, avatar.id, 'farcaster_post', 'announce our first art drop');
      await t.app.tasks.idle();
      const [task] = await list(t, cookie, avatar.id);
      expect(task).toMatchObject({ status: 'CONFIRMED', phase: 'done' });
      expect(task.verificationData).toMatchObject({ published: false, platform: 'farcaster' });
      expect(task.verificationData.draft).toContain('first art drop');
      expect(task.verificationData.composeUrl).toMatch(/^https:\/\/farcaster\.xyz\/~\/compose\?text=/);
      expect(task.verificationData.draft.length).toBeLessThanOrEqual(320);
    } finally {
      await t.close();
    }
  });

  it('code_project: the download is a valid zip with a runnable project', async () => {
    const t = await appWith();
    try {
      const { cookie, avatar } = await userWithAvatar(t, 'code@x.io');
      await start(t, cookie, avatar.id, 'code_project', 'a todo app called Glitch Tasks');
      await t.app.tasks.idle();
      const [task] = await list(t, cookie, avatar.id);
      // The embedded starter is a small Node web server: the sandbox has no node:http, so its entry
      // point cannot run there, and it has no tests — the validator scores it below 50.
      expect(task.status).toBe('FAILED_VALIDATION');
      expect(task.validation.checks.find((c: { id: string }) => c.id === 'code.entry-runs')).toMatchObject({
        outcome: 'failed',
        evidence: expect.stringContaining('exit code 1'),
      });
      expect(task.experienceEarned).toBe(0);
      const dl = await t.app.inject({ url: `/api/tasks/${task.id}/download`, headers: { cookie } });
      expect(dl.headers['content-type']).toBe('application/zip');
      const zip = await JSZip.loadAsync(dl.rawPayload);
      expect(Object.keys(zip.files)).toEqual(
        expect.arrayContaining(['package.json', 'server.js', 'public/index.html', 'README.md']),
      );
      expect(JSON.parse(await zip.file('package.json')!.async('string')).scripts.start).toBe('node server.js');
      expect((await fetch(task.verificationData.previewUrl)).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('code_project in Python: its preview shows the source (no web page of its own), not a 404', async () => {
    const t = await appWith();
    try {
      const { cookie, avatar } = await userWithAvatar(t, 'pycode@x.io');
      await start(t, cookie, avatar.id, 'code_project', 'a python script that prints the first 10 fibonacci numbers');
      await t.app.tasks.idle();
      const [task] = await list(t, cookie, avatar.id);
      expect(task.verificationData.framework).toBe('python');
      const preview = await fetch(task.verificationData.previewUrl);
      expect(preview.status).toBe(200);
      const html = await preview.text();
      expect(html).toContain('main.py');
      expect(html).toContain('fibonacci');
    } finally {
      await t.close();
    }
  });

  it('image provider down: retried twice, then FAILED with the reason', async () => {
    let calls = 0;
    const broken: ImageProvider = {
      name: 'broken',
      async generate() {
        calls++;
        throw new Error('upstream 503');
      },
    };
    const t = await appWith(broken);
    try {
      const { cookie, avatar } = await userWithAvatar(t, 'down@x.io');
      await start(t, cookie, avatar.id, 'mint_art_nft');
      await t.app.tasks.idle();
      const [task] = await list(t, cookie, avatar.id);
      expect(calls).toBe(3);
      expect(task.status).toBe('FAILED');
      expect(task.error).toMatch(/after 3 attempts: upstream 503/);
    } finally {
      await t.close();
    }
  });

  it('queues beyond the per-user limit and cancels a queued task', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const real = (await createProviders((await createTestApp()).config, createDiskStorage(sitesDir))).images;
    const slow: ImageProvider = {
      name: 'slow',
      async generate(req) {
        await gate;
        return real.generate(req);
      },
    };
    const t = await appWith(slow, { TASKS_PER_USER: '1' });
    try {
      const { cookie, avatar } = await userWithAvatar(t, 'queue@x.io');
      await start(t, cookie, avatar.id, 'mint_art_nft', 'first');
      const second = (await start(t, cookie, avatar.id, 'mint_art_nft', 'second')).json();
      const cancel = await t.app.inject({ method: 'POST', url: `/api/tasks/${second.id}/cancel`, headers: { cookie } });
      expect(cancel.json()).toMatchObject({ status: 'FAILED', phase: 'cancelled', error: 'Cancelled by the user' });
      release();
      await t.app.tasks.idle();
      const tasks = await list(t, cookie, avatar.id);
      expect(tasks.find((x: { id: number }) => x.id === second.id).status).toBe('FAILED');
      expect(tasks.find((x: { id: number }) => x.id !== second.id).status).toBe('CONFIRMED');
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/tasks/${second.id}/cancel`, headers: { cookie } })).statusCode,
      ).toBe(409);
    } finally {
      await t.close();
    }
  });

  it('resumes a task a stopped server left pending', async () => {
    const first = await appWith();
    const { cookie, avatar, user } = await userWithAvatar(first, 'resume@x.io');
    await first.database.db.insert(onChainTasks).values({
      avatarId: avatar.id,
      taskId: 'task:left-behind-1',
      taskType: 'deploy_website',
      agentType: 'CREATOR',
      taskDescription: 'Build and deploy a website: left behind',
      inputParameters: { prompt: 'a page called Left Behind' },
      verificationData: { phase: 'running' },
      userId: user.id,
    });
    await first.app.close(); // keep the database: a "restart" of the server on the same data
    const second = await createTestApp(
      { SITES_ORIGIN: sitesOrigin },
      { chain, siteStorage: createDiskStorage(sitesDir), database: first.database },
    );
    try {
      await second.app.tasks.idle();
      const tasks = await list(second, cookie, avatar.id);
      expect(tasks.find((x: { taskId: string }) => x.taskId === 'task:left-behind-1')).toMatchObject({
        status: 'CONFIRMED',
      });
    } finally {
      await second.close();
    }
  });

  it('refuses other users (403), unknown types (400) and signed-out callers (401)', async () => {
    const t = await appWith();
    try {
      const a = await userWithAvatar(t, 'owner@x.io');
      const b = await signIn(t.app, { email: 'intruder@x.io' });
      expect((await start(t, b.cookie, a.avatar.id, 'deploy_website')).statusCode).toBe(403);
      expect((await start(t, a.cookie, a.avatar.id, 'format_disk')).statusCode).toBe(400);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/avatars/${a.avatar.id}/tasks`,
            payload: { taskType: 'deploy_website' },
          })
        ).statusCode,
      ).toBe(401);
    } finally {
      await t.close();
    }
  });
});

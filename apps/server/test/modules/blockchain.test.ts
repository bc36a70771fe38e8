import { DEMO_WALLET_ADDRESS } from '@app/domain/blockchain';
import { eq } from 'drizzle-orm';
import { keccak256, stringToHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  avatarEditions,
  avatarSkills,
  avatars,
  onChainTasks,
  skills,
  teamMembers,
  teams,
  trainingInteractions,
} from '../../src/db/schema';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { signInWithMintedAvatar, startTestChain } from '../helpers/chain';

let chain: ChainRuntime;
let t: TestApp;
const wallet = DEMO_WALLET_ADDRESS;

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({}, { chain });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

const verify = (cookie: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blockchain/verify-task',
    headers: { cookie },
    payload: { userWalletAddress: wallet, ...body },
  });

describe('avatar NFTs', () => {
  it('creating an avatar mints its NFT into custody with the receipt data stored', async () => {
    const { avatar } = await signInWithMintedAvatar(t, 'mint@x.io');
    expect(avatar.tokenId).toBeGreaterThan(0);
    expect(avatar.contractAddress?.toLowerCase()).toBe(chain.service.addresses.avatarNFT.toLowerCase());
    const receipt = await chain.service.publicClient.getTransactionReceipt({
      hash: avatar.mintTxHash as `0x${string}`,
    });
    expect(receipt.status).toBe('success');
    expect(await chain.service.ownerOf(avatar.tokenId!)).toBe(chain.service.account);
    const meta = await t.app.inject({ url: `/api/nft/metadata/${avatar.tokenId}` });
    expect(meta.json()).toMatchObject({ name: 'CIPHER' });
  });
});

describe('POST /api/blockchain/verify-task', () => {
  it('records a true claim on chain with its receipt and refuses it the second time', async () => {
    const { cookie, avatar } = await signInWithMintedAvatar(t, 'verify@x.io');
    const res = await verify(cookie, { avatarId: avatar.id, taskType: 'avatar_create', taskData: {} });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, taskId: `avatar_create:${avatar.id}`, reputationGained: 10 });
    const [row] = await t.database.db.select().from(onChainTasks).where(eq(onChainTasks.taskId, body.taskId));
    expect(row).toMatchObject({ status: 'CONFIRMED', transactionHash: body.transactionHash, experienceEarned: 50 });
    const receipt = await chain.service.publicClient.getTransactionReceipt({ hash: body.transactionHash });
    expect(Number(receipt.blockNumber)).toBe(row!.blockNumber);
    expect(receipt.gasUsed.toString()).toBe(row!.gasUsed);
    // ERC-8004: the platform's validation request was answered 100 and its XP awarded, once.
    const requestHash = (row!.verificationData as { requestHash: `0x${string}` }).requestHash;
    expect(await chain.service.isExperienceAwarded(requestHash)).toBe(true);
    expect(await chain.service.validationStatus(requestHash)).toMatchObject({ response: 100 });
    const served = await t.app.inject({ url: `/api/validation/task/${encodeURIComponent(body.taskId)}/request` });
    expect(served.statusCode).toBe(200);
    expect(keccak256(stringToHex(served.body))).toBe(requestHash);
    const [a] = await t.database.db.select().from(avatars).where(eq(avatars.id, avatar.id));
    expect(a!.experiencePoints).toBe(50);

    const again = await verify(cookie, { avatarId: avatar.id, taskType: 'avatar_create', taskData: {} });
    expect(again.json()).toMatchObject({ success: false });
    expect(again.json().error).toMatch(/already verified/);
    expect(await t.database.db.select().from(onChainTasks).where(eq(onChainTasks.avatarId, avatar.id))).toHaveLength(1);
  });

  it('refuses false claims and writes nothing', async () => {
    const { cookie, avatar } = await signInWithMintedAvatar(t, 'false@x.io');
    const before = await chain.service.publicClient.getBlockNumber();
    for (const claim of [
      { taskType: 'team_join', taskData: {} },
      { taskType: 'training_complete', taskData: {} },
      { taskType: 'skill_learn', taskData: { skillName: 'Solidity' } },
      { taskType: 'skill_trade', taskData: { transactionHash: `0x${'1'.repeat(64)}` } },
      { taskType: 'avatar_create', taskData: { bogus: true } },
    ]) {
      const res = await verify(cookie, { avatarId: avatar.id, ...claim });
      expect(res.json().success, claim.taskType).toBe(false);
      expect(res.json().error).toBeTruthy();
    }
    expect(await t.database.db.select().from(onChainTasks).where(eq(onChainTasks.avatarId, avatar.id))).toHaveLength(0);
    expect(await chain.service.publicClient.getBlockNumber()).toBe(before);
  });

  it('checks team_join, skill_learn and training_complete against recorded facts', async () => {
    const { cookie, user, avatar } = await signInWithMintedAvatar(t, 'facts@x.io');
    const db = t.database.db;
    const [team] = await db.insert(teams).values({ ownerId: user.id, name: 'Red Team' }).returning();
    await db.insert(teamMembers).values({ teamId: team!.id, avatarId: avatar.id, role: 'lead' });
    expect((await verify(cookie, { avatarId: avatar.id, taskType: 'team_join', taskData: {} })).json().success).toBe(
      true,
    );

    const [skill] = await db.insert(skills).values({ name: 'Fuzzing', category: 'security' }).returning();
    await db.insert(avatarSkills).values({ avatarId: avatar.id, skillId: skill!.id, proficiency: 12 });
    await db.insert(trainingInteractions).values(
      Array.from({ length: 10 }, (_, i) => ({
        avatarId: avatar.id,
        userId: user.id,
        skillId: i === 0 ? skill!.id : null,
        interactionType: 'chat',
        userInput: `lesson ${i}`,
        experienceGained: 10,
      })),
    );
    const learned = await verify(cookie, {
      avatarId: avatar.id,
      taskType: 'skill_learn',
      taskData: { skillName: 'fuzzing' },
    });
    expect(learned.json()).toMatchObject({ success: true, taskId: `skill_learn:${avatar.id}:${skill!.id}:1` });
    expect(
      (await verify(cookie, { avatarId: avatar.id, taskType: 'training_complete', taskData: {} })).json().success,
    ).toBe(true);
  });

  it("records only under the user's linked wallet or the demo address", async () => {
    const { cookie, avatar } = await signInWithMintedAvatar(t, 'spoof@x.io');
    const before = await chain.service.publicClient.getBlockNumber();
    const someoneElse = `0x${'7a'.repeat(20)}`;
    const res = await verify(cookie, {
      avatarId: avatar.id,
      taskType: 'avatar_create',
      userWalletAddress: someoneElse,
    });
    expect(res.json()).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Verifications are recorded under a wallet you have linked/),
    });
    expect(await t.database.db.select().from(onChainTasks).where(eq(onChainTasks.avatarId, avatar.id))).toHaveLength(0);
    expect(await chain.service.publicClient.getBlockNumber()).toBe(before);
    const history = await t.app.inject({ url: `/api/blockchain/user-history?walletAddress=${someoneElse}` });
    expect(history.json()).toEqual([]);
    // The same claim under the demo address is recorded.
    const demo = await verify(cookie, {
      avatarId: avatar.id,
      taskType: 'avatar_create',
      userWalletAddress: DEMO_WALLET_ADDRESS.toLowerCase(),
    });
    expect(demo.json().success).toBe(true);
  });

  it("refuses another user's avatar (403), signed-out (401) and bad bodies (400)", async () => {
    const owner = await signInWithMintedAvatar(t, 'owner@x.io');
    const other = await signIn(t.app, { email: 'other@x.io' });
    expect((await verify(other.cookie, { avatarId: owner.avatar.id, taskType: 'avatar_create' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/blockchain/verify-task', payload: {} })).statusCode).toBe(
      401,
    );
    const bad = await verify(owner.cookie, { avatarId: owner.avatar.id, taskType: 'nope' });
    expect(bad.statusCode).toBe(400);
    const badWallet = await verify(owner.cookie, { avatarId: owner.avatar.id, userWalletAddress: 'xyz' });
    expect(badWallet.statusCode).toBe(400);
  });

  it('ten concurrent verifications send ten distinct transactions', async () => {
    const s = await signIn(t.app, { email: 'burst@x.io' });
    const created: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/avatars',
        headers: { cookie: s.cookie },
        payload: { name: `BURST_${i}` },
      });
      created.push(res.json().id as number);
    }
    const results = await Promise.all(
      created.map((id) => verify(s.cookie, { avatarId: id, taskType: 'avatar_create' })),
    );
    const hashes = results.map((r) => r.json().transactionHash);
    expect(results.every((r) => r.json().success)).toBe(true);
    expect(new Set(hashes).size).toBe(10);
    // the same claim sent concurrently is recorded once
    const dup = await Promise.all(
      [0, 1, 2].map(() => verify(s.cookie, { avatarId: created[0]!, taskType: 'avatar_create' })),
    );
    expect(dup.filter((r) => r.json().success)).toHaveLength(0);
  });

  it('lists the verification records of a wallet', async () => {
    const res = await t.app.inject({ url: `/api/blockchain/user-history?walletAddress=${wallet}` });
    expect(res.statusCode).toBe(200);
    const records = res.json();
    expect(records.length).toBeGreaterThan(3);
    expect(records[0]).toMatchObject({
      status: 'verified',
      reputation: [expect.objectContaining({ scoreType: expect.any(String) })],
    });
    expect(records[0].transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await t.app.inject({ url: '/api/blockchain/user-history?walletAddress=nope' })).statusCode).toBe(400);
  });
});

describe('GET /api/blockchain/avatars/:id/verifiable-tasks', () => {
  const list = (cookie: string, avatarId: number) =>
    t.app.inject({ url: `/api/blockchain/avatars/${avatarId}/verifiable-tasks`, headers: { cookie } });
  type Listed = {
    taskType: string;
    taskData: object;
    status: string;
    reason: string | null;
    taskId: string | null;
    transactionHash: string | null;
    title: string;
  };

  it('offers what the recorded facts support, says what is missing, and every ready task verifies', async () => {
    const { cookie, user, avatar } = await signInWithMintedAvatar(t, 'finished@x.io', 'LISTED');
    const fresh = (await list(cookie, avatar.id)).json() as Listed[];
    expect(fresh.map((x) => [x.taskType, x.status])).toEqual([
      ['avatar_create', 'ready'],
      ['team_join', 'not_ready'],
      ['skill_learn', 'not_ready'],
      ['training_complete', 'not_ready'],
    ]);
    expect(fresh.find((x) => x.taskType === 'team_join')!.reason).toBe('LISTED has not joined a team');
    expect(fresh.find((x) => x.taskType === 'training_complete')!.reason).toBe(
      'LISTED needs 10 training interactions; 0 recorded',
    );

    // Facts arrive: a team, a trained skill, ten lessons and an edition bought on the marketplace.
    const db = t.database.db;
    const [team] = await db.insert(teams).values({ ownerId: user.id, name: 'Blue Team' }).returning();
    await db.insert(teamMembers).values({ teamId: team!.id, avatarId: avatar.id, role: 'scout' });
    const [skill] = await db.insert(skills).values({ name: 'Recon', category: 'security' }).returning();
    await db.insert(avatarSkills).values({ avatarId: avatar.id, skillId: skill!.id, proficiency: 23 });
    await db.insert(trainingInteractions).values(
      Array.from({ length: 10 }, (_, i) => ({
        avatarId: avatar.id,
        userId: user.id,
        skillId: skill!.id,
        interactionType: 'chat',
        userInput: `drill ${i}`,
        experienceGained: 5,
      })),
    );
    const purchaseHash = `0x${'c7'.repeat(32)}`;
    await db.insert(avatarEditions).values({
      avatarId: avatar.id,
      tokenId: 900_001,
      edition: 99,
      holderAddress: wallet,
      userId: user.id,
      source: 'marketplace',
      priceWei: '10000000000000000',
      transactionHash: purchaseHash,
    });

    const ready = ((await list(cookie, avatar.id)).json() as Listed[]).filter((x) => x.status === 'ready');
    expect(ready.map((x) => x.taskType).sort()).toEqual(
      ['avatar_create', 'marketplace_transaction', 'skill_learn', 'team_join', 'training_complete'].sort(),
    );
    expect(ready.find((x) => x.taskType === 'skill_learn')!.title).toBe('LISTED reached Recon proficiency 23');
    for (const task of ready) {
      const res = await verify(cookie, { avatarId: avatar.id, taskType: task.taskType, taskData: task.taskData });
      expect(res.json(), task.taskType).toMatchObject({ success: true, taskId: task.taskId });
    }
    const after = (await list(cookie, avatar.id)).json() as Listed[];
    for (const task of ready) {
      const now = after.find((x) => x.taskId === task.taskId)!;
      expect(now.status).toBe('verified');
      expect(now.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    }
  });

  it("refuses another user's avatar (403) and visitors (401)", async () => {
    const owner = await signInWithMintedAvatar(t, 'lister@x.io');
    const other = await signIn(t.app, { email: 'peeker@x.io' });
    expect((await list(other.cookie, owner.avatar.id)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/blockchain/avatars/${owner.avatar.id}/verifiable-tasks` })).statusCode,
    ).toBe(401);
    expect((await list(owner.cookie, 0)).statusCode).toBe(400);
  });

  it('explains refused task data in plain sentences, not schema paths', async () => {
    const { cookie, avatar } = await signInWithMintedAvatar(t, 'words@x.io', 'WORDY');
    const cases: [object, RegExp][] = [
      [
        { taskType: 'avatar_create', taskData: { bogus: 1 } },
        /^A Avatar Create claim doesn't take "bogus"\. It takes no task data/,
      ],
      [
        { taskType: 'skill_trade', taskData: { transactionHash: '0x12' } },
        /^Give the transaction hash of one of your completed trades/,
      ],
      [{ taskType: 'skill_trade', taskData: {} }, /^Give the transaction hash/],
      [{ taskType: 'team_join', taskData: { teamId: 'blue' } }, /^The team id must be a whole number/],
      [
        { taskType: 'marketplace_transaction', taskData: { transactionHash: `0x${'9'.repeat(64)}` } },
        /^No completed marketplace purchase or sale of yours is recorded under 0x99999999…9999\./,
      ],
    ];
    for (const [claim, text] of cases) {
      const res = await verify(cookie, { avatarId: avatar.id, ...claim });
      expect(res.json().success).toBe(false);
      expect(res.json().error).toMatch(text);
      expect(res.json().error).not.toMatch(/Invalid|Expected|Unrecognized|regex/i);
    }
  });
});

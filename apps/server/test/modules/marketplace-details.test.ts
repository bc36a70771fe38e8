/**
 * GET /api/avatar-details/:id: every figure derived from inserted facts — tasks,
 * training interactions, sales, editions — and 404/400 answers. PGlite and PostgreSQL.
 */
import { AvatarDetailSchema } from '@app/domain/marketplace';
import { afterEach, describe, expect, it } from 'vitest';
import {
  avatarEditions,
  avatarSkills,
  avatars,
  onChainTasks,
  skillListings,
  skills,
  skillTransactions,
  trainingInteractions,
  users,
} from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
afterEach(async () => t?.close());

const T0 = Date.UTC(2025, 5, 1, 9, 0, 0);
/** `m` minutes after T0. */
const at = (m: number) => new Date(T0 + m * 60_000);
/** `s` seconds after `d`. */
const plus = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

async function detail(id: number | string) {
  return t.app.inject({ method: 'GET', url: `/api/avatar-details/${id}` });
}

describe('GET /api/avatar-details/:id', () => {
  it('answers 404 {error} for an unknown avatar and 400 for a malformed id', async () => {
    t = await createTestApp();
    const missing = await detail(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Avatar not found' });
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await detail(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
  });

  it('shows a fresh avatar with zero figures, no jobs and no achievements (nothing is made up)', async () => {
    t = await createTestApp();
    const db = t.database.db;
    const [u] = await db.insert(users).values({ email: 'n@x.io', firstName: 'Nia' }).returning();
    const [a] = await db.insert(avatars).values({ ownerId: u!.id, name: 'NEWBORN' }).returning();
    const res = await detail(a!.id);
    expect(res.statusCode).toBe(200);
    const d = AvatarDetailSchema.parse(res.json());
    expect(d).toMatchObject({
      name: 'NEWBORN',
      priceEth: null,
      priceUsd: null,
      priceWei: null,
      verificationStatus: 'pending',
      skills: [],
      jobs: [],
      achievements: [],
      stats: {
        totalJobs: 0,
        successfulJobs: 0,
        averageRating: null,
        ratingCount: 0,
        totalEarnings: '0',
        totalEarningsUsd: '0.00',
        responseTime: null,
      },
      owner: { firstName: 'Nia', totalSales: 0, successRate: null },
      priceSource: 'ETH_USD_RATE',
      usdPerEth: '3000.00000000',
    });
  });

  it('derives stats, jobs, earnings, owner figures and achievements from recorded facts', async () => {
    t = await createTestApp({ ETH_USD_RATE: '2500' });
    const db = t.database.db;
    const [owner, buyer] = await db
      .insert(users)
      .values([
        { email: 'o@x.io', firstName: 'Ona', lastName: 'Reyes', createdAt: at(-10_000) },
        { email: 'b@x.io', firstName: 'Bo' },
      ])
      .returning();
    const [solidity] = await db
      .insert(skills)
      .values({ name: 'Solidity', category: 'technical', description: 'Contracts.', basePrice: '0.08' })
      .returning();
    const [a, other, buyersAvatar] = await db
      .insert(avatars)
      .values([
        {
          ownerId: owner!.id,
          name: 'GENESIS_HACKER',
          description: 'Audits.',
          priceEth: '0.15',
          level: 3,
          experiencePoints: 5750,
          totalInteractions: 12,
          edition: 2,
          maxEditions: 10,
          verificationStatus: 'verified',
          tokenId: 7,
          contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          featured: true,
        },
        { ownerId: owner!.id, name: 'SIDEKICK', priceEth: '0.05' },
        { ownerId: buyer!.id, name: 'BUYER_BOT' },
      ])
      .returning();
    await db
      .insert(avatarSkills)
      .values({ avatarId: a!.id, skillId: solidity!.id, proficiency: 88, acquiredAt: at(1) });

    // Tasks: 3 confirmed (responses 4 s, 6 s, 30 s), 1 failed, 1 pending; one confirmed task of another avatar.
    const task = (id: string, avatarId: number, status: string, m: number, secs: number | null, xp = 40) => ({
      avatarId,
      taskId: id,
      taskType: 'skill_learn',
      agentType: 'HACKER',
      taskDescription: `Task ${id}`,
      status,
      experienceEarned: xp,
      walletAddress: '0x1234567890abcdef1234567890abcdef12345678',
      transactionHash: status === 'CONFIRMED' ? `0x${id.padStart(64, '0')}` : null,
      verificationData: status === 'CONFIRMED' ? { reputation: [{ score: 8, scoreType: 'skill' }] } : null,
      createdAt: at(m),
      completedAt: secs === null ? null : plus(at(m), secs),
    });
    await db
      .insert(onChainTasks)
      .values([
        task('t1', a!.id, 'CONFIRMED', 10, 4),
        task('t2', a!.id, 'CONFIRMED', 20, 6),
        task('t3', a!.id, 'FAILED', 30, 2, 0),
        task('t4', a!.id, 'CONFIRMED', 40, 30),
        task('t5', a!.id, 'PENDING', 50, null),
        task('t6', other!.id, 'CONFIRMED', 60, 1),
      ]);

    // Training: ratings 5, 4, 3 (mean 4.0) and unrated chats.
    await db.insert(trainingInteractions).values(
      [5, 4, null, 3, null].map((rating, i) => ({
        avatarId: a!.id,
        userId: owner!.id,
        interactionType: 'chat',
        userInput: 'hi',
        successRating: rating,
        experienceGained: 10,
        createdAt: at(5 + i),
      })),
    );

    // Sales: two completed skill sales of this avatar's listing (0.05 + 0.03), one pending, and one
    // completed sale of another avatar's listing; editions: a custody mint and a sold one (0.15 ETH).
    const [listing, otherListing] = await db
      .insert(skillListings)
      .values([
        { sellerId: owner!.id, avatarId: a!.id, skillId: solidity!.id, price: '0.05', proficiencyLevel: 80 },
        { sellerId: owner!.id, avatarId: other!.id, skillId: solidity!.id, price: '0.5', proficiencyLevel: 80 },
      ])
      .returning();
    const sale = (hash: string, listingId: number, price: string, status: string, m: number) => ({
      buyerId: buyer!.id,
      sellerId: owner!.id,
      listingId,
      avatarId: buyersAvatar!.id,
      skillId: solidity!.id,
      price,
      transactionHash: hash,
      status,
      createdAt: at(m),
      completedAt: status === 'completed' ? plus(at(m), 3) : null,
    });
    await db
      .insert(skillTransactions)
      .values([
        sale('0xs1', listing!.id, '0.05', 'completed', 70),
        sale('0xs2', listing!.id, '0.03', 'completed', 80),
        sale('0xs3', listing!.id, '0.05', 'pending', 90),
        sale('0xs4', otherListing!.id, '0.5', 'completed', 95),
      ]);
    const edition = (n: number, source: string, priceWei: string, m: number) => ({
      avatarId: a!.id,
      tokenId: 7 + n,
      edition: n,
      holderAddress: '0xabc',
      source,
      priceWei,
      transactionHash: `0xed${n}`,
      createdAt: at(m),
    });
    await db
      .insert(avatarEditions)
      .values([edition(1, 'custody', '0', 0), edition(2, 'marketplace', '150000000000000000', 100)]);

    const res = await detail(a!.id);
    expect(res.statusCode, res.body).toBe(200);
    const d = AvatarDetailSchema.parse(res.json());

    expect(d).toMatchObject({
      id: a!.id,
      name: 'GENESIS_HACKER',
      edition: 2,
      maxEditions: 10,
      level: 3,
      experiencePoints: 5750,
      priceEth: '0.15',
      priceWei: '150000000000000000',
      priceUsd: '375.00',
      verificationStatus: 'verified',
      tokenId: 7,
      usdPerEth: '2500.00000000',
      priceSource: 'ETH_USD_RATE',
    });
    expect(d.skills).toEqual([
      {
        id: solidity!.id,
        name: 'Solidity',
        category: 'technical',
        proficiency: 88,
        description: 'Contracts.',
        priceEth: '0.05',
        priceUsd: '125.00',
        acquisitionDate: at(1).toISOString(),
        listingId: listing!.id,
      },
    ]);
    expect(d.stats).toEqual({
      totalJobs: 4, // 3 CONFIRMED + 1 FAILED; PENDING does not count, nor other avatars' tasks
      successfulJobs: 3,
      averageRating: 4, // (5 + 4 + 3) / 3
      ratingCount: 3,
      totalEarnings: '0.23', // 0.05 + 0.03 skill sales + 0.15 sold edition
      totalEarningsUsd: '575.00',
      responseTime: 6, // median of 4, 6, 30 s
    });
    // Owner: 3 completed skill sales as seller + 1 sold edition; 4 of 5 finished tasks of both avatars.
    expect(d.owner).toEqual({
      firstName: 'Ona',
      lastName: 'Reyes',
      profileImageUrl: null,
      joinedDate: at(-10_000).toISOString(),
      totalSales: 4,
      successRate: 80,
    });
    expect(d.jobs.map((j) => [j.id, j.status])).toEqual([
      ['t4', 'successful'],
      ['t3', 'failed'],
      ['t2', 'successful'],
      ['t1', 'successful'],
    ]);
    expect(d.jobs[0]).toEqual({
      id: 't4',
      title: 'Skill Learn',
      client: '0x1234...5678',
      description: 'Task t4',
      earnings: 40,
      earningsUnit: 'XP',
      rating: 8,
      completedDate: plus(at(40), 30).toISOString(),
      status: 'successful',
      transactionHash: `0x${'t4'.padStart(64, '0')}`,
      validation: null,
      evidenceUri: null,
    });
    expect(d.jobs[1]!.rating).toBeNull();
    expect(d.achievements.map((x) => [x.id, x.rarity, x.unlockedDate])).toEqual([
      ['ON_CHAIN_IDENTITY', 'common', at(0).toISOString()],
      ['FIRST_CONTACT', 'common', at(5).toISOString()],
      ['FIRST_JOB', 'common', plus(at(10), 4).toISOString()],
      ['FIRST_SALE', 'rare', plus(at(70), 3).toISOString()],
    ]);
  });

  it('is public: visitors and signed-in users get the same detail', async () => {
    t = await createTestApp();
    const db = t.database.db;
    const [u] = await db.insert(users).values({ email: 'p@x.io' }).returning();
    const [a] = await db.insert(avatars).values({ ownerId: u!.id, name: 'PUBLIC', priceEth: '1' }).returning();
    const res = await detail(a!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'PUBLIC', priceEth: '1', priceUsd: '3000.00' });
  });
});

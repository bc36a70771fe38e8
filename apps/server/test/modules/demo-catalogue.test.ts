import { levelForXp } from '@app/domain/training';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { avatarEditions, avatars, users } from '../../src/db/schema';
import { DEMO_AVATAR_COUNT, seedIfEmpty } from '../../src/db/seed';
import { completeDemoCatalogue } from '../../src/modules/demo/demo-catalogue';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { openTestDatabase } from '../helpers/app';
import { startTestChain } from '../helpers/chain';

describe('demo catalogue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  it('seeds ≥ 100 avatars with unique names and varied types, prices and levels (level by the domain rule)', async () => {
    expect(await seedIfEmpty(database.db)).toBe(true);
    const rows = await database.db.select().from(avatars);
    expect(rows.length).toBe(DEMO_AVATAR_COUNT);
    expect(rows.length).toBeGreaterThanOrEqual(100);
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.agentType))).toEqual(new Set(['HACKER', 'CREATOR', 'HUSTLER']));
    expect(new Set(rows.map((r) => r.priceEth)).size).toBeGreaterThan(30);
    expect(new Set(rows.map((r) => r.level)).size).toBeGreaterThanOrEqual(5);
    for (const r of rows) expect(r.level).toBe(levelForXp(r.experiencePoints));
    // SPEC §3 fixed names stay
    const byId = new Map(rows.map((r) => [r.id, r.name]));
    expect([byId.get(19), byId.get(20), byId.get(21)]).toEqual(['CRYPTO_HUSTLER', 'NEURAL_CREATOR', 'GENESIS_HACKER']);
    expect(await seedIfEmpty(database.db)).toBe(false);
  });
});

describe('demo avatars are minted through the same path as users’ avatars', () => {
  let database: Database;
  let chain: ChainRuntime;
  beforeAll(async () => {
    database = await openTestDatabase();
    chain = await startTestChain();
  }, 120_000);
  afterAll(async () => {
    await chain?.close();
    await database?.close();
  });

  it('draws missing portraits and mints every demo NFT; a second run has nothing left to do', async () => {
    await seedIfEmpty(database.db, { count: 24, portraitsNow: 0 });
    const drawn: number[] = [];
    const deps = {
      db: database.db,
      chain: chain.service,
      portrait: async (a: { id: number }) => {
        drawn.push(a.id);
        return `/api/assets/portraits/${a.id}.png`;
      },
    };
    expect(await completeDemoCatalogue(deps)).toBe(24);
    expect(drawn).toHaveLength(24);
    const rows = await database.db
      .select({ a: avatars })
      .from(avatars)
      .innerJoin(users, eq(users.id, avatars.ownerId))
      .where(eq(users.isDemo, true));
    for (const { a } of rows) {
      expect(a.verificationStatus).toBe('verified');
      expect(a.tokenId).not.toBeNull();
      expect(a.mintTxHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await chain.service.ownerOf(a.tokenId!)).toBe(chain.service.account);
      // the card's edition is the token's own number, as recorded from the mint.
      const editions = await database.db.select().from(avatarEditions).where(eq(avatarEditions.avatarId, a.id));
      expect(editions.map((e) => [e.tokenId, e.edition])).toEqual([[a.tokenId, a.edition]]);
      expect(a.edition).toBe(1);
    }
    expect(await completeDemoCatalogue(deps)).toBe(0);
  }, 180_000);
});

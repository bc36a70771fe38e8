/**
 * The avatar lifecycle: rename and new description (the registration file follows
 * the DB), removal with its preview (archive when anything is on chain, delete otherwise; 409 while a
 * listing is open), and MY_AVATAR_TOKENS listing what the user holds — minted, bought, received —
 * and not the editions of their series that other people bought.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarSkills, avatars, skills, trainingInteractions } from '../../src/db/schema';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { startTestChain } from '../helpers/chain';

let chain: ChainRuntime;
let t: TestApp;

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' }, { chain });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

const nextYear = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');
const CARD_OK = { number: '4242 4242 4242 4242', expiry: `12/${nextYear}`, cvv: '123' };

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

async function newAvatar(cookie: string, name: string) {
  const res = await call('POST', '/api/avatars', cookie, { name, agentType: 'CREATOR' });
  expect(res.statusCode, res.body).toBe(201);
  expect(await t.app.chainOutbox!.drain()).toBe(true);
  return (await call('GET', `/api/avatars/${res.json().id}`, cookie)).json() as { id: number; tokenId: number };
}

describe('rename and description (PATCH /api/avatars/:id)', () => {
  it('changes name and description; the registration file and the marketplace card follow', async () => {
    const owner = await signIn(t.app, { email: 'rename@x.io' });
    const a = await newAvatar(owner.cookie, 'OLD_NAME');
    await call('PATCH', `/api/avatars/${a.id}/price`, owner.cookie, { priceEth: '0.02' });
    const res = await call('PATCH', `/api/avatars/${a.id}`, owner.cookie, {
      name: '  NEW_NAME ',
      description: 'Paints neon skylines.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, name: 'NEW_NAME', description: 'Paints neon skylines.' });
    const file = (await call('GET', `/api/nft/metadata/${a.tokenId}`)).json();
    expect(file).toMatchObject({ name: 'NEW_NAME', description: 'Paints neon skylines.', active: true });
    const cards = (await call('GET', '/api/marketplace/avatars?q=NEW_NAME')).json() as { id: number; name: string }[];
    expect(cards.find((c) => c.id === a.id)?.name).toBe('NEW_NAME');
    // An empty description clears it; the name stays.
    const cleared = await call('PATCH', `/api/avatars/${a.id}`, owner.cookie, { description: '' });
    expect(cleared.json()).toMatchObject({ name: 'NEW_NAME', description: null });
  });

  it('refuses bad input (400) and other people (403), changing nothing', async () => {
    const owner = await signIn(t.app, { email: 'rename2@x.io' });
    const other = await signIn(t.app, { email: 'rename3@x.io' });
    const a = await newAvatar(owner.cookie, 'KEEP_ME');
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(61) }, { name: 'OK', tokenId: 5 }, { description: 5 }]) {
      const res = await call('PATCH', `/api/avatars/${a.id}`, owner.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PATCH', `/api/avatars/${a.id}`, other.cookie, { name: 'MINE' })).statusCode).toBe(403);
    expect((await call('PATCH', '/api/avatars/999999', owner.cookie, { name: 'GHOST' })).statusCode).toBe(404);
    expect((await call('GET', `/api/avatars/${a.id}`, owner.cookie)).json().name).toBe('KEEP_ME');
  });
});

describe('removal (GET /api/avatars/:id/removal, DELETE /api/avatars/:id)', () => {
  it('archives a minted avatar: gone from lists and the marketplace, its NFT stays on chain, file inactive', async () => {
    const owner = await signIn(t.app, { email: 'archive@x.io' });
    const a = await newAvatar(owner.cookie, 'ARCHIVE_ME');
    await call('PATCH', `/api/avatars/${a.id}/price`, owner.cookie, { priceEth: '0.05' });
    const preview = (await call('GET', `/api/avatars/${a.id}/removal`, owner.cookie)).json();
    expect(preview).toMatchObject({ action: 'archive', tokenId: a.tokenId, holder: 'custody', blockers: [] });
    expect(preview.consequences.join(' ')).toContain(`token #${a.tokenId}`);

    const res = await call('DELETE', `/api/avatars/${a.id}`, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: a.id, action: 'archive' });
    const mine = (await call('GET', '/api/avatars', owner.cookie)).json() as { id: number }[];
    expect(mine.some((x) => x.id === a.id)).toBe(false);
    expect((await call('GET', `/api/avatars/${a.id}`, owner.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/avatar-details/${a.id}`)).statusCode).toBe(404);
    const cards = (await call('GET', '/api/marketplace/avatars?q=ARCHIVE_ME')).json() as { id: number }[];
    expect(cards.some((c) => c.id === a.id)).toBe(false);
    expect((await call('GET', `/api/nft/metadata/${a.tokenId}`)).json()).toMatchObject({ active: false });
    expect(await chain.service.ownerOf(a.tokenId)).toBe(chain.service.account);
    const [row] = await t.database.db.select().from(avatars).where(eq(avatars.id, a.id));
    expect(row).toMatchObject({ isActive: false, priceEth: null });
    expect((await call('DELETE', `/api/avatars/${a.id}`, owner.cookie)).statusCode).toBe(404);
  });

  it('refuses (409) while a skill listing is open, and changes nothing', async () => {
    const owner = await signIn(t.app, { email: 'blocked@x.io' });
    const a = await newAvatar(owner.cookie, 'LISTED_ONE');
    const db = t.database.db;
    const [skill] = await db.insert(skills).values({ name: 'Lifecycle Testing', category: 'technical' }).returning();
    await db.insert(avatarSkills).values({ avatarId: a.id, skillId: skill!.id, proficiency: 60 });
    const listing = await call('POST', '/api/skill-listings', owner.cookie, {
      avatarId: a.id,
      skillId: skill!.id,
      priceEth: '0.03',
      proficiencyLevel: 50,
    });
    expect(listing.statusCode, listing.body).toBe(201);
    const preview = (await call('GET', `/api/avatars/${a.id}/removal`, owner.cookie)).json();
    expect(preview.blockers).toEqual(['Cancel its 1 active skill listing on SELL first.']);
    const refused = await call('DELETE', `/api/avatars/${a.id}`, owner.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Cancel its 1 active skill listing on SELL first.');
    expect((await call('GET', `/api/avatars/${a.id}`, owner.cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/skill-listings/${listing.json().id}`, owner.cookie)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/avatars/${a.id}`, owner.cookie)).json()).toEqual({
      id: a.id,
      action: 'archive',
    });
  });

  it("refuses another user's avatar (403) and visitors (401)", async () => {
    const owner = await signIn(t.app, { email: 'owner.rm@x.io' });
    const other = await signIn(t.app, { email: 'other.rm@x.io' });
    const a = await newAvatar(owner.cookie, 'NOT_YOURS');
    expect((await call('GET', `/api/avatars/${a.id}/removal`, other.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/avatars/${a.id}`, other.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/avatars/${a.id}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/avatars/${a.id}`, owner.cookie)).statusCode).toBe(200);
  });
});

describe('removal without a chain', () => {
  it('deletes an avatar nothing of which reached a chain, with its history', async () => {
    const offline = await createTestApp({ CHAIN: 'none' });
    try {
      const s = await signIn(offline.app, { email: 'offline@x.io' });
      const created = await offline.app.inject({
        method: 'POST',
        url: '/api/avatars',
        headers: { cookie: s.cookie },
        payload: { name: 'NEVER_MINTED' },
      });
      const id = created.json().id as number;
      await offline.database.db
        .insert(trainingInteractions)
        .values({ avatarId: id, userId: s.user.id, interactionType: 'chat', userInput: 'hello', experienceGained: 5 });
      const preview = await offline.app.inject({ url: `/api/avatars/${id}/removal`, headers: { cookie: s.cookie } });
      expect(preview.json()).toMatchObject({ action: 'delete', tokenId: null, holder: 'none', blockers: [] });
      const res = await offline.app.inject({
        method: 'DELETE',
        url: `/api/avatars/${id}`,
        headers: { cookie: s.cookie },
      });
      expect(res.json()).toEqual({ id, action: 'delete' });
      expect(await offline.database.db.select().from(avatars).where(eq(avatars.id, id))).toEqual([]);
      expect(
        await offline.database.db.select().from(trainingInteractions).where(eq(trainingInteractions.avatarId, id)),
      ).toEqual([]);
    } finally {
      await offline.close();
    }
  });
});

describe('MY_AVATAR_TOKENS (GET /api/nft/tokens)', () => {
  it("lists what the user holds: the creator's own token, the buyer's bought edition, not each other's", async () => {
    const creator = await signIn(t.app, { email: 'tokens.creator@x.io' });
    const buyer = await signIn(t.app, { email: 'tokens.buyer@x.io' });
    const series = await newAvatar(creator.cookie, 'TOKEN_SERIES');
    await call('PATCH', `/api/avatars/${series.id}/price`, creator.cookie, { priceEth: '0.01' });
    const bought = await call('POST', '/api/purchase-avatar', buyer.cookie, {
      avatarId: series.id,
      paymentMethod: 'card',
      card: CARD_OK,
      idempotencyKey: `tokens-${Date.now()}`,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const { tokenId: boughtToken, edition } = bought.json() as { tokenId: number; edition: number };

    type Token = { tokenId: number; avatarId: number; source: string; edition: number; inCustody: boolean };
    const creatorTokens = (await call('GET', '/api/nft/tokens', creator.cookie)).json() as Token[];
    expect(creatorTokens.map((x) => [x.tokenId, x.source, x.avatarId])).toEqual([
      [series.tokenId, 'minted', series.id],
    ]);

    const buyerTokens = (await call('GET', '/api/nft/tokens', buyer.cookie)).json() as Token[];
    expect(buyerTokens).toHaveLength(1);
    const copy = (await call('GET', '/api/avatars', buyer.cookie)).json() as { id: number; tokenId: number }[];
    expect(buyerTokens[0]).toMatchObject({ tokenId: boughtToken, source: 'bought', edition, inCustody: true });
    expect(buyerTokens[0]!.avatarId).toBe(copy.find((c) => c.tokenId === boughtToken)!.id);

    // The buyer acts on their token; the creator no longer can (it is not theirs).
    const task = await call('POST', '/api/nft/tasks', creator.cookie, {
      tokenId: boughtToken,
      taskType: 'avatar_create',
      experiencePoints: 50,
    });
    expect(task.statusCode).toBe(403);
  });
});

import { DEFAULT_CAPABILITIES, DEFAULT_PERSONALITY_TRAITS } from '@app/domain/avatar';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { avatarSkills, avatars, skills } from '../../src/db/schema';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

let t: TestApp;
afterEach(async () => t?.close());

/** POST /api/avatars as the holder of `cookie`. */
const create = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/avatars', headers: cookie ? { cookie } : {}, payload: payload as object });

describe('POST /api/avatars', () => {
  it('creates an avatar owned by the signed-in user with the SPEC §9 defaults and a PNG portrait', async () => {
    t = await createTestApp();
    const { cookie, user } = await signIn(t.app, { email: 'maker@x.io' });
    const res = await create(cookie, { name: '  Nova  ', description: 'Paints neon dreams' });
    expect(res.statusCode).toBe(201);
    const avatar = res.json();
    expect(avatar).toMatchObject({
      ownerId: user.id,
      name: 'Nova',
      description: 'Paints neon dreams',
      agentType: 'CREATOR',
      personalityTraits: [...DEFAULT_PERSONALITY_TRAITS],
      capabilities: DEFAULT_CAPABILITIES.CREATOR,
      level: 1,
      experiencePoints: 0,
      totalInteractions: 0,
      delegationStatus: 'NONE',
      isActive: true,
      skills: [],
    });
    expect(avatar.id).toBeTypeOf('number');
    // The default appearance: a deterministic portrait stored and served from /api/assets.
    expect(avatar.thumbnailUrl).toMatch(/^\/api\/assets\/portraits\/.+\.webp$/);
    expect(avatar.imageUrl).toBe(avatar.thumbnailUrl);
    const img = await t.app.inject({ url: avatar.thumbnailUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeGreaterThan(0);
  });

  it('takes the agent type, traits and an optional description (BEYOND: type and traits)', async () => {
    t = await createTestApp();
    const { cookie } = await signIn(t.app, { email: 'types@x.io' });
    const hacker = await create(cookie, { name: 'Zero', agentType: 'HACKER', personalityTraits: ['sly', 'precise'] });
    expect(hacker.statusCode).toBe(201);
    expect(hacker.json()).toMatchObject({
      agentType: 'HACKER',
      personalityTraits: ['sly', 'precise'],
      description: null,
      capabilities: DEFAULT_CAPABILITIES.HACKER,
    });
    const hustler = await create(cookie, { name: 'Deal', description: '', agentType: 'HUSTLER' });
    expect(hustler.statusCode).toBe(201);
    expect(hustler.json().agentType).toBe('HUSTLER');
  });

  it("answers 400 with issues and 'Avatar name is required' for a missing or blank name, storing nothing", async () => {
    t = await createTestApp();
    const { cookie } = await signIn(t.app, { email: 'bad@x.io' });
    for (const payload of [{ name: '   ' }, { description: 'no name' }, { name: '' }]) {
      const res = await create(cookie, payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error).toBe('Invalid request');
      expect(body.issues).toEqual(
        expect.arrayContaining([expect.objectContaining({ message: 'Avatar name is required' })]),
      );
    }
    const badType = await create(cookie, { name: 'X', agentType: 'WIZARD' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().issues.length).toBeGreaterThan(0);
    const tooLong = await create(cookie, { name: 'x'.repeat(61) });
    expect(tooLong.statusCode).toBe(400);
    expect(await t.database.db.select().from(avatars)).toHaveLength(0);
  });

  it('is 401 signed out and refuses a cross-site write', async () => {
    t = await createTestApp();
    const res = await create(undefined, { name: 'Ghost' });
    expect(res.statusCode).toBe(401);
    const { cookie } = await signIn(t.app, { email: 'csrf-av@x.io' });
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/avatars',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { name: 'Evil' },
    });
    expect(cross.statusCode).toBe(403);
    expect(await t.database.db.select().from(avatars)).toHaveLength(0);
  });
});

describe('GET /api/avatars and /api/avatars/:id', () => {
  it("lists only the user's own avatars, oldest first; one avatar is 403 for others and 404 when unknown", async () => {
    t = await createTestApp();
    const alice = await signIn(t.app, { email: 'alice@x.io' });
    const bob = await signIn(t.app, { email: 'bob@x.io' });
    const a1 = (await create(alice.cookie, { name: 'A-One' })).json();
    const a2 = (await create(alice.cookie, { name: 'A-Two', agentType: 'HACKER' })).json();
    const b1 = (await create(bob.cookie, { name: 'B-One' })).json();

    const mine = await t.app.inject({ url: '/api/avatars', headers: { cookie: alice.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((a: { name: string }) => a.name)).toEqual(['A-One', 'A-Two']);
    const theirs = await t.app.inject({ url: '/api/avatars', headers: { cookie: bob.cookie } });
    expect(theirs.json().map((a: { id: number }) => a.id)).toEqual([b1.id]);

    const one = await t.app.inject({ url: `/api/avatars/${a2.id}`, headers: { cookie: alice.cookie } });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: a2.id, name: 'A-Two', agentType: 'HACKER', skills: [] });

    const foreign = await t.app.inject({ url: `/api/avatars/${a1.id}`, headers: { cookie: bob.cookie } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBeTruthy();
    const unknown = await t.app.inject({ url: '/api/avatars/999999', headers: { cookie: alice.cookie } });
    expect(unknown.statusCode).toBe(404);
    const badId = await t.app.inject({ url: '/api/avatars/abc', headers: { cookie: alice.cookie } });
    expect(badId.statusCode).toBe(400);
  });

  it('is 401 signed out', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ url: '/api/avatars' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/avatars/1' })).statusCode).toBe(401);
  });

  it('returns skills joined with proficiency, highest first', async () => {
    t = await createTestApp();
    const { cookie } = await signIn(t.app, { email: 'skills@x.io' });
    const a = (await create(cookie, { name: 'Skilled', agentType: 'HACKER' })).json();
    const { db } = t.database;
    const [sol, defi] = await db
      .insert(skills)
      .values([
        { name: 'Solidity', category: 'technical' },
        { name: 'DeFi Protocols', category: 'analytical' },
      ])
      .returning();
    await db.insert(avatarSkills).values([
      { avatarId: a.id, skillId: sol!.id, proficiency: 40 },
      { avatarId: a.id, skillId: defi!.id, proficiency: 75 },
    ]);
    const res = await t.app.inject({ url: `/api/avatars/${a.id}`, headers: { cookie } });
    expect(res.json().skills).toEqual([
      { id: defi!.id, name: 'DeFi Protocols', category: 'analytical', proficiency: 75 },
      { id: sol!.id, name: 'Solidity', category: 'technical', proficiency: 40 },
    ]);
    const [row] = await db.select().from(avatars).where(eq(avatars.id, a.id));
    expect(row?.name).toBe('Skilled');
  });
});

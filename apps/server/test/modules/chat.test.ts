import type { AgentType } from '@app/domain/avatar';
import { DAILY_CHAT_XP_CAP, XP_PER_LEVEL } from '@app/domain/training';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { avatarSkills, avatars, skills, trainingInteractions } from '../../src/db/schema';
import { type ChatProvider, ChatProviderError } from '../../src/providers/ai/types';
import { ProceduralImageProvider } from '../../src/providers/images/procedural';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

let t: TestApp;
afterEach(async () => t?.close());

interface Session {
  cookie: string;
  user: { id: string };
}

async function newAvatar(s: Session, body: { name: string; agentType?: AgentType; description?: string }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/avatars', headers: { cookie: s.cookie }, payload: body });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string; agentType: AgentType };
}

const enhanced = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/avatar/enhanced-chat', headers: cookie ? { cookie } : {}, payload });

const chat = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/avatar/chat', headers: cookie ? { cookie } : {}, payload });

/** SPEC §7 enhanced-chat body as the dashboard sends it. */
const dashboardBody = (avatarId: number, message: string) => ({
  avatarId: String(avatarId),
  message,
  context: { currentLevel: 1, skills: [], conversationHistory: [] },
});

/** Parses a server-sent-events body into its JSON events. */
function sseEvents(body: string): { type: string; [k: string]: unknown }[] {
  return body
    .split('\n\n')
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      expect(block.startsWith('data: ')).toBe(true);
      return JSON.parse(block.slice('data: '.length));
    });
}

async function avatarRow(id: number) {
  const [row] = await t.database.db.select().from(avatars).where(eq(avatars.id, id));
  return row!;
}

describe('POST /api/avatar/enhanced-chat (embedded persona engine)', () => {
  it('answers in character for all three types, using the avatar name, with distinct voices', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'voices@x.io' });
    const replies: Record<string, string> = {};
    for (const [name, agentType] of [
      ['ZeroCool', 'HACKER'],
      ['Aurora', 'CREATOR'],
      ['Goldfinch', 'HUSTLER'],
    ] as const) {
      const a = await newAvatar(s, { name, agentType });
      const res = await enhanced(s.cookie, dashboardBody(a.id, 'hello there'));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      // HUSTLER shouts its own name in capitals; the name is there either way.
      expect(body.response.toLowerCase()).toContain(name.toLowerCase());
      expect(Array.isArray(body.images)).toBe(true);
      expect(Array.isArray(body.actions)).toBe(true);
      expect(body.avatar).toMatchObject({ id: a.id, level: 1, totalInteractions: 1 });
      replies[agentType] = body.response.replace(new RegExp(name, 'gi'), 'NAME');
    }
    expect(new Set(Object.values(replies)).size).toBe(3);
  });

  it('turns "make me some art" into an image (PNG served from /api/assets) and art actions', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'art@x.io' });
    const a = await newAvatar(s, { name: 'Pixel', agentType: 'CREATOR' });
    const res = await enhanced(s.cookie, dashboardBody(a.id, 'make me some art of a neon city at night'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.actions).toEqual(expect.arrayContaining(['generate_image', 'mint_art_nft']));
    // The suggestion carries the resolved prompt that the task will use.
    expect(body.taskSuggestion).toEqual({
      platform: 'Base',
      action: 'mint_art_nft',
      xpReward: 50,
      prompt: expect.stringContaining('neon city'),
    });
    expect(body.images).toHaveLength(1);
    const [image] = body.images;
    expect(image).toMatchObject({ style: 'digital_art' });
    expect(image.prompt).toMatch(/neon city/i);
    expect(image.revisedPrompt).toBeTruthy();
    expect(image.url).toMatch(/^\/api\/assets\/art\/.+\.png$/);
    const png = await t.app.inject({ url: image.url });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).format).toBe('png');
  });

  it('maps intents to actions: website → deploy_website, social → farcaster_post, market → marketplace', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'intents@x.io' });
    const a = await newAvatar(s, { name: 'Rook', agentType: 'HACKER' });
    const site = (await enhanced(s.cookie, dashboardBody(a.id, 'build and deploy a website for my band'))).json();
    expect(site.actions).toContain('deploy_website');
    expect(site.images).toEqual([]);
    const post = (await enhanced(s.cookie, dashboardBody(a.id, 'write a post about my launch on farcaster'))).json();
    expect(post.actions).toContain('farcaster_post');
    const market = (await enhanced(s.cookie, dashboardBody(a.id, 'what are skill prices on the marketplace?'))).json();
    expect(market.actions).toEqual(expect.arrayContaining(['view_marketplace']));
  });

  it('refuses another user’s avatar (403), an unknown one (404), signed-out (401) and bad bodies (400)', async () => {
    t = await createTestApp();
    const owner = await signIn(t.app, { email: 'owner@x.io' });
    const other = await signIn(t.app, { email: 'other@x.io' });
    const a = await newAvatar(owner, { name: 'Mine' });
    expect((await enhanced(other.cookie, dashboardBody(a.id, 'hi'))).statusCode).toBe(403);
    expect((await chat(other.cookie, { avatarId: a.id, message: 'hi' })).statusCode).toBe(403);
    expect((await enhanced(owner.cookie, dashboardBody(987654, 'hi'))).statusCode).toBe(404);
    expect((await enhanced(undefined, dashboardBody(a.id, 'hi'))).statusCode).toBe(401);
    const blank = await enhanced(owner.cookie, dashboardBody(a.id, '   '));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues.length).toBeGreaterThan(0);
    expect((await enhanced(owner.cookie, { avatarId: 'abc', message: 'hi' })).statusCode).toBe(400);
    // Nothing was trained by the refused calls.
    expect(await t.database.db.select().from(trainingInteractions)).toHaveLength(0);
    expect((await avatarRow(a.id)).totalInteractions).toBe(0);
  });
});

describe('POST /api/avatar/chat (avatar chat page)', () => {
  it('answers {response, taskSuggestion} in character for all three types', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'page@x.io' });
    for (const [name, agentType, action] of [
      ['Cipher', 'HACKER', 'deploy_website'],
      ['Muse', 'CREATOR', 'mint_art_nft'],
      ['Broker', 'HUSTLER', 'farcaster_post'],
    ] as const) {
      const a = await newAvatar(s, { name, agentType });
      const res = await chat(s.cookie, {
        avatarId: a.id,
        message: 'hey, what can you do?',
        context: { currentLevel: 1, skills: [] },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.response.toLowerCase()).toContain(name.toLowerCase());
      // The type's signature task (intent-routing.ts SIGNATURE_ACTION).
      expect(body.taskSuggestion).toMatchObject({ action });
      expect(body.taskSuggestion.xpReward).toBeGreaterThan(0);
      expect(body.taskSuggestion.platform).toBeTruthy();
    }
  });

  it('accepts avatarId as a number or a numeric string and 404s an unknown avatar', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'ids@x.io' });
    const a = await newAvatar(s, { name: 'Ids' });
    expect((await chat(s.cookie, { avatarId: String(a.id), message: 'hello' })).statusCode).toBe(200);
    expect((await chat(s.cookie, { avatarId: 424242, message: 'hello' })).statusCode).toBe(404);
    expect((await chat(undefined, { avatarId: a.id, message: 'hello' })).statusCode).toBe(401);
  });
});

describe('training from chat', () => {
  it('raises XP, level and totalInteractions and writes training_interactions rows', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'train@x.io' });
    const a = await newAvatar(s, { name: 'Trainee', agentType: 'HACKER' });
    const first = (await enhanced(s.cookie, dashboardBody(a.id, 'hello'))).json();
    expect(first.avatar.experiencePoints).toBeGreaterThan(0);
    expect(first.avatar.totalInteractions).toBe(1);
    const second = (await chat(s.cookie, { avatarId: a.id, message: 'deploy a website for my shop' })).json();
    expect(second.avatar.experiencePoints).toBeGreaterThan(first.avatar.experiencePoints);
    expect(second.avatar.totalInteractions).toBe(2);

    const rows = await t.database.db
      .select()
      .from(trainingInteractions)
      .where(eq(trainingInteractions.avatarId, a.id))
      .orderBy(trainingInteractions.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ interactionType: 'chat', userInput: 'hello', userId: s.user.id });
    expect(rows[0]!.avatarResponse).toBe(first.response);
    expect(rows[1]!.userInput).toBe('deploy a website for my shop');
    const gained = rows.reduce((sum, r) => sum + r.experienceGained, 0);
    const stored = await avatarRow(a.id);
    expect(stored.experiencePoints).toBe(gained);
    expect(stored.totalInteractions).toBe(2);

    // Crossing a 2,500-XP cycle raises the level (SPEC §2 progress cycle; domain levelForXp).
    await t.database.db
      .update(avatars)
      .set({ experiencePoints: XP_PER_LEVEL - 1 })
      .where(eq(avatars.id, a.id));
    const up = (await enhanced(s.cookie, dashboardBody(a.id, 'hello again'))).json();
    expect(up.avatar.level).toBe(2);
    expect((await avatarRow(a.id)).level).toBe(2);
  });

  it('stops granting XP at the daily cap but still counts the interaction', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'cap@x.io' });
    const a = await newAvatar(s, { name: 'Capped' });
    // Earlier today the avatar already earned all but 3 XP of the cap.
    await t.database.db.insert(trainingInteractions).values({
      avatarId: a.id,
      userId: s.user.id,
      interactionType: 'chat',
      userInput: 'earlier',
      avatarResponse: 'earlier reply',
      experienceGained: DAILY_CHAT_XP_CAP - 3,
    });
    await t.database.db
      .update(avatars)
      .set({ experiencePoints: DAILY_CHAT_XP_CAP - 3 })
      .where(eq(avatars.id, a.id));
    const one = (await enhanced(s.cookie, dashboardBody(a.id, 'hello'))).json();
    expect(one.avatar.experiencePoints).toBe(DAILY_CHAT_XP_CAP);
    const two = (await enhanced(s.cookie, dashboardBody(a.id, 'make me some art'))).json();
    expect(two.avatar.experiencePoints).toBe(DAILY_CHAT_XP_CAP);
    expect(two.avatar.totalInteractions).toBe(2);
    const rows = await t.database.db.select().from(trainingInteractions).where(eq(trainingInteractions.avatarId, a.id));
    expect(rows.map((r) => r.experienceGained).sort((x, y) => x - y)).toEqual([0, 3, DAILY_CHAT_XP_CAP - 3]);
  });

  it('raises the proficiency of a skill the user practises and links it to the interaction', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'skill@x.io' });
    const a = await newAvatar(s, { name: 'Coder', agentType: 'HACKER' });
    const [sol] = await t.database.db.insert(skills).values({ name: 'Solidity', category: 'technical' }).returning();
    await t.database.db.insert(avatarSkills).values({ avatarId: a.id, skillId: sol!.id, proficiency: 10 });
    const res = await enhanced(s.cookie, dashboardBody(a.id, "let's practise Solidity today"));
    expect(res.statusCode).toBe(200);
    const [as] = await t.database.db.select().from(avatarSkills).where(eq(avatarSkills.avatarId, a.id));
    expect(as!.proficiency).toBeGreaterThan(10);
    expect(as!.lastUsed).not.toBeNull();
    const [row] = await t.database.db
      .select()
      .from(trainingInteractions)
      .where(eq(trainingInteractions.avatarId, a.id));
    expect(row!.skillId).toBe(sol!.id);
    const page = await t.app.inject({ url: `/api/avatars/${a.id}`, headers: { cookie: s.cookie } });
    expect(page.json().skills[0]).toMatchObject({ name: 'Solidity', proficiency: as!.proficiency });
  });
});

describe('learning a new skill', () => {
  it('counts team chat against the same daily cap', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'teamcap@x.io' });
    const a = await newAvatar(s, { name: 'Teamed' });
    await t.database.db.insert(trainingInteractions).values({
      avatarId: a.id,
      userId: s.user.id,
      interactionType: 'team_chat',
      userInput: 'team earlier',
      avatarResponse: 'reply',
      experienceGained: DAILY_CHAT_XP_CAP,
    });
    const res = (await enhanced(s.cookie, dashboardBody(a.id, 'hello'))).json();
    expect(res.avatar.experiencePoints).toBe(0);
  });

  it('adds a skill the avatar did not have, then raises it with practice; not past the daily cap', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'learn@x.io' });
    const a = await newAvatar(s, { name: 'Student', agentType: 'HACKER' });
    const first = await chat(s.cookie, { avatarId: a.id, message: 'learn rust programming' });
    expect(first.statusCode).toBe(200);
    const after = (await t.app.inject({ url: `/api/avatars/${a.id}`, headers: { cookie: s.cookie } })).json();
    expect(after.skills).toEqual([expect.objectContaining({ name: 'Rust Programming', proficiency: 6 })]);
    const [row] = await t.database.db
      .select()
      .from(trainingInteractions)
      .where(eq(trainingInteractions.avatarId, a.id));
    expect(row!.skillId).toBe(after.skills[0].id);

    await chat(s.cookie, { avatarId: a.id, message: "let's practise rust programming again" });
    const again = (await t.app.inject({ url: `/api/avatars/${a.id}`, headers: { cookie: s.cookie } })).json();
    expect(again.skills).toHaveLength(1);
    expect(again.skills[0].proficiency).toBeGreaterThan(6);

    // Another avatar learning the same skill shares the skills row.
    const b = await newAvatar(s, { name: 'Peer', agentType: 'CREATOR' });
    await chat(s.cookie, { avatarId: b.id, message: 'learn Rust Programming' });
    expect(await t.database.db.select().from(skills)).toHaveLength(1);

    // At the daily cap nothing is learned.
    const c = await newAvatar(s, { name: 'Tired', agentType: 'HUSTLER' });
    await t.database.db.insert(trainingInteractions).values({
      avatarId: c.id,
      userId: s.user.id,
      interactionType: 'chat',
      userInput: 'earlier',
      experienceGained: DAILY_CHAT_XP_CAP,
    });
    await chat(s.cookie, { avatarId: c.id, message: 'learn origami folding' });
    const tired = (await t.app.inject({ url: `/api/avatars/${c.id}`, headers: { cookie: s.cookie } })).json();
    expect(tired.skills).toEqual([]);
  });
});

describe('POST /api/avatar/chat/stream', () => {
  it('emits text deltas, then one final event with the reply, actions, images and the trained avatar', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'stream@x.io' });
    const a = await newAvatar(s, { name: 'Streamer', agentType: 'CREATOR' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/avatar/chat/stream',
      headers: { cookie: s.cookie },
      payload: { avatarId: a.id, message: 'make me some art of a glowing fox' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = sseEvents(res.body);
    const deltas = events.filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    const final = events.at(-1)!;
    expect(final.type).toBe('final');
    expect(events.filter((e) => e.type === 'final')).toHaveLength(1);
    expect(deltas.map((d) => d.text).join('')).toBe(final.response);
    expect(final.response).toContain('Streamer');
    expect(final.actions).toEqual(expect.arrayContaining(['generate_image']));
    expect((final.images as { url: string }[])[0]!.url).toMatch(/^\/api\/assets\/art\/.+\.png$/);
    expect(final.avatar).toMatchObject({ id: a.id, totalInteractions: 1 });
    expect(await t.database.db.select().from(trainingInteractions)).toHaveLength(1);
  });

  it('answers 403/404/401/400 as JSON before streaming', async () => {
    t = await createTestApp();
    const owner = await signIn(t.app, { email: 'so@x.io' });
    const other = await signIn(t.app, { email: 'sx@x.io' });
    const a = await newAvatar(owner, { name: 'Private' });
    const post = (cookie: string | undefined, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/avatar/chat/stream', headers: cookie ? { cookie } : {}, payload });
    const forbidden = await post(other.cookie, { avatarId: a.id, message: 'hi' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toBeTruthy();
    expect((await post(owner.cookie, { avatarId: 99999, message: 'hi' })).statusCode).toBe(404);
    expect((await post(undefined, { avatarId: a.id, message: 'hi' })).statusCode).toBe(401);
    expect((await post(owner.cookie, { avatarId: a.id, message: '' })).statusCode).toBe(400);
  });
});

describe('a failing chat provider', () => {
  it('answers 502 with a clear JSON error, streams an error event, and never trains', async () => {
    const failing: ChatProvider = {
      name: 'broken-model',
      async reply() {
        throw new ChatProviderError('broken-model', 'HTTP 500');
      },
      // biome-ignore lint/correctness/useYield: the provider fails before its first event.
      async *stream() {
        throw new ChatProviderError('broken-model', 'HTTP 500');
      },
    };
    t = await createTestApp({}, { providers: { chat: failing, images: new ProceduralImageProvider() } });
    const s = await signIn(t.app, { email: 'fail@x.io' });
    const a = await newAvatar(s, { name: 'Offline' });
    const res = await enhanced(s.cookie, dashboardBody(a.id, 'hello'));
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/broken-model/);
    expect((await chat(s.cookie, { avatarId: a.id, message: 'hello' })).statusCode).toBe(502);
    const stream = await t.app.inject({
      method: 'POST',
      url: '/api/avatar/chat/stream',
      headers: { cookie: s.cookie },
      payload: { avatarId: a.id, message: 'hello' },
    });
    expect(sseEvents(stream.body)).toEqual([{ type: 'error', error: expect.stringMatching(/broken-model/) }]);
    expect(await t.database.db.select().from(trainingInteractions)).toHaveLength(0);
  });
});

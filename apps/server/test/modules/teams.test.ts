import type { AgentType } from '@app/domain/avatar';
import { TEAM_CHAT_INTERACTION_TYPE, TEAM_MAX_MEMBERS, type Team, type TeamChatResponse } from '@app/domain/teams';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { avatars, teamMembers, trainingInteractions } from '../../src/db/schema';
import { selectMembershipsOfAvatar } from '../../src/modules/teams/teams-repository';
import { createPersonaProvider } from '../../src/providers/ai/persona/persona-provider';
import type { ChatProvider, ChatRequest } from '../../src/providers/ai/types';
import { ProceduralImageProvider } from '../../src/providers/images/procedural';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

let t: TestApp;
afterEach(async () => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One request as the signed-in user (or signed out without a cookie). */
const call = (cookie: string | undefined, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function newAvatar(cookie: string, name: string, agentType: AgentType = 'CREATOR') {
  const res = await call(cookie, 'POST', '/api/avatars', { name, agentType });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string };
}

async function newTeam(cookie: string, name = 'Night Shift', description?: string): Promise<Team> {
  const res = await call(cookie, 'POST', '/api/teams', { name, description });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function addMember(cookie: string, teamId: number, avatarId: number, role: string) {
  return call(cookie, 'POST', `/api/teams/${teamId}/members`, { avatarId, role });
}

async function listTeams(cookie: string): Promise<Team[]> {
  const res = await call(cookie, 'GET', '/api/teams');
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('teams CRUD', () => {
  it('is 401 signed out', async () => {
    t = await createTestApp();
    expect((await call(undefined, 'GET', '/api/teams')).statusCode).toBe(401);
    expect((await call(undefined, 'POST', '/api/teams', { name: 'X' })).statusCode).toBe(401);
  });

  it('creates, lists, edits and deletes a team', async () => {
    t = await createTestApp();
    const { cookie, user } = await signIn(t.app, { email: 'owner@x.io' });
    expect(await listTeams(cookie)).toEqual([]);

    const team = await newTeam(cookie, '  Night Shift ');
    expect(team).toMatchObject({
      ownerId: user.id,
      name: 'Night Shift',
      description: null,
      isActive: true,
      members: [],
    });
    const second = await newTeam(cookie, 'Day Shift', 'Daylight ops');
    expect(second.description).toBe('Daylight ops');
    expect((await listTeams(cookie)).map((x) => x.name)).toEqual(['Night Shift', 'Day Shift']);

    const edited = await call(cookie, 'PATCH', `/api/teams/${team.id}`, {
      name: 'Graveyard Shift',
      description: 'After midnight',
      isActive: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: team.id,
      name: 'Graveyard Shift',
      description: 'After midnight',
      isActive: false,
    });
    const cleared = await call(cookie, 'PATCH', `/api/teams/${team.id}`, { description: '' });
    expect(cleared.json()).toMatchObject({ name: 'Graveyard Shift', description: null, isActive: false });

    const del = await call(cookie, 'DELETE', `/api/teams/${team.id}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await listTeams(cookie)).map((x) => x.id)).toEqual([second.id]);
    expect((await call(cookie, 'DELETE', `/api/teams/${team.id}`)).statusCode).toBe(404);
    expect((await call(cookie, 'PATCH', '/api/teams/999999', { name: 'Ghost' })).statusCode).toBe(404);
  });

  it('answers 400 with zod issues for bad input and changes nothing', async () => {
    t = await createTestApp();
    const { cookie } = await signIn(t.app, { email: 'v@x.io' });
    const noName = await call(cookie, 'POST', '/api/teams', { description: 'nameless' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ error: 'Invalid request' });
    expect(noName.json().issues.length).toBeGreaterThan(0);
    expect((await call(cookie, 'POST', '/api/teams', { name: '   ' })).statusCode).toBe(400);
    expect((await call(cookie, 'POST', '/api/teams', { name: 'x'.repeat(61) })).statusCode).toBe(400);
    expect(await listTeams(cookie)).toEqual([]);

    const team = await newTeam(cookie);
    expect((await call(cookie, 'PATCH', `/api/teams/${team.id}`, {})).statusCode).toBe(400);
    expect((await call(cookie, 'PATCH', `/api/teams/${team.id}`, { isActive: 'yes' })).statusCode).toBe(400);
    expect((await call(cookie, 'PATCH', '/api/teams/abc', { name: 'Y' })).statusCode).toBe(400);
    const avatar = await newAvatar(cookie, 'Luma');
    const badRole = await addMember(cookie, team.id, avatar.id, 'overlord');
    expect(badRole.statusCode).toBe(400);
    expect(JSON.stringify(badRole.json().issues)).toContain('Role must be one of');
    expect((await addMember(cookie, team.id, 0, 'lead')).statusCode).toBe(400);
    expect((await call(cookie, 'POST', `/api/teams/${team.id}/chat`, { message: '   ' })).statusCode).toBe(400);
    const [unchanged] = await listTeams(cookie);
    expect(unchanged).toMatchObject({ name: 'Night Shift', isActive: true, members: [] });
  });
});

describe('membership', () => {
  it('adds avatars with roles in speaking order, refuses duplicates, changes roles and removes members', async () => {
    t = await createTestApp();
    const { cookie } = await signIn(t.app, { email: 'm@x.io' });
    const team = await newTeam(cookie);
    const neo = await newAvatar(cookie, 'Neo', 'HACKER');
    const luma = await newAvatar(cookie, 'Luma', 'CREATOR');

    const first = await addMember(cookie, team.id, neo.id, 'builder');
    expect(first.statusCode).toBe(201);
    expect(first.json().members).toEqual([
      expect.objectContaining({ avatarId: neo.id, name: 'Neo', agentType: 'HACKER', role: 'builder', level: 1 }),
    ]);
    const second = await addMember(cookie, team.id, luma.id, 'lead');
    expect(second.statusCode).toBe(201);
    // The lead speaks first whatever the join order.
    expect((second.json() as Team).members.map((m) => [m.name, m.role])).toEqual([
      ['Luma', 'lead'],
      ['Neo', 'builder'],
    ]);
    const member = (second.json() as Team).members[0]!;
    expect(member).toEqual({
      avatarId: luma.id,
      name: 'Luma',
      agentType: 'CREATOR',
      level: 1,
      experiencePoints: 0,
      thumbnailUrl: expect.anything(),
      role: 'lead',
      joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const dup = await addMember(cookie, team.id, neo.id, 'analyst');
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'This avatar is already a member of this team' });

    // One avatar may be in several teams.
    const other = await newTeam(cookie, 'Other');
    expect((await addMember(cookie, other.id, neo.id, 'lead')).statusCode).toBe(201);
    expect((await selectMembershipsOfAvatar(t.database.db, neo.id)).map((m) => m.teamId)).toEqual([team.id, other.id]);

    const promoted = await call(cookie, 'PATCH', `/api/teams/${team.id}/members/${neo.id}`, { role: 'lead' });
    expect(promoted.statusCode).toBe(200);
    // Two leads: the one who joined first speaks first.
    expect((promoted.json() as Team).members.map((m) => [m.name, m.role])).toEqual([
      ['Neo', 'lead'],
      ['Luma', 'lead'],
    ]);
    const demoted = await call(cookie, 'PATCH', `/api/teams/${team.id}/members/${luma.id}`, { role: 'analyst' });
    expect((demoted.json() as Team).members.map((m) => m.name)).toEqual(['Neo', 'Luma']);

    const removed = await call(cookie, 'DELETE', `/api/teams/${team.id}/members/${luma.id}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as Team).members.map((m) => m.name)).toEqual(['Neo']);
    expect((await call(cookie, 'DELETE', `/api/teams/${team.id}/members/${luma.id}`)).statusCode).toBe(404);
    expect((await call(cookie, 'PATCH', `/api/teams/${team.id}/members/${luma.id}`, { role: 'lead' })).statusCode).toBe(
      404,
    );
    expect((await addMember(cookie, team.id, 999999, 'lead')).statusCode).toBe(404);

    const listed = await listTeams(cookie);
    expect(listed.map((x) => [x.name, x.members.length])).toEqual([
      ['Night Shift', 1],
      ['Other', 1],
    ]);
  });

  it('releases the members when a team is deleted; the avatars stay', async () => {
    t = await createTestApp();
    const { cookie } = await signIn(t.app, { email: 'del@x.io' });
    const team = await newTeam(cookie);
    const a = await newAvatar(cookie, 'Ada');
    await addMember(cookie, team.id, a.id, 'researcher');
    expect(await t.database.db.select().from(teamMembers)).toHaveLength(1);
    expect((await call(cookie, 'DELETE', `/api/teams/${team.id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(teamMembers)).toHaveLength(0);
    expect(await t.database.db.select().from(avatars).where(eq(avatars.id, a.id))).toHaveLength(1);
  });

  it(`refuses more than ${TEAM_MAX_MEMBERS} members with 409`, async () => {
    t = await createTestApp();
    const { cookie } = await signIn(t.app, { email: 'full@x.io' });
    const team = await newTeam(cookie);
    for (let i = 0; i < TEAM_MAX_MEMBERS; i++) {
      const a = await newAvatar(cookie, `Unit ${i}`);
      expect((await addMember(cookie, team.id, a.id, 'builder')).statusCode).toBe(201);
    }
    const extra = await newAvatar(cookie, 'One Too Many');
    const res = await addMember(cookie, team.id, extra.id, 'builder');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(`A team has at most ${TEAM_MAX_MEMBERS} members`);
  });
});

describe('ownership', () => {
  it("only the owner sees or changes a team (403), and only the owner's avatars join (403)", async () => {
    t = await createTestApp();
    const alice = await signIn(t.app, { email: 'alice@x.io' });
    const bob = await signIn(t.app, { email: 'bob@x.io' });
    const team = await newTeam(alice.cookie, 'Alice Team');
    const aliceAvatar = await newAvatar(alice.cookie, 'Alicebot');
    const bobAvatar = await newAvatar(bob.cookie, 'Bobbot');
    await addMember(alice.cookie, team.id, aliceAvatar.id, 'lead');

    expect(await listTeams(bob.cookie)).toEqual([]);
    const attempts = [
      call(bob.cookie, 'PATCH', `/api/teams/${team.id}`, { name: 'Pwned' }),
      call(bob.cookie, 'DELETE', `/api/teams/${team.id}`),
      addMember(bob.cookie, team.id, bobAvatar.id, 'lead'),
      call(bob.cookie, 'PATCH', `/api/teams/${team.id}/members/${aliceAvatar.id}`, { role: 'analyst' }),
      call(bob.cookie, 'DELETE', `/api/teams/${team.id}/members/${aliceAvatar.id}`),
      call(bob.cookie, 'POST', `/api/teams/${team.id}/chat`, { message: 'hello' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'This team belongs to someone else' });
    }
    // Alice cannot recruit Bob's avatar into her own team.
    const foreign = await addMember(alice.cookie, team.id, bobAvatar.id, 'builder');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'This avatar belongs to someone else' });

    const [unchanged] = await listTeams(alice.cookie);
    expect(unchanged).toMatchObject({ name: 'Alice Team', members: [expect.objectContaining({ role: 'lead' })] });
  });
});

describe('POST /api/teams/:id/chat', () => {
  it('gets one reply per member, in order, in each voice, and stores each as team_chat training', async () => {
    t = await createTestApp(
      {},
      { providers: { chat: createPersonaProvider(), images: new ProceduralImageProvider() } },
    );
    const { cookie, user } = await signIn(t.app, { email: 'chat@x.io' });
    const team = await newTeam(cookie, 'Launch Crew', 'Ships the NFT drop');
    const hacker = await newAvatar(cookie, 'Zero Cool', 'HACKER');
    const hustler = await newAvatar(cookie, 'Max Deal', 'HUSTLER');
    await addMember(cookie, team.id, hacker.id, 'builder');
    await addMember(cookie, team.id, hustler.id, 'negotiator');

    const message = 'How do we price the launch of our new collection?';
    const res = await call(cookie, 'POST', `/api/teams/${team.id}/chat`, { message });
    expect(res.statusCode).toBe(200);
    const { replies } = res.json() as TeamChatResponse;
    expect(replies.map((r) => [r.avatarId, r.name, r.role])).toEqual([
      [hacker.id, 'Zero Cool', 'builder'],
      [hustler.id, 'Max Deal', 'negotiator'],
    ]);
    for (const r of replies) {
      expect(r.response.length).toBeGreaterThan(10);
      // The persona engine notes the role brief it was given, so the role frames each reply.
      expect(r.response).toContain(`Launch Crew ${r.role} brief`);
    }
    // Two different voices, not one canned text.
    expect(replies[0]!.response).not.toBe(replies[1]!.response);

    const rows = await t.database.db.select().from(trainingInteractions);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => [r.avatarId, r.interactionType, r.userInput, r.userId])).toEqual([
      [hacker.id, TEAM_CHAT_INTERACTION_TYPE, message, user.id],
      [hustler.id, TEAM_CHAT_INTERACTION_TYPE, message, user.id],
    ]);
    expect(rows.map((r) => r.avatarResponse)).toEqual(replies.map((r) => r.response));
    const [h] = await t.database.db.select().from(avatars).where(eq(avatars.id, hacker.id));
    expect(h!.totalInteractions).toBe(1);
    expect(h!.experiencePoints).toBeGreaterThan(0);
  });

  it('frames each member with its role and the replies before it, and keeps the message unchanged', async () => {
    const seen: ChatRequest[] = [];
    const echo: ChatProvider = {
      name: 'echo',
      async reply(req) {
        seen.push(req);
        return {
          response: `${req.avatar.name} here`,
          intent: 'other',
          confidence: 1,
          actions: [],
          taskSuggestion: { platform: 'base', action: 'verify_task', xpReward: 50 },
          skillExercised: null,
          imagePrompt: 'should not be drawn',
        };
      },
      stream() {
        throw new Error('not used');
      },
    };
    t = await createTestApp({}, { providers: { chat: echo, images: new ProceduralImageProvider() } });
    const { cookie } = await signIn(t.app, { email: 'frame@x.io' });
    const team = await newTeam(cookie, 'Alpha');
    const a = await newAvatar(cookie, 'Ava');
    const b = await newAvatar(cookie, 'Bo');
    await addMember(cookie, team.id, a.id, 'researcher');
    await addMember(cookie, team.id, b.id, 'lead');

    const res = await call(cookie, 'POST', `/api/teams/${team.id}/chat`, { message: '  Plan the drop  ' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as TeamChatResponse).replies).toEqual([
      {
        avatarId: b.id,
        name: 'Bo',
        role: 'lead',
        response: 'Bo here',
        taskSuggestion: { platform: 'base', action: 'verify_task', xpReward: 50 },
      },
      { avatarId: a.id, name: 'Ava', role: 'researcher', response: 'Ava here', taskSuggestion: expect.any(Object) },
    ]);
    expect(seen.map((r) => r.message)).toEqual(['Plan the drop', 'Plan the drop']);
    const [lead, researcher] = seen.map((r) => r.attachments?.[0]);
    expect(lead).toMatchObject({ kind: 'text', name: 'the Alpha lead brief' });
    expect(lead!.text).toContain('You are the lead of this team');
    expect(lead!.text).toContain('Teammates: Ava (researcher)');
    expect(researcher!.text).toContain('You are the researcher of this team');
    expect(researcher!.text).toContain('Bo (lead) already answered: "Bo here"');
    // Team replies never render artwork.
    const { readdirSync, existsSync } = await import('node:fs');
    const artDir = `${t.dataDir}/uploads/art`;
    expect(existsSync(artDir) ? readdirSync(artDir) : []).toEqual([]);
  });

  it('refuses an empty or inactive team with 409 and an unknown team with 404', async () => {
    t = await createTestApp();
    const { cookie } = await signIn(t.app, { email: 'empty@x.io' });
    const team = await newTeam(cookie);
    const empty = await call(cookie, 'POST', `/api/teams/${team.id}/chat`, { message: 'anyone?' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error).toBe('This team has no members yet: add an avatar first');
    const a = await newAvatar(cookie, 'Solo');
    await addMember(cookie, team.id, a.id, 'lead');
    await call(cookie, 'PATCH', `/api/teams/${team.id}`, { isActive: false });
    const inactive = await call(cookie, 'POST', `/api/teams/${team.id}/chat`, { message: 'wake up' });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error).toBe('This team is inactive: activate it to chat');
    expect((await call(cookie, 'POST', '/api/teams/424242/chat', { message: 'hi' })).statusCode).toBe(404);
    expect(await t.database.db.select().from(trainingInteractions)).toHaveLength(0);
  });
});

/**
 * Work declined outright ("please don't make us a website or any posts", "No site, no cast please")
 * is not offered: the avatar acknowledges it and proposes no task. A thing that is only lacking
 * ("she still has no website") and a refinement ("don't make it so long") decline nothing.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { declinesWork } from './acts';
import { talk } from './talk.test-helper';

const base = { description: null, personalityTraits: [], level: 3, experiencePoints: 3_000, skills: [] };
const AVATARS: PersonaAvatar[] = [
  { ...base, id: 94, name: 'Nib', agentType: 'HACKER' },
  { ...base, id: 95, name: 'Wren', agentType: 'CREATOR' },
  { ...base, id: 96, name: 'Dash', agentType: 'HUSTLER' },
];

describe('declined work', () => {
  it.each([
    'honestly, do not build us a site or make any art for it, we just like chatting',
    'pls dont even write a post about it lol',
    'No page, no cast please — just telling you',
    'is a website worth it for a bakery? no need to make one',
  ])('"%s" declines', (message) => {
    expect(declinesWork(message)).toBe(true);
  });

  it.each([
    'my uncle still has no website, could you help him?',
    "don't make it so long, and add our opening hours",
    "don't make a website, make a poster instead",
  ])('"%s" declines nothing', (message) => {
    expect(declinesWork(message)).toBe(false);
  });
});

describe.each(AVATARS)('a business told with work declined ($agentType)', (avatar) => {
  it('gets no task', async () => {
    const replies = await talk(avatar, [
      'we run Lumo Laundry in Espoo, a tiny self-service laundrette. please do not make us a website or any posts, we are fine as we are',
    ]);
    expect(replies[0]?.taskSuggestion).toBeFalsy();
  });
});

describe.each(AVATARS)('telling everyone is posting ($agentType)', (avatar) => {
  it('"tell everyone 📣" after news drafts a post about that news', async () => {
    const replies = await talk(avatar, [
      'my choir Low Tide Singers won the county festival on Sunday!',
      'Tell everyone 📣',
    ]);
    expect(replies[1]?.taskSuggestion?.action).toBe('farcaster_post');
    expect(replies[1]?.taskSuggestion?.prompt).toMatch(/Low Tide Singers|festival/i);
  });

  it('"v3.1 released today ✅" tells news; it asks no live question', async () => {
    const replies = await talk(avatar, [
      'my side project Quire, a markdown notes app',
      'v3.1 released today ✅ with Dutch and Polish menus',
    ]);
    expect(replies[1]?.response).not.toMatch(/offline|can't look/i);
  });
});

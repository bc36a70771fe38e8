import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { asksAdvice } from './advice';
import { tellsOfOthers } from './parse';
import { parseRequests } from './request-frame';
import { talk } from './talk.test-helper';

const base = { description: null, personalityTraits: [], level: 2, experiencePoints: 2_000, skills: [] };
const AVATARS: PersonaAvatar[] = [
  { ...base, id: 51, name: 'Bit', agentType: 'HACKER' },
  { ...base, id: 52, name: 'Moss', agentType: 'CREATOR' },
  { ...base, id: 53, name: 'Max', agentType: 'HUSTLER' },
];

describe('advice questions are not tasks', () => {
  it.each([
    'should we rewrite the shop app in kotlin or stay with react native?',
    'honestly, is a cheap vps good enough for a small blog?',
    "what's your take on how long a logo commission should take?",
    'which is better for a first game, godot or unity?',
  ])('asks advice: %s', (message) => {
    expect(asksAdvice(message)).toBe(true);
  });

  it.each([
    'do you think you could draw me a heron?',
    'should I send you the photos? could you make a site with them',
    'can you build a page for my choir?',
  ])('still a request: %s', (message) => {
    expect(asksAdvice(message)).toBe(false);
  });

  it('the reply names the question and suggests no task', async () => {
    for (const avatar of AVATARS) {
      const [reply] = await talk(avatar, ['should I use sqlite or postgres for a tiny recipe app?']);
      expect(reply?.taskSuggestion).toBeNull();
      expect(reply?.response).toMatch(/sqlite|postgres/i);
    }
  });
});

describe('wishes and stories about someone of the writer', () => {
  it('"our X needs a Y" is a wish', () => {
    expect(parseRequests('our allotment society needs a small site with the plot waiting list')[0]?.kind).toBe('site');
    expect(parseRequests('my band could really use a bot that posts our rehearsal times')[0]?.kind).toBe('code');
    expect(parseRequests('our garden needs a new fence')).toHaveLength(0);
  });

  it('what someone else does or did is told, not asked', () => {
    expect(tellsOfOthers('he sells his prints at the Sunday market')).toBe(true);
    expect(tellsOfOthers('my aunt painted a mural on her garage')).toBe(true);
    expect(tellsOfOthers('she wants a logo for her salon')).toBe(false);
    expect(parseRequests('A colleague of mine turned his podcast into a newsletter last spring')).toHaveLength(0);
  });

  it('a story about a friend minting art suggests no mint', async () => {
    for (const avatar of AVATARS) {
      const replies = await talk(avatar, [
        'An old classmate of mine turned his sketches into NFTs and sold two of them.',
        'He says he makes more from teaching now.',
      ]);
      expect(replies[0]?.taskSuggestion).toBeNull();
      expect(replies[1]?.taskSuggestion).toBeNull();
    }
  });
});

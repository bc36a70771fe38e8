/**
 * The user's name asked as whom the avatar talks to or what it calls them, on sentences written for
 * these tests (in no dialogue set): the user is the object of the question, so the answer is the
 * user's name, while "who am I talking to?" still asks the avatar's.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 95,
  name: 'Vesper',
  agentType: 'HUSTLER',
  description: 'Runs night markets.',
  personalityTraits: ['quick'],
  skills: [{ name: 'Sales', category: 'business', proficiency: 40 }],
  level: 5,
  experiencePoints: 9000,
};

describe('whom the avatar talks to', () => {
  it.each([
    'quick check: who exactly are you chatting with right now?',
    'Can you say whom you are talking to?',
    'so what are you going to call me, then?',
    'so what do you call me?',
  ])('%s', async (asked) => {
    const replies = await talk(avatar, ["evening, it's Ottilie, back from the allotment", asked]);
    expect(replies[1]?.response).toMatch(/Ottilie/);
  });

  it('"who am I talking to?" asks the avatar', async () => {
    const replies = await talk(avatar, ["evening, it's Ottilie, back from the allotment", 'who am I talking to?']);
    expect(replies[1]?.response).toMatch(/Vesper/);
  });
});

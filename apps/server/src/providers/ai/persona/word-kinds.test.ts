/**
 * Kinds of things in recall, on sentences written for these tests (in no dialogue set): a question
 * naming the kind finds the thing the user named ("which instrument" → the oboe), and one naming the
 * thing by a narrower or other word finds it too ("our hound" → the dog); a kind the thing is not
 * finds nothing.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { talk } from './talk.test-helper';
import { isKindOf, kindRelated } from './word-kinds';

describe('the WordNet kinds table', () => {
  it.each([
    ['oboe', 'instrument'],
    ['oboes', 'instrument'],
    ['puppy', 'dog'],
    ['parrots', 'bird'],
    ['badminton', 'sport'],
    ['daughter', 'kid'],
  ])('%s is a kind of %s', (word, kind) => {
    expect(isKindOf(word, kind)).toBe(true);
    expect(kindRelated(kind, word)).toBe(true);
  });

  it.each([
    ['oboe', 'sport'],
    ['dog', 'bird'],
    ['instrument', 'oboe'],
  ])('%s is no kind of %s', (word, kind) => {
    expect(isKindOf(word, kind)).toBe(false);
  });
});

const avatar: PersonaAvatar = {
  id: 94,
  name: 'Marl',
  agentType: 'HACKER',
  description: 'Keeps old servers alive.',
  personalityTraits: ['dry'],
  skills: [{ name: 'Go', category: 'technical', proficiency: 60 }],
  level: 3,
  experiencePoints: 3000,
};

describe('recall by kind', () => {
  it.each([
    [
      'oboe lessons again tonight, my teacher says my reed is a disaster. any tips for long notes?',
      'which instrument am I learning?',
      /oboe/i,
    ],
    [
      'my knees are wrecked after badminton with the work lot on thursday. ice or heat?',
      'what sport did I say I play?',
      /badminton/i,
    ],
    ['the neighbours complain that our parrot Kiwi whistles at 6am', 'what kind of bird do we have?', /parrot|Kiwi/],
  ])('%s', async (told, asked, value) => {
    const replies = await talk(avatar, [told, 'how long should a practice session be?', asked]);
    expect(replies[2]?.response).toMatch(value);
  });

  it('a kind the thing is not finds nothing', async () => {
    const replies = await talk(avatar, [
      'oboe lessons again tonight, my teacher says my reed is a disaster.',
      'which sport do I play?',
    ]);
    expect(replies[1]?.response).not.toMatch(/oboe/i);
  });
});

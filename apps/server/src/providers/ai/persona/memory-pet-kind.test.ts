/**
 * A question about a pet of one kind when only another kind was told, on sentences written for these
 * tests (in no dialogue set): the stored pet is not given as the answer; a word for a young animal or
 * a breed nickname still finds the pet.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { petsAsked } from './fact-questions';
import { extractFacts } from './facts';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 98,
  name: 'Moth',
  agentType: 'CREATOR',
  description: 'Paints moths.',
  personalityTraits: ['soft'],
  skills: [{ name: 'Gouache', category: 'creative', proficiency: 35 }],
  level: 1,
  experiencePoints: 300,
};

describe('pets of the kind asked', () => {
  const pets = [{ kind: 'cat', name: 'Brioche' }];
  it.each([
    ["what's my dog called?", []],
    ["what's my cat called?", pets],
    ['what do I call my kitten?', pets],
    ['which pets have I got?', pets],
  ])('%s', (question, expected) => {
    expect(petsAsked(question, pets)).toEqual(expected);
  });

  it('says the dog was never told', async () => {
    const replies = await talk(avatar, ['my cat Brioche naps in the sink', 'what is my dog called?']);
    expect(replies[1]?.response).not.toMatch(/Brioche/);
    expect(replies[1]?.response).toMatch(/haven't|not sure|don't know/i);
  });

  it('a pup is the dog', async () => {
    const replies = await talk(avatar, ['our dog Waffle chewed the remote again', "what's the pup's name?"]);
    expect(replies[1]?.response).toMatch(/Waffle/);
  });
});

describe('a pet named by "answers to" or "goes by"', () => {
  it.each([
    ['the rescue greyhound we adopted answers to the name Velvet', 'Velvet'],
    ['our tortoise goes by Admiral, he is ninety', 'Admiral'],
  ])('%s', (message, name) => {
    expect(extractFacts(message).pets?.map((p) => p.name)).toContain(name);
  });
});

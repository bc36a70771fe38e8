/**
 * People named by everyday words for them, on sentences written for these tests (in no dialogue
 * set): "my old man", "my better half", "my lad", "my eldest". They are stored as the user's
 * people, found again by the plain word ("dad", "partner", "son"), read as no judgement ("better"
 * is not praise here), and a short English message with a name in it is not taken for another
 * language.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { extractFacts } from './facts';
import { feelingOf } from './feeling';
import { readsAsEnglish } from './guards';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 96,
  name: 'Tally',
  agentType: 'CREATOR',
  description: 'Knits jumpers with patterns.',
  personalityTraits: ['gentle'],
  skills: [{ name: 'Pattern design', category: 'creative', proficiency: 45 }],
  level: 2,
  experiencePoints: 1200,
};

describe('people by everyday words', () => {
  it.each([
    ['my old man Fergus still drives a taxi', 'old man', /Fergus/],
    ['my better half Anouk teaches cello', 'better half', /Anouk/],
    ['my youngest Ottilie is obsessed with frogs', 'youngest', /Ottilie/],
  ])('%s', (message, key, value) => {
    expect(extractFacts(message).about?.find((f) => f.key === key)?.value).toMatch(value);
  });

  it.each([
    ['my old man is called Fergus', "what's my dad called?", /Fergus/],
    ['my other half is named Anouk', 'who is my partner?', /Anouk/],
    ['my lad is called Bartek', 'remind me of the name of my son', /Bartek/],
  ])('%s → %s', async (told, asked, value) => {
    const replies = await talk(avatar, [told, asked]);
    expect(replies[1]?.response).toMatch(value);
  });

  it('"better half" is no praise', () => {
    expect(feelingOf('my better half Anouk teaches cello').polarity).toBe('neutral');
  });
});

describe('short English with a name in it', () => {
  it.each(['my lad Bartek starts nursery on Monday', 'our Ottilie lost a tooth today'])('%s', (message) => {
    expect(readsAsEnglish(message)).toBe(true);
  });

  it.each(['ik woon in Utrecht met mijn hond', 'eu moro no Porto com minha irmã'])('not English: %s', (message) => {
    expect(readsAsEnglish(message)).toBe(false);
  });

  it('is answered in English', async () => {
    const replies = await talk(avatar, ['my lad Bartek starts nursery on Monday']);
    expect(replies[0]?.response).not.toMatch(/only understand English/i);
  });
});

describe('two people in one sentence, and "the" for one of them', () => {
  it('stores both ages, however short the value', () => {
    expect(extractFacts('my middle child is 11 and my youngest is 6').about).toEqual([
      { key: 'middle child', value: '11' },
      { key: 'youngest', value: '6' },
    ]);
  });

  it('ages are no news to cheer', () => {
    expect(feelingOf('my oldest is 17, my youngest is 6').polarity).toBe('neutral');
  });

  it('"the youngest" is the user\'s youngest', async () => {
    const replies = await talk(avatar, ['my eldest is 17 and my youngest is 6', "and how old's the youngest again?"]);
    expect(replies[1]?.response).toMatch(/\b6\b/);
    expect(replies[1]?.response).not.toMatch(/offline/i);
  });
});

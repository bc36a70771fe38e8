/**
 * Shapes of telling and asking the earlier rounds missed, on sentences written for these tests (not
 * from any dialogue set or probe batch): a statement with no subject ("been a welder for years",
 * "turning 30 next week"), a place said first ("out in Lagos, …") or after an age in a
 * self-introduction, a fragment that says what the rest is about ("wasps. no thank you."), a
 * question asking for two facts ("what do I do and where?"), "how would you describe me?", a name
 * after a title in a greeting, a fan of a named team, a reptile kept as a pet, a bare job after a
 * word of correction, and a diet asked about as what to avoid.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { asksAboutUser } from './acts';
import { correctedFacts } from './fact-corrections';
import { recallTargets } from './fact-questions';
import { extractFacts } from './facts';
import { recallByRetrieval } from './recall';
import { statementOf } from './statements';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 78,
  name: 'Quill',
  agentType: 'CREATOR',
  description: 'Draws maps of imaginary towns.',
  personalityTraits: ['warm'],
  skills: [{ name: 'Ink', category: 'creative', proficiency: 40 }],
  level: 2,
  experiencePoints: 2000,
};

describe('facts told without a subject or after an age', () => {
  it.each([
    ['been a welder at the shipyard for twelve years', { occupation: 'welder' }],
    ['out in Lagos, the generator next door just kicked in', { location: 'Lagos' }],
    ["I'm Tomas, 27, junior architect from Porto, hi", { name: 'Tomas', location: 'Porto' }],
  ])('%s', (message, facts) => {
    expect(extractFacts(message)).toMatchObject(facts);
  });

  it('keeps no place for a friend who is "out in" somewhere mid-sentence', () => {
    expect(extractFacts('my brother is out in Lima this week').location).toBeUndefined();
  });
});

describe('statements kept with their subject-less sentences and fragments', () => {
  it('keeps a sentence opening on a verb, and a fragment beside a first-person one', () => {
    expect(statementOf('retiring at the end of June and slightly terrified')).toContain('retiring');
    expect(statementOf('wasps. no thank you. if one lands on me I scream the building down')).toMatch(/^wasps/);
    expect(statementOf('the weather is grim today')).toBeNull();
  });

  it('says a short statement back whole, so the fragment comes with it', () => {
    const notes = [statementOf('wasps. no thank you. if one lands on me I scream the building down') as string];
    expect(recallByRetrieval('what makes me scream the building down?', { facts: {}, notes })).toMatch(/wasps/);
  });
});

describe('questions asking for two facts or for a description', () => {
  it('reads "and where" as the place', () => {
    expect(recallTargets('what do i do and where?')).toEqual(['occupation', 'location']);
  });

  it('reads "how would you describe me to a friend?" as about the user', () => {
    expect(asksAboutUser('how would you describe me to a friend?')).toBe(true);
    expect(asksAboutUser('can you describe the weather in Oslo?')).toBe(false);
  });

  it('answers both facts and a description from memory', async () => {
    const replies = await talk(avatar, [
      "I'm Dara, I'm a baker in Cork",
      'how long does sourdough take to prove?',
      'quick test: what do I do and where?',
      'how would you describe me to a friend?',
    ]);
    expect(replies[2]?.response).toMatch(/baker/i);
    expect(replies[2]?.response).toMatch(/Cork/);
    expect(replies[3]?.response).toMatch(/Dara/);
  });
});

describe('names, likings, pets and corrections in more shapes', () => {
  it.each([
    ['Hi there, this is Uncle Fergus, my niece set this up for me', { name: 'Fergus' }],
    ['lifelong Celtic supporter, season ticket since 1998', { likes: ['Celtic'] }],
    [
      'there is a chameleon called Lady Verity on the curtain rail again',
      { pets: [{ kind: 'chameleon', name: 'Lady Verity' }] },
    ],
  ])('%s', (message, facts) => {
    expect(extractFacts(message)).toMatchObject(facts);
  });

  it('asks for the likes with "which club do I support?"', () => {
    expect(recallTargets('which club do i support?')).toContain('likes');
  });

  it('takes a bare job after a word of correction as the new job, and nothing else', () => {
    const stored = { occupation: 'vet' };
    expect(correctedFacts(stored, 'actually — veterinary nurse, strictly speaking')).toEqual({
      occupation: 'veterinary nurse',
    });
    expect(correctedFacts(stored, 'well, sunny day today')).toEqual({});
    expect(correctedFacts({}, 'actually — veterinary nurse')).toEqual({});
  });

  it('finds a diet when asked what to avoid', () => {
    const notes = [statementOf("I keep kosher and I'm allergic to sesame, so eating out is tricky") as string];
    expect(recallByRetrieval('anything I should avoid?', { facts: {}, notes })).toMatch(/kosher|sesame/);
  });
});

/**
 * A new name for something stored, on sentences written for these tests (in no dialogue set): the
 * user's own ("actually use Mirela, that's my full name") and a pet's ("we renamed the rabbit, the
 * current one is Clementine"). The new name replaces the old one, and the message is heard as
 * something told, not a question about the world.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { correctedFacts } from './fact-corrections';
import { extractFacts } from './facts';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 95,
  name: 'Sable',
  agentType: 'HACKER',
  description: 'Writes parsers.',
  personalityTraits: ['terse'],
  skills: [{ name: 'TypeScript', category: 'code', proficiency: 70 }],
  level: 4,
  experiencePoints: 4100,
};

describe('the name to use instead', () => {
  it.each([
    ['hmm, just use Aleksandra - that is my full name', 'Aleksandra'],
    ['could you go with Benedikt for my name please', 'Benedikt'],
  ])('%s', (message, name) => {
    expect(extractFacts(message).name).toBe(name);
  });

  it.each(['use Figma for my name card', 'they use Trello, my name is on the board'])('not a name: %s', (message) => {
    expect(extractFacts(message).name).toBeUndefined();
  });
});

describe("a pet's new name", () => {
  const stored = { pets: [{ kind: 'rabbit', name: 'Dumpling' }] };
  it.each([
    'we renamed the rabbit, the current one is Clementine',
    'renamed him to Clementine last week',
    "the rabbit's new name is Clementine",
    'we call him Clementine now',
  ])('%s', (message) => {
    expect(correctedFacts(stored, message).pets).toEqual([{ kind: 'rabbit', name: 'Clementine' }]);
  });

  it('only the pet of the kind named', () => {
    const two = { pets: [{ kind: 'dog', name: 'Rolo' }, ...stored.pets] };
    expect(correctedFacts(two, 'we renamed the dog Pretzel').pets).toEqual([
      { kind: 'dog', name: 'Pretzel' },
      { kind: 'rabbit', name: 'Dumpling' },
    ]);
  });

  it('is heard as told and answered with the new name', async () => {
    const replies = await talk(avatar, [
      'our rabbit is called Dumpling',
      'we renamed the rabbit, the current one is Clementine',
      "what's the rabbit called?",
    ]);
    expect(replies[1]?.response).not.toMatch(/offline|look that up/i);
    expect(replies[2]?.response).toMatch(/Clementine/);
    expect(replies[2]?.response).not.toMatch(/Dumpling/);
  });
});

describe('a person renamed is not a pet', () => {
  it('my nephew, "we call him … now"', () => {
    const stored = { pets: [{ kind: 'rabbit', name: 'Dumpling' }] };
    expect(correctedFacts(stored, 'my nephew Augustin, we call him Gus now').pets).toBeUndefined();
  });
});

/**
 * One message that tells several things at once — a person and a pet, each with a name, and a
 * feeling of the day — on sentences written for these tests (not from any dialogue set or probe
 * batch): each name stays with what it names, and a feeling about today is no plan.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { extractFacts } from './facts';
import { identityAspects } from './identity';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 91,
  name: 'Relay',
  agentType: 'HACKER',
  description: 'Keeps old routers alive.',
  personalityTraits: ['dry'],
  skills: [{ name: 'Networking', category: 'technical', proficiency: 35 }],
  level: 2,
  experiencePoints: 1900,
};

describe('a person and a pet named in one message', () => {
  it('keeps the pet name beside the animal, not the name said of a person', () => {
    const cases: [string, string, string][] = [
      ['my brother is called Osric and my parrot Juniper shrieks at dawn', 'Juniper', 'Osric'],
      ['our neighbour is named Halvard, and our tortoise Pebbles escaped again', 'Pebbles', 'Halvard'],
      ['my cousin is called Ines but my hamster Waffle is the real star', 'Waffle', 'Ines'],
    ];
    for (const [message, pet, person] of cases) {
      const pets = (extractFacts(message).pets ?? []).map((p) => p.name);
      expect(pets, message).toContain(pet);
      expect(pets, message).not.toContain(person);
    }
  });

  it('still names a pet after the naming verb that follows it', () => {
    expect(extractFacts('I got a kitten last week and she is called Sprocket').pets?.[0]?.name).toBe('Sprocket');
    expect(extractFacts('we have a lurcher called Dot and my aunt is Bea').pets?.map((p) => p.name)).toEqual(['Dot']);
  });

  it('answers the pet question with the pet name', async () => {
    const [, answer] = await talk(avatar, [
      'my brother is called Osric and my parrot Juniper shrieks at dawn',
      'what is my parrot called?',
    ]);
    expect(answer?.response).toMatch(/Juniper/);
    expect(answer?.response).not.toMatch(/parrot is called Osric/i);
  });
});

describe('a feeling about today', () => {
  it('is not kept as a plan', () => {
    for (const message of ['i feel a bit flat today', "I'm so tired tonight", 'feeling pretty low this morning']) {
      expect(extractFacts(message).plans, message).toBeUndefined();
    }
  });

  it('while something arranged for today still is', () => {
    expect(extractFacts('I have my driving theory test today').plans?.[0]).toMatch(/driving theory test today/);
    expect(extractFacts("I'm flying to Oslo tomorrow").plans?.[0]).toMatch(/Oslo tomorrow/);
  });
});

describe('a question about the name of someone of the user', () => {
  it('is no question about the avatar', () => {
    for (const message of [
      "do you remember my cousin's name?",
      "can you tell me my flatmate's name?",
      'what was her name again?',
      "any idea what our neighbour's name is?",
    ]) {
      expect(identityAspects(message), message).toEqual([]);
    }
    expect(identityAspects("what's your name?")).toEqual(['name']);
    expect(identityAspects('do you have a name?')).toEqual(['name']);
  });

  it('is answered with the name the user told', async () => {
    const replies = await talk(avatar, [
      'my older cousin Leopold is visiting next month, should be fun',
      'any tips for a rainy afternoon?',
      "can you tell me my cousin's name?",
    ]);
    expect(replies[2]?.response).toMatch(/Leopold/);
    expect(replies[2]?.response).not.toMatch(/\bRelay\b/);
  });
});

describe('a challenge to the memory', () => {
  it('asks for the fact', async () => {
    for (const challenge of [
      "bet you forgot my cat's name",
      "I doubt you remember my cat's name",
      "you've probably forgotten my cat's name",
    ]) {
      const replies = await talk(avatar, [
        'my cat Tamsin has claimed the radiator',
        'what is a good name for a boat?',
        challenge,
      ]);
      expect(replies[2]?.response, challenge).toMatch(/Tamsin/);
    }
  });
});

describe('a question typed without a question mark', () => {
  it('tells nothing about the user', () => {
    for (const message of [
      'what subject do I study again',
      'which bus do I take to work now',
      'where do we live these days lol',
      'so what instrument am I learning',
    ]) {
      const facts = extractFacts(message);
      expect(facts.occupation, message).toBeUndefined();
      expect(facts.location, message).toBeUndefined();
      expect(facts.workingOn, message).toBeUndefined();
    }
  });

  it('while a statement that opens with a question word still tells', () => {
    expect(extractFacts("when I'm not working I live in Ghent").location).toMatch(/Ghent/);
    expect(extractFacts("how I met my wife is a long story, I'm Tomasz by the way").name).toBe('Tomasz');
  });
});

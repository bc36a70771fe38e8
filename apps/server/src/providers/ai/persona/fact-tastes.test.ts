/**
 * Dislikes and diets told in passing, on sentences written for these tests (not from any dialogue
 * set or probe batch): who they are about, where the thing named ends, denied ones, and how they
 * are recalled and forgotten.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { extractFacts } from './facts';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 91,
  name: 'Sorrel',
  agentType: 'CREATOR',
  description: 'Paints allotments in the rain.',
  personalityTraits: ['warm'],
  skills: [{ name: 'Gouache', category: 'creative', proficiency: 35 }],
  level: 2,
  experiencePoints: 1500,
};

describe('dislikes', () => {
  it.each([
    ['honestly I really dislike olives, the texture is wrong', ['olives']],
    ["can't bear musicals lol, my partner drags me to them", ['musicals']],
    ["I'm not a huge fan of camping either", ['camping']],
    ['I loathe washing up after a roast', ['washing up']],
    ["i don't like loud bars tbh", ['loud bars']],
  ])('%s', (message, dislikes) => {
    expect(extractFacts(message).dislikes).toEqual(dislikes);
  });

  it.each([
    'my uncle hates olives',
    "I hate to say it but you're right",
    'I hate it when the bus is late',
    "I don't dislike jazz",
  ])('keeps no dislike of the writer in "%s"', (message) => {
    expect(extractFacts(message).dislikes).toBeUndefined();
  });

  it('does not read "not a big fan of" as a liking', () => {
    expect(extractFacts('not a big fan of opera really').likes).toBeUndefined();
  });
});

describe('diets and allergies', () => {
  it.each([
    ['quick warning, I am allergic to kiwi', ["you're allergic to kiwi"]],
    ['serious walnut allergy over here', ["you're allergic to walnut"]],
    ['my daughter is intolerant to lactose so we buy oat milk', ['your daughter is intolerant to lactose']],
    ["My nephew can't have eggs, he's allergic.", ['your nephew is allergic to eggs']],
    ['went vegetarian in March and feel great', ["you're vegetarian"]],
    ['i dont eat pork (halal) so skip the bacon', ["you don't eat pork", "you're halal"]],
  ])('%s', (message, diet) => {
    expect(extractFacts(message).diet).toEqual(diet);
  });

  it.each(['we opened a vegan café by the station', "I'm not vegetarian any more", 'are you vegan?'])(
    'keeps no diet in "%s"',
    (message) => {
      expect(extractFacts(message).diet).toBeUndefined();
    },
  );

  it('recalls an allergy asked about in other words, and forgets it on request', async () => {
    const replies = await talk(avatar, [
      'heads up, I am allergic to kiwi so no fruit salad for me',
      'what should I bring to a picnic?',
      'what food do I need to avoid?',
      'please stop remembering my allergy',
      'what am I allergic to?',
    ]);
    expect(replies[0]?.memory?.facts.diet).toEqual(["you're allergic to kiwi"]);
    expect(replies[2]?.response).toMatch(/kiwi/);
    expect(JSON.stringify(replies[3]?.memory?.facts)).not.toMatch(/kiwi/);
    expect(replies[4]?.response).not.toMatch(/kiwi/);
  });

  it('recalls a dislike by a verb of its field', async () => {
    const replies = await talk(avatar, [
      "can't stand marzipan, never could",
      'any tips for a birthday cake?',
      'what do I hate?',
    ]);
    expect(replies[2]?.response).toMatch(/marzipan/);
  });
});

/**
 * Facts told and asked for in few words, with emoji and common spellings: "Name: Ilkka 🙂 …",
 * "budgie Mango 🐦", "cat name? 🐈", "wens my bday", and a name told just before an animal that is
 * someone else's ("my name is Oksana, my cat …").
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { detectAct } from './acts';
import { extractFacts } from './facts';
import { talk } from './talk.test-helper';
import { emojiAsPunctuation } from './text-features';
import { fixTypos } from './typos';

const base = { description: null, personalityTraits: [], level: 3, experiencePoints: 3_000, skills: [] };
const AVATARS: PersonaAvatar[] = [
  { ...base, id: 61, name: 'Nib', agentType: 'HACKER' },
  { ...base, id: 62, name: 'Wren', agentType: 'CREATOR' },
  { ...base, id: 63, name: 'Dash', agentType: 'HUSTLER' },
];

describe('a name said just before an animal', () => {
  it('is the pet’s only when nothing gave it to someone else', () => {
    expect(extractFacts('hello, my name is Brigida, my dog is called Fennel').pets).toEqual([
      { kind: 'dog', name: 'Fennel' },
    ]);
    expect(extractFacts("I'm Tarquin, my hamster is a menace")).toEqual({ name: 'Tarquin' });
    expect(extractFacts('we got a rabbit called Clover, my parrot hates her').pets).toEqual([
      { kind: 'rabbit', name: 'Clover' },
    ]);
    // Still: a name before "my <animal>" with nothing naming it otherwise.
    expect(extractFacts('Biscuit, my old terrier, snores all night').pets).toEqual([
      { kind: 'terrier', name: 'Biscuit' },
    ]);
  });
});

describe('emoji read as punctuation for facts', () => {
  it('ends a clause before a capital, separates one before lower case, and goes at the ends', () => {
    expect(emojiAsPunctuation('Name: Ilkka 🙂 Job: welder 🔥')).toBe('Name: Ilkka. Job: welder');
    expect(emojiAsPunctuation('🐦 budgie Mango 🐦 and two fish')).toBe('budgie Mango, and two fish');
    expect(emojiAsPunctuation('all good 👍🏽!')).toBe('all good!');
  });

  it('lets a fact be read through them', () => {
    expect(extractFacts(emojiAsPunctuation('Name: Ilkka 🙂 Hobby: fishing 🎣. Question: which rod?')).name).toBe(
      'Ilkka',
    );
    expect(extractFacts(emojiAsPunctuation('Small flat ✨ I live Tampere 🇫🇮 — cheap sofa ideas?')).location).toBe(
      'Tampere',
    );
  });
});

describe('a name in an aside', () => {
  it('is the writer’s', () => {
    expect(extractFacts('ok dumb q (im oluwaseun lol) is rust hard?').name).toBe('Oluwaseun');
    expect(extractFacts('Good day (name is Mei Ling) — which laptop for music?').name).toBe('Mei Ling');
    // An aside about someone else names nobody as the writer.
    expect(extractFacts('we met Ana (my aunt) yesterday').name).toBeUndefined();
  });
});

describe('short recall questions', () => {
  it('read an emoji after a question as part of it, and "dog name?" as a question about the pet', () => {
    expect(detectAct('My dog name? 🐶', null, [], null, true)?.act).toBe('recall_fact');
    expect(detectAct('budgie name? 🐦', null, [], null, true)?.act).toBe('recall_fact');
    // A bare "name?" after another question asks that one's name, not the avatar's.
    expect(detectAct('Ok! And the new puppy? Name? 🙂', null, [], null, true)?.act).not.toBe('who_are_you');
  });

  it('spell "wens", "wat", "wuts" and "bday" as the words they stand for', () => {
    expect(fixTypos('wens the bday party')).toBe("when's the birthday party");
    expect(fixTypos('wat r u doing, wuts new')).toBe("what r u doing, what's new");
  });
});

describe.each(AVATARS)('told and asked back in few words ($agentType)', (avatar) => {
  it('answers "dog name?", "wens my bday" and a name given with emoji', async () => {
    const replies = await talk(avatar, [
      'Name: Ilkka 🙂 dog: Rusty 🐕 bday 14 March 🎂. Question: best boots for snow?',
      'and for rain?',
      'dog name? 🐶',
      'wens my bday again',
      'My name? 😊',
    ]);
    expect(replies[0]?.memory?.facts.name).toBe('Ilkka');
    expect(replies[2]?.response).toMatch(/Rusty/);
    expect(replies[3]?.response).toMatch(/14 March/i);
    expect(replies[4]?.response).toMatch(/Ilkka/);
  });
});

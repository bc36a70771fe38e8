/**
 * The user's people and animals in more shapes, on sentences written for these tests (not from any
 * dialogue set or probe batch): an animal said of a name told first ("walked Pip, she's a whippet"),
 * what a named person does said after the name, a follow-up question naming that person by a
 * pronoun, and forgetting someone by a pronoun or a thing by a word of its kind ("that number").
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { forgetFacts, forgetScope } from './fact-questions';
import { extractFacts } from './facts';
import { pronounsResolved } from './recall-question';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 93,
  name: 'Wren',
  agentType: 'CREATOR',
  description: 'Carves spoons and tells long stories.',
  personalityTraits: ['patient'],
  skills: [{ name: 'Woodwork', category: 'creative', proficiency: 45 }],
  level: 2,
  experiencePoints: 1800,
};

describe('animals said of a name told first', () => {
  it.each([
    ['sorry, slow reply, took Mabel out in the sleet, she is a greyhound and hates it', 'Mabel', 'greyhound'],
    ['Otis just ate my sandwich, he’s our labrador and zero shame', 'Otis', 'labrador'],
    ['me n pickle (my ferret) are watching telly', 'Pickle', 'ferret'],
  ])('%s', (message, name, kind) => {
    expect(extractFacts(message).pets).toEqual([{ kind, name }]);
  });

  it.each(["He's a lovely old dog", 'took Nora to Paris, she is a bit of a terrier about queues'])(
    'names no pet in "%s" unless a name comes first',
    (message) => {
      expect(extractFacts(message).pets?.[0]?.name ?? '').not.toMatch(/^(?:He|Paris)/);
    },
  );
});

describe('what a named person does', () => {
  it.each([
    ['my cousin is Ife, she’s a welder at the docks', { key: 'cousin', value: 'Ife, a welder at the docks' }],
    ['my uncle Bram finally qualified as an electrician!', { key: 'uncle', value: 'called Bram, an electrician' }],
    [
      'My wife, Hana, is a pilot for a cargo firm, so she is away a lot',
      { key: 'wife', value: 'called Hana, a pilot for a cargo firm' },
    ],
  ])('%s', (message, about) => {
    expect(extractFacts(message).about).toEqual([about]);
  });

  it('keeps her job out of the writer’s own', () => {
    const facts = extractFacts('my niece Ola just started as a pharmacist in Derby and I am thrilled');
    expect(facts.occupation).toBeUndefined();
    expect(facts.location).toBeUndefined();
  });
});

describe('a person named by a pronoun', () => {
  it('reads "her" in a follow-up as the one the previous message named', () => {
    expect(pronounsResolved('and what is her name again?', 'what does my aunt do for work?')).toBe(
      "and what is my aunt's name again?",
    );
    expect(pronounsResolved('and her name?', 'my aunt and my uncle came over')).toBe('and her name?');
  });

  it('answers the follow-up from what was told', async () => {
    const replies = await talk(avatar, [
      'my aunt Petra is a florist, she did our wedding flowers',
      'what flowers last longest in a vase?',
      'what does my aunt do?',
      "and what's her name?",
    ]);
    expect(replies[2]?.response).toMatch(/florist/);
    expect(replies[3]?.response).toMatch(/Petra/);
  });

  it('forgets the person told of last by "his name", and a number by "that number"', () => {
    const facts = {
      about: [
        { key: 'landlord', value: 'called Mr Osei' },
        { key: 'locker code', value: '7302' },
      ],
    };
    expect(forgetFacts(facts, forgetScope('please forget his name'))).toEqual({
      about: [{ key: 'locker code', value: '7302' }],
    });
    expect(forgetFacts(facts, forgetScope('hmm, forget that number'))).toEqual({
      about: [{ key: 'landlord', value: 'called Mr Osei' }],
    });
  });

  it('forgets a job on "don’t remember my occupation"', async () => {
    const replies = await talk(avatar, [
      "I'm a glazier, mostly shopfronts",
      "actually please don't remember my occupation",
    ]);
    expect(JSON.stringify(replies[1]?.memory?.facts)).not.toMatch(/glazier/);
  });
});

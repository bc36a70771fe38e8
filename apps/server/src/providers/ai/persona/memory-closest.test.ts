/**
 * What is kept and offered when a recall question matches nothing stored word for word, on sentences
 * written for these tests (not from any dialogue set or probe batch): a statement that goes on after
 * one about the writer is kept with it; one about the writer's people named without "my" is kept;
 * a recall question keeps what it tells but never itself; and a question nothing answers is offered
 * the statements that come closest, as what is known, never as the answer, and never for a person
 * or an animal.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { statementOf } from './statements';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 93,
  name: 'Wren',
  agentType: 'CREATOR',
  description: 'Keeps a sketchbook of every street she walks.',
  personalityTraits: ['warm'],
  skills: [{ name: 'Ink Drawing', category: 'creative', proficiency: 40 }],
  level: 2,
  experiencePoints: 2100,
};

describe('statements kept for recall', () => {
  it('keeps a statement that goes on after one about the writer', () => {
    expect(statementOf('finally got a van!! its a blue Transit, high roof')).toMatch(/blue Transit/);
  });

  it("keeps what is said of the writer's people without 'my'", () => {
    expect(statementOf("dad's a retired welder so he fixes everything with a torch")).toMatch(/welder/);
  });

  it('never keeps a request to be reminded or tested', () => {
    expect(statementOf('right, pop quiz: remind me where I said I work')).toBeNull();
    expect(statementOf('u still remember my sisters name')).toBeNull();
  });

  it('keeps a message told in notes, with no subject anywhere', () => {
    expect(statementOf('Second year. Dissertation: tide pools of the Algarve. Deadline in May.')).toMatch(
      /tide pools of the Algarve/,
    );
  });

  it('keeps a statement after an interjection or an adverb before its verb', () => {
    expect(statementOf('yesss finally passed it!! full licence as of today')).toMatch(/full licence/);
    expect(statementOf('just adopted a retired racing pigeon off a forum, no regrets')).toMatch(/racing pigeon/);
  });

  it('keeps what a recall question tells besides the question', async () => {
    const replies = await talk(avatar, [
      'my Vespa finally passed its MOT. do you remember what I said my job was?',
      'which scooter do I ride?',
    ]);
    expect(replies[1]?.response).toMatch(/Vespa/);
  });
});

describe('a recall question nothing stored answers', () => {
  it('offers the closest statement, as not known for sure', async () => {
    const replies = await talk(avatar, [
      'spent the whole evening restringing my Gibson Les Paul, fingertips wrecked',
      'any tips for sleeping better?',
      'which guitar do I own?',
    ]);
    const last = replies[2]?.response ?? '';
    expect(last).toMatch(/Gibson Les Paul/);
    expect(last).toMatch(/not sure|don't know|for certain/i);
  });

  it('finds what was said of a parent by the parent', async () => {
    const replies = await talk(avatar, ["mum's a district nurse so she's shattered by friday", "what's my mum's job?"]);
    expect(replies[1]?.response).toMatch(/district nurse/);
  });

  it('offers nothing for a person or an animal', async () => {
    const replies = await talk(avatar, [
      'my ancient Saab failed its inspection again',
      "what's my brother called?",
      "what's my rabbit's name?",
    ]);
    expect(replies[1]?.response).not.toMatch(/Saab/);
    expect(replies[2]?.response).not.toMatch(/Saab/);
  });

  it('offers nothing when no statement is near', async () => {
    const replies = await talk(avatar, ['clarinet practice again, my reed keeps squeaking', 'what car do I drive?']);
    expect(replies[1]?.response).not.toMatch(/clarinet|reed/i);
  });
});

describe('a request to be reminded', () => {
  it.each([
    ['our housewarming is on the 2nd of May, need to buy chairs', "ok when's the housewarming again", /2nd of May/],
    ['5th anniversary is 3 june and i want to surprise my wife', "ok when's our anniversary again", /3 june/i],
    ['my allotment inspection is next Thursday at 9, dreading it', 'remind me when the inspectors come?', /Thursday/],
    ['off to Bea and Tom’s wedding in Porto this summer!!', 'whose wedding am i going to again', /Bea and Tom/],
  ])('"%s" then "%s"', async (told, asked, answer) => {
    const replies = await talk(avatar, [told, asked]);
    expect(replies[1]?.response).toMatch(answer);
  });

  it('is not a request for a reminder, nor about the avatar', async () => {
    const replies = await talk(avatar, [
      'my allotment inspection is next Thursday',
      'remind me to water the beans at 6',
    ]);
    expect(replies[1]?.response).not.toMatch(/inspection/);
  });
});

describe('a statement answers only in the shape asked', () => {
  it('a walk with the dog names no dog', async () => {
    const replies = await talk(avatar, ['just back from walkin the dog, soaked', 'what did i name the dog again']);
    expect(replies[1]?.memory?.facts.pets).toBeUndefined();
    expect(replies[1]?.response).toMatch(/haven't|don't know|not sure|for certain/i);
  });

  it('an age asked of facts that hold none is not known', async () => {
    const replies = await talk(avatar, [
      'Hello, I am Ingrid and I teach piano in Bergen.',
      'Do you remember how old I am?',
    ]);
    expect(replies[1]?.response).toMatch(/haven't|don't know|not sure|for certain/i);
  });
});

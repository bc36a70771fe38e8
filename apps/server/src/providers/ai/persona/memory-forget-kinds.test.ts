/**
 * Forgetting what was asked to be forgotten, on sentences written for these tests (in no dialogue
 * set): a pet named by its kind ("forget my tortoise's name"), a thing only a kept statement holds
 * ("forget the mortgage thing" when no structured fact names a mortgage), and a workplace named by
 * "the place I work". After the request the thing is neither said back nor kept.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 93,
  name: 'Quill',
  agentType: 'CREATOR',
  description: 'Letters shop signs by hand.',
  personalityTraits: ['calm'],
  skills: [{ name: 'Lettering', category: 'creative', proficiency: 55 }],
  level: 2,
  experiencePoints: 1500,
};

const kept = (reply: { memory?: unknown }) => JSON.stringify(reply.memory ?? {});

describe('forgetting a pet named by its kind', () => {
  it.each([
    [
      'our tortoise is called Gazpacho',
      "please forget my tortoise's name, it's silly",
      'what was my tortoise called?',
      /Gazpacho/,
    ],
    ['my gecko is named Biscotti', 'can you forget my gecko please', "what's my gecko's name?", /Biscotti/],
    // the kind by another word WordNet files above or below it
    ['our dog answers to Pretzel', 'forget about my hound, would you', "what's my dog called?", /Pretzel/],
  ])('%s', async (told, forget, asked, value) => {
    const replies = await talk(avatar, [told, forget, asked]);
    expect(kept(replies[1] as object)).not.toMatch(value);
    expect(replies[2]?.response).not.toMatch(value);
  });
});

describe('forgetting what only a kept statement holds', () => {
  it.each([
    [
      'our mortgage is 1450 a month, which stings',
      'actually forget the mortgage thing, keep that off the record',
      'how much is my mortgage?',
      /1450/,
    ],
    ['my rent went up to 980 this spring', 'delete the rent stuff please', 'what do I pay in rent?', /980/],
  ])('%s', async (told, forget, asked, value) => {
    const replies = await talk(avatar, [told, forget, asked]);
    expect(kept(replies[1] as object)).not.toMatch(value);
    expect(replies[2]?.response).not.toMatch(value);
  });
});

describe('forgetting the place one works', () => {
  it('drops the workplace said with the job', async () => {
    const replies = await talk(avatar, [
      "I'm a bookkeeper at Brackwell Joinery, numbers all day",
      'could you forget the place I work? bit private',
      'where do I work again?',
    ]);
    expect(kept(replies[1] as object)).not.toMatch(/Brackwell/);
    expect(replies[2]?.response).not.toMatch(/Brackwell/);
  });
});

/**
 * How a recalled statement is said back, on sentences written for these tests (in no dialogue set):
 * whatever line the voice picks, "you told me" is said once ("Here is what you told me: you twisted
 * …", not "…: you told me you twisted …").
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { talk } from './talk.test-helper';

const avatarOf = (id: number): PersonaAvatar => ({
  id,
  name: 'Wren',
  agentType: 'CREATOR',
  description: 'Paints birds.',
  personalityTraits: ['kind'],
  skills: [{ name: 'Watercolour', category: 'creative', proficiency: 40 }],
  level: 1,
  experiencePoints: 200,
});

describe('a recalled statement', () => {
  it('says "you told me" once, in every line of the voice', async () => {
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        talk(avatarOf(200 + i), ['I sprained my wrist falling off a scooter on Sunday', 'what happened to my wrist?']),
      ),
    );
    for (const r of replies) {
      expect(r[1]?.response).toMatch(/sprained your wrist/);
      expect(r[1]?.response).not.toMatch(/told me:?\s+you told me/i);
    }
  });
});

describe('an injury asked for by what it did', () => {
  it.each(['how did I hurt myself?', 'did I get injured lately?'])('%s', async (question) => {
    const replies = await talk(avatarOf(230), [
      'I sprained my wrist falling off a scooter on Sunday',
      'also picked up a vintage lamp at the market',
      question,
    ]);
    expect(replies[2]?.response).toMatch(/sprained your wrist/);
  });
});

describe('the first message, asked for by when it was said', () => {
  it.each(['what did I say at the very start of our chat?', 'what did we talk about in the beginning?'])(
    '%s',
    async (question) => {
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          talk(avatarOf(240 + i), ['morning! kettle is on', 'my neighbour plays the tuba at 7am', question]),
        ),
      );
      for (const r of replies) {
        expect(r[2]?.response).toMatch(/kettle is on/);
        expect(r[2]?.response).not.toMatch(/\blast\b/i);
      }
    },
  );
});

describe('a statement said back without its greeting', () => {
  it('"hey, …" / "hiya! …" open no recalled statement', async () => {
    const replies = await talk(avatarOf(250), [
      'hiya! so I keep bees on an allotment in Frome',
      'where do I keep my bees?',
    ]);
    expect(replies[1]?.response).toMatch(/you keep bees/i);
    expect(replies[1]?.response).not.toMatch(/\b(?:hiya|hey)\b/i);
  });
});

describe('the last thing asked for, and work that goes on', () => {
  it('"what did I just ask you for?" quotes the last request, not a feeling told since', async () => {
    const replies = await talk(avatarOf(260), [
      'sketch me an otter juggling lemons',
      'honestly I feel a bit flat today',
      'what did I just ask you for?',
    ]);
    expect(replies[2]?.response).toMatch(/otter juggling lemons/);
    expect(replies[2]?.response).not.toMatch(/feel a bit flat/);
  });

  it('minting the picture just made is no change of topic', async () => {
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        talk(avatarOf(270 + i), ['sketch me an otter juggling lemons', 'can we mint that one?']),
      ),
    );
    for (const r of replies) expect(r[1]?.response).not.toMatch(/moving on|now something new|switching/i);
  });
});

/**
 * The sentence classifier for feelings, on sentences that appear in no dialogue set and not in its
 * corpus: events told without a feeling word, faces alone, and task messages, questions and facts
 * that must stay neutral.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { feelingOf, lexiconFeelingOf } from './feeling';
import { classifyFeeling, corpusSha256, type FeelingModel, verdictOf } from './feeling-classifier';
import { talk } from './talk.test-helper';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

const base = { description: null, personalityTraits: [], level: 3, experiencePoints: 5_000 };
const AVATARS: PersonaAvatar[] = [
  { ...base, id: 61, name: 'Quill', agentType: 'HACKER', skills: [] },
  { ...base, id: 62, name: 'Fern', agentType: 'CREATOR', skills: [] },
  { ...base, id: 63, name: 'Jolt', agentType: 'HUSTLER', skills: [] },
];
/** What a sales pitch looks like in a reply (the judge's own list is in the eval's checks). */
const PITCH = /\b(?:mint\w*|nfts?|marketplace|list it|sell\w*|business|launch\w*|hype)\b|🚀|💰/i;

describe('the feelings classifier', () => {
  it.each([
    'a burst pipe soaked the new carpet in the lounge',
    'my landlord texted to say he’s selling up',
    'the removal van never turned up and we are sitting on boxes',
  ])('reads an event with no feeling word as bad news: %s', (message) => {
    expect(lexiconFeelingOf(message).polarity).toBe('neutral');
    expect(feelingOf(message).polarity).toBe('negative');
  });

  it.each(['the council approved our loft conversion', 'my grandson rang to tell me he is engaged'])(
    'reads an event with no feeling word as good news: %s',
    (message) => {
      expect(feelingOf(message).polarity).toBe('positive');
    },
  );

  it.each(['😣', '😓', '🤕'])('reads a troubled face alone as a feeling: %s', (face) => {
    expect(feelingOf(face).polarity).toBe('negative');
  });

  it.each([
    '👍',
    'set up a website for my aunt’s café',
    'how many days until the bank holiday?',
    'my uncle runs a garage called Spanners',
    'wait, first',
    'can you write a complaint letter about the noisy bar next door',
    'estoy muy triste hoy porque mi perro está enfermo',
  ])('leaves reactions, requests, questions and facts neutral: %s', (message) => {
    expect(feelingOf(message).polarity).toBe('neutral');
  });

  it('keeps the lexicon’s reading where it finds a feeling (negation and contrast are its own)', () => {
    expect(feelingOf('the surgery was not a success').polarity).toBe('negative');
    expect(feelingOf('thrilled about the offer but dreading the move').polarity).toBe('mixed');
  });

  it('takes a likely class, or the likelier side when neutral is unlikely, and otherwise nothing', () => {
    expect(verdictOf({ negative: 0.6, positive: 0.1, mixed: 0.1, neutral: 0.2 }, 2)?.polarity).toBe('negative');
    expect(verdictOf({ negative: 0.2, positive: 0.3, mixed: 0.32, neutral: 0.18 }, 2)?.polarity).toBe('positive');
    expect(verdictOf({ negative: 0.35, positive: 0.2, mixed: 0.1, neutral: 0.35 }, 2)).toBeNull();
    expect(verdictOf({ negative: 0.1, positive: 0.1, mixed: 0.1, neutral: 0.7 }, 2)).toBeNull();
  });

  it('gives four probabilities that sum to one', () => {
    const p = classifyFeeling('the kettle blew up this morning', lexiconFeelingOf('the kettle blew up this morning'));
    expect(Object.keys(p)).toEqual(['negative', 'positive', 'mixed', 'neutral']);
    expect(Object.values(p).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });

  it('was trained on the corpus as it is now (retrain with scripts/train-feeling-classifier.ts)', () => {
    const corpusText = readFileSync(path.join(here, 'feeling-corpus.json'), 'utf8');
    const model = require('./feeling-model.json') as FeelingModel;
    expect(model.corpusSha256).toBe(corpusSha256(corpusText));
    const corpus = JSON.parse(corpusText) as Record<string, unknown>;
    for (const c of ['negative', 'positive', 'mixed', 'neutral'])
      expect((corpus[c] as string[]).length).toBeGreaterThan(100);
  });
});

describe('replies after a feeling', () => {
  it.each(AVATARS)('answer a shrug after bad news warmly, with no menu or pitch ($agentType)', async (avatar) => {
    const [, after] = await talk(avatar, [
      'my nan went into a care home today and she cried when we left',
      'mm. whatever',
    ]);
    expect(after?.response).not.toMatch(PITCH);
    expect(after?.taskSuggestion).toBeFalsy();
  });

  it.each(AVATARS)('answer thanks after good news gladly, with no pitch ($agentType)', async (avatar) => {
    const [, after] = await talk(avatar, [
      'I passed the bar exam on my second go!',
      'thank you, I still keep grinning',
    ]);
    expect(after?.response).not.toMatch(PITCH);
    expect(after?.response).toMatch(/glad|earned|enjoy|deserve|soak/i);
  });
});

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
import { feelingOf, lexiconFeelingOf } from './feeling';
import { classifyFeeling, corpusSha256, type FeelingModel } from './feeling-classifier';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

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
  ])('leaves reactions, requests, questions and facts neutral: %s', (message) => {
    expect(feelingOf(message).polarity).toBe('neutral');
  });

  it('keeps the lexicon’s reading where it finds a feeling (negation and contrast are its own)', () => {
    expect(feelingOf('the surgery was not a success').polarity).toBe('negative');
    expect(feelingOf('thrilled about the offer but dreading the move').polarity).toBe('mixed');
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

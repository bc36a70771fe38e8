import { INTENTS } from '@app/domain/chat';
import { describe, expect, it } from 'vitest';
import {
  evaluateIntentClassifier,
  getIntentClassifier,
  HELD_OUT_ACCURACY_THRESHOLD,
  loadExamples,
  splitExamples,
  trainIntentClassifier,
} from './intent-classifier';
import { normalizeText, textFeatures } from './text-features';

describe('labelled examples (intents.json)', () => {
  const examples = loadExamples();

  it('has at least 40 examples for every intent', () => {
    for (const intent of INTENTS) {
      expect(examples.filter((e) => e.intent === intent).length).toBeGreaterThanOrEqual(40);
    }
  });

  it('never labels the same text two ways', () => {
    const seen = new Map<string, string>();
    for (const e of examples) {
      const key = normalizeText(e.text);
      const before = seen.get(key);
      if (before !== undefined) expect(`${e.text}: ${before}`).toBe(`${e.text}: ${e.intent}`);
      seen.set(key, e.intent);
    }
  });

  it('splits deterministically: every 5th example per intent is held out, none trained on', () => {
    const a = splitExamples(examples);
    const b = splitExamples(examples);
    expect(a).toEqual(b);
    expect(a.heldOut.length + a.train.length).toBe(examples.length);
    const greetings = examples.filter((e) => e.intent === 'greeting');
    expect(a.heldOut.filter((e) => e.intent === 'greeting')).toEqual(greetings.filter((_, i) => i % 5 === 4));
    const trained = new Set(a.train);
    for (const e of a.heldOut) expect(trained.has(e)).toBe(false);
  });
});

describe('classifier', () => {
  it(`reaches at least ${HELD_OUT_ACCURACY_THRESHOLD * 100}% accuracy on the held-out examples`, () => {
    const result = evaluateIntentClassifier();
    expect(result.total).toBe(100);
    expect(result.accuracy).toBeGreaterThanOrEqual(HELD_OUT_ACCURACY_THRESHOLD);
    const counted = INTENTS.reduce((sum, a) => sum + INTENTS.reduce((s, p) => s + result.confusion[a][p], 0), 0);
    expect(counted).toBe(result.total);
    expect(result.errors.length).toBe(Math.round(result.total * (1 - result.accuracy)));
  });

  it('is deterministic: training twice gives the same predictions', () => {
    const { train } = splitExamples(loadExamples());
    const a = trainIntentClassifier(train);
    const b = trainIntentClassifier(train);
    for (const text of ['mint it on base', 'what can u do', 'draw a frog', 'zzz']) {
      expect(a.predict(text)).toEqual(b.predict(text));
    }
  });

  it('copes with typos it never saw', () => {
    const model = getIntentClassifier();
    expect(model.predict('can u genrate an imagee of a castle').intent).toBe('make_art');
    expect(model.predict('verifyy my taskk pls').intent).toBe('verify_task');
    expect(model.predict('mintt an nft on bse').intent).toBe('mint_nft');
  });

  it('answers other with confidence 0 for text without words', () => {
    const model = getIntentClassifier();
    for (const text of ['', '   ', '?!?!', '🔥🔥🔥', '...']) {
      expect(model.predict(text)).toEqual({ intent: 'other', confidence: 0, bestGuess: 'other' });
    }
  });

  it('reads a few emoji as words', () => {
    expect(getIntentClassifier().predict('👋').intent).toBe('greeting');
    expect(textFeatures('🎨')).toContain('w:art');
  });
});

import { describe, expect, it } from 'vitest';
import {
  DIALOGUE_ACTS,
  evaluateIntentClassifier,
  getIntentClassifier,
  HELD_OUT_ACCURACY_THRESHOLD,
  loadExamples,
  PREDICTION_CACHE_SIZE,
  splitExamples,
} from './intent-classifier';
import { normalizeText } from './text-features';

describe('labelled dialogue acts (intents.json)', () => {
  const examples = loadExamples();

  it('has at least 30 examples for every act', () => {
    for (const act of DIALOGUE_ACTS) {
      expect(examples.filter((e) => e.act === act).length, act).toBeGreaterThanOrEqual(30);
    }
  });

  it('never labels the same text two ways', () => {
    const seen = new Map<string, string>();
    for (const e of examples) {
      const key = normalizeText(e.text);
      const before = seen.get(key);
      if (before !== undefined) expect(`${e.text}: ${before}`).toBe(`${e.text}: ${e.act}`);
      seen.set(key, e.act);
    }
  });

  it('splits deterministically: every 5th example per act is held out, none trained on', () => {
    const a = splitExamples(examples);
    expect(a).toEqual(splitExamples(examples));
    expect(a.heldOut.length + a.train.length).toBe(examples.length);
    const thanks = examples.filter((e) => e.act === 'thanks');
    expect(a.heldOut.filter((e) => e.act === 'thanks')).toEqual(thanks.filter((_, i) => i % 5 === 4));
    const trained = new Set(a.train.map((e) => e.text));
    for (const e of a.heldOut) expect(trained.has(e.text)).toBe(false);
  });
});

describe('nlp.js classifier', () => {
  it(`reaches at least ${HELD_OUT_ACCURACY_THRESHOLD * 100}% accuracy on the held-out examples`, async () => {
    const result = await evaluateIntentClassifier();
    expect(result.accuracy).toBeGreaterThanOrEqual(HELD_OUT_ACCURACY_THRESHOLD);
    const counted = DIALOGUE_ACTS.reduce(
      (sum, a) => sum + DIALOGUE_ACTS.reduce((s, p) => s + result.confusion[a][p], 0),
      0,
    );
    expect(counted).toBe(result.total);
    expect(result.errors.length).toBe(Math.round(result.total * (1 - result.accuracy)));
  });

  it('answers for text in a script the language guesser has no table for (it threw on five Cyrillic words)', async () => {
    const model = await getIntentClassifier();
    for (const text of ['ыыы ыыы ыыы ыыы ыыы', 'щщщ ъъъ ььь ююю эээ 🙃']) {
      await expect(model.predict(text)).resolves.toHaveProperty('act');
    }
  });

  it('tells conversation from task requests', async () => {
    const model = await getIntentClassifier();
    expect((await model.predict('thank you so much!')).act).toBe('thanks');
    expect((await model.predict('my name is Sam')).act).toBe('tell_fact');
    expect((await model.predict('what is my name?')).act).toBe('recall_fact');
    expect((await model.predict('who won the football yesterday')).act).toBe('world_fact');
    expect((await model.predict('draw a fox in the snow')).act).toBe('make_art');
    expect((await model.predict('forget that')).act).toBe('forget');
  });

  it('answers a repeated message (a replayed history turn) the same, with a copy the caller may change', async () => {
    const model = await getIntentClassifier();
    const first = await model.predict('draw a neon skyline over the harbour');
    first.act = 'forget';
    first.language = 'xx';
    const again = await model.predict('draw a neon skyline over the harbour');
    expect(again.act).toBe('make_art');
    expect(again.language).toBe('en');
    // Past the cache's bound the oldest entries go, and a message classifies the same when recomputed.
    for (let i = 0; i < PREDICTION_CACHE_SIZE + 5; i++) await model.predict(`message number ${i}`);
    expect(await model.predict('draw a neon skyline over the harbour')).toEqual(again);
  });

  it('reads sentiment and guesses the language', async () => {
    const model = await getIntentClassifier();
    expect((await model.predict('i feel terrible and sad today')).sentiment).toBeLessThan(0);
    expect((await model.predict('i am so happy, this is great')).sentiment).toBeGreaterThan(0);
    expect((await model.predict('je voudrais une belle image de la mer')).language).toBe('fr');
    expect((await model.predict('build me a website for my shop')).language).toBe('en');
  });

  it('answers other with confidence 0 for text without words', async () => {
    const model = await getIntentClassifier();
    for (const text of ['', '   ', '?!?!', '🔥🔥🔥', '...']) {
      expect((await model.predict(text)).act).toBe('other');
      expect((await model.predict(text)).confidence).toBe(0);
    }
  });
});

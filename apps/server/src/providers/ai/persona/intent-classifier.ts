/**
 * The persona engine's understanding: an nlp.js (`@nlpjs/nlp` + `@nlpjs/lang-en`)
 * intent classifier trained on the labelled dialogue acts of `intents.json` — task requests
 * (SPEC §2 task suggestions) and ordinary conversation (greetings, thanks, feelings, maths, facts
 * about the user…) — plus nlp.js's English sentiment analysis and its language guesser
 * (`@nlpjs/language`) for messages in other languages.
 *
 * Before the model, high-precision guards (`guards.ts`) decide what a short pattern states with
 * certainty (a bare greeting/thanks/farewell, "forget …", arithmetic, live world data, foreign text,
 * "my name is …", "what's my name", "who are you", "i feel …", "lol"); their confidence is 1.
 *
 * Training happens on first use ({@link getIntentClassifier}); the trained model is cached as
 * nlp.js JSON under `node_modules/.cache/persona-nlu/<hash of corpus>.json` so later starts only
 * load it (a changed corpus has another hash, so a cache can never go stale).
 *
 * Evaluation: within each act, every 5th example (index % 5 === 4) is held out and never trained
 * on; {@link evaluateIntentClassifier} reports accuracy per act and the confusion matrix.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@nlpjs/language';
import { guardAct } from './guards';
import dataset from './intents.json' with { type: 'json' };
import { type NgramClassifier, trainNgramClassifier } from './ngram-classifier';
import { normalizeText } from './text-features';

/**
 * What a user message does in the conversation. Task acts share names with the domain's
 * `Intent` (packages/domain chat.ts); conversational acts map to `greeting`, `capabilities` or
 * `other` there (see `domainIntentOf` in persona-provider.ts).
 */
export const DIALOGUE_ACTS = [
  'greeting',
  'capabilities',
  'make_art',
  'mint_nft',
  'build_website',
  'social_post',
  'learn_skill',
  'market',
  'verify_task',
  'thanks',
  'goodbye',
  'who_are_you',
  'smalltalk',
  'feelings',
  'opinion',
  'maths',
  'date_time',
  'world_fact',
  'tell_fact',
  'recall_fact',
  'forget',
  'other_language',
  'other',
] as const;
/** One dialogue act. */
export type DialogueAct = (typeof DIALOGUE_ACTS)[number];

const ACT_SET = new Set<string>(DIALOGUE_ACTS);

/** One labelled message. */
export interface LabelledExample {
  text: string;
  act: DialogueAct;
}

/** The classifier's answer for one message. */
export interface IntentPrediction {
  /** Best act, or `other` when the best score is below {@link MIN_CONFIDENCE}. */
  act: DialogueAct;
  /** The model's score (0..1) for its best guess. */
  confidence: number;
  /** The best guess before the confidence fallback. */
  bestGuess: DialogueAct;
  /** nlp.js sentiment score (AFINN-style, < 0 negative, > 0 positive; 0 neutral). */
  sentiment: number;
  /** ISO 639-1 code of the guessed language ('en' for short or unclear text). */
  language: string;
}

/** A trained model. */
export interface IntentClassifier {
  /** Classifies one message. Text without letters or digits gives `other` with confidence 0. */
  predict(text: string): Promise<IntentPrediction>;
}

/**
 * Below this score the classifier answers `other` (→ a clarifying reply) rather than act on a weak
 * guess. Chosen by 5-fold cross-validation on the training part (0.25 → 88.1 %, 0.3 → 87.9 %,
 * 0.45 → 86.1 %): the higher value of the two close ones, so weak guesses still ask back.
 */
export const MIN_CONFIDENCE = 0.3;

/** The held-out accuracy the tests require (≥ 95 %). */
export const HELD_OUT_ACCURACY_THRESHOLD = 0.95;

/** Every `HOLDOUT_EVERY`-th example of each act is held out (index % 5 === 4): a 20 % split. */
export const HOLDOUT_EVERY = 5;

/** Languages the guesser chooses among (the ones a user of this product is likely to write in). */
const GUESS_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'sv', 'pl', 'tr', 'id', 'ro', 'ca'];

/** The shipped examples, validated, in file order. Throws at load if the file is malformed. */
export function loadExamples(): LabelledExample[] {
  const out: LabelledExample[] = [];
  for (const [act, texts] of Object.entries(dataset.acts)) {
    if (!ACT_SET.has(act)) throw new Error(`intents.json: unknown act "${act}"`);
    for (const text of texts) out.push({ text, act: act as DialogueAct });
  }
  return out;
}

/** Deterministic stratified split: per act, every 5th example (index % 5 === 4) is held out. */
export function splitExamples(examples: readonly LabelledExample[]): {
  train: LabelledExample[];
  heldOut: LabelledExample[];
} {
  const seen = new Map<DialogueAct, number>();
  const train: LabelledExample[] = [];
  const heldOut: LabelledExample[] = [];
  for (const ex of examples) {
    const i = seen.get(ex.act) ?? 0;
    seen.set(ex.act, i + 1);
    (i % HOLDOUT_EVERY === HOLDOUT_EVERY - 1 ? heldOut : train).push(ex);
  }
  return { train, heldOut };
}

// biome-ignore lint/suspicious/noExplicitAny: nlp.js ships no types
type NlpInstance = any;

async function newNlp(): Promise<NlpInstance> {
  // nlp.js is imported on first use, so a server that never chats offline never loads it.
  const [{ containerBootstrap }, { Nlp }, { LangEn }] = await Promise.all([
    import('@nlpjs/core'),
    import('@nlpjs/nlp'),
    import('@nlpjs/lang-en'),
  ]);
  language ??= new (await import('@nlpjs/language')).Language();
  const container = await containerBootstrap();
  container.use(Nlp);
  container.use(LangEn);
  const nlp = container.get('nlp');
  nlp.settings.autoSave = false;
  nlp.settings.autoLoad = false;
  nlp.settings.log = false;
  // Training progress is printed unless the NLU manager's own setting says otherwise.
  nlp.nluManager.settings.log = false;
  nlp.addLanguage('en');
  return nlp;
}

let language: Language | undefined;

/**
 * The language of `text` (ISO 639-1), 'en' when unsure. nlp.js's guesser throws on text whose
 * trigrams match none of {@link GUESS_LANGUAGES} ("ыыы ыыы ыыы ыыы ыыы"): that is no language it
 * knows, so 'und' (undetermined), which the caller reads as not English.
 */
function guessLanguage(text: string): string {
  // Short messages ("hola", "ok") are too little to guess from; the classifier handles them.
  if (text.trim().split(/\s+/).length < 5) return 'en';
  try {
    const best = language?.guessBest(text, GUESS_LANGUAGES);
    return typeof best?.alpha2 === 'string' ? best.alpha2 : 'en';
  } catch {
    return 'und';
  }
}

/**
 * Weight of nlp.js's scores in the ensemble (the n-gram model has the rest). Chosen by 5-fold
 * cross-validation on the training part only (0.3 → 86.1 %, 0.5 → 85.4 %, 0 or 1 → 83.6 %).
 */
export const NLPJS_WEIGHT = 0.3;

/**
 * Predictions kept per model, most recent last. Every reply replays the stored history (up to 20
 * user turns) through the classifier, and those turns were classified on the requests before, so a
 * small cache makes the replay nearly free (bench/persona.bench.ts). Predictions are deterministic
 * for a model and its input; at most this many inputs of at most 1,000 characters are kept.
 */
export const PREDICTION_CACHE_SIZE = 2000;

function wrap(nlp: NlpInstance, ngram: NgramClassifier): IntentClassifier {
  const cache = new Map<string, Promise<IntentPrediction>>();
  return {
    predict(text: string): Promise<IntentPrediction> {
      const input = typeof text === 'string' ? text.slice(0, 1000) : '';
      let prediction = cache.get(input);
      if (prediction) {
        // Map keeps insertion order: re-inserting marks the entry as the most recently used.
        cache.delete(input);
      } else {
        prediction = classify(nlp, ngram, input);
        // A failed prediction is not kept, so the next call tries again.
        prediction.catch(() => cache.delete(input));
        if (cache.size >= PREDICTION_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(input, prediction);
      return prediction.then((p) => ({ ...p }));
    },
  };
}

/** Classifies one input (already cut to 1,000 characters) with both models. */
async function classify(nlp: NlpInstance, ngram: NgramClassifier, input: string): Promise<IntentPrediction> {
  const lang = guessLanguage(input);
  if (!normalizeText(input)) {
    return { act: 'other', confidence: 0, bestGuess: 'other', sentiment: 0, language: 'en' };
  }
  const result = await nlp.process('en', input);
  const guarded = guardAct(input);
  if (guarded) {
    return {
      act: guarded,
      confidence: 1,
      bestGuess: guarded,
      sentiment: Number(result.sentiment?.score) || 0,
      language: guarded === 'other_language' && lang === 'en' ? 'xx' : lang,
    };
  }
  const scores = new Map<string, number>();
  const grams = ngram.probabilities(input);
  const nlpKnows = result.intent !== 'None';
  for (const c of (result.classifications ?? []) as { intent: string; score: number }[]) {
    if (ACT_SET.has(c.intent)) scores.set(c.intent, (nlpKnows ? NLPJS_WEIGHT : 0) * (Number(c.score) || 0));
  }
  const gramWeight = nlpKnows ? 1 - NLPJS_WEIGHT : 1;
  for (const [act, p] of grams) scores.set(act, (scores.get(act) ?? 0) + gramWeight * p);
  let guess: DialogueAct = 'other';
  let confidence = 0;
  for (const [act, score] of scores) {
    if (score > confidence) {
      guess = act as DialogueAct;
      confidence = score;
    }
  }
  return {
    act: confidence < MIN_CONFIDENCE ? 'other' : guess,
    confidence,
    bestGuess: guess,
    sentiment: Number(result.sentiment?.score) || 0,
    language: lang,
  };
}

/** Trains an nlp.js model on the examples (deterministic for the same examples). */
export async function trainIntentClassifier(examples: readonly LabelledExample[]): Promise<IntentClassifier> {
  return wrap(await trainNlp(examples), trainGrams(examples));
}

function trainGrams(examples: readonly LabelledExample[]): NgramClassifier {
  return trainNgramClassifier(
    examples.map((e) => ({ text: e.text, label: e.act })),
    DIALOGUE_ACTS,
  );
}

async function trainNlp(examples: readonly LabelledExample[]): Promise<NlpInstance> {
  const nlp = await newNlp();
  for (const ex of examples) nlp.addDocument('en', ex.text, ex.act);
  await nlp.train({ log: false });
  return nlp;
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
  confusion: Record<DialogueAct, Record<DialogueAct, number>>;
  /** Accuracy (recall) per act on the held-out set, 0..1. */
  recall: Record<DialogueAct, number>;
  /** The held-out examples it got wrong. */
  errors: { text: string; actual: DialogueAct; predicted: DialogueAct; confidence: number }[];
}

/**
 * Measures the production model (trained on the training part only) on the held-out part. Also
 * run by `npm run eval:chat`.
 */
export async function evaluateIntentClassifier(): Promise<IntentEvaluation> {
  const { train, heldOut } = splitExamples(loadExamples());
  const model = await getIntentClassifier();
  const zeroRow = () => Object.fromEntries(DIALOGUE_ACTS.map((i) => [i, 0])) as Record<DialogueAct, number>;
  const confusion = Object.fromEntries(DIALOGUE_ACTS.map((i) => [i, zeroRow()])) as Record<
    DialogueAct,
    Record<DialogueAct, number>
  >;
  const errors: IntentEvaluation['errors'] = [];
  let correct = 0;
  for (const ex of heldOut) {
    const pred = await model.predict(ex.text);
    confusion[ex.act][pred.act] += 1;
    if (pred.act === ex.act) correct += 1;
    else errors.push({ text: ex.text, actual: ex.act, predicted: pred.act, confidence: pred.confidence });
  }
  const recall = zeroRow();
  for (const act of DIALOGUE_ACTS) {
    const row = confusion[act];
    const n = DIALOGUE_ACTS.reduce((s, k) => s + row[k], 0);
    recall[act] = n === 0 ? 0 : row[act] / n;
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

/**
 * Where trained models are cached: `node_modules/.cache/persona-nlu` of the nearest directory above
 * this module that has a node_modules (the repository root, from the sources or from the compiled
 * server in apps/server/dist).
 */
function cacheDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  let found: string | null = null;
  for (let i = 0; i < 12 && !found; i++) {
    if (existsSync(path.join(dir, 'node_modules'))) found = dir;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return path.join(found ?? process.cwd(), 'node_modules/.cache/persona-nlu');
}
const CACHE_DIR = cacheDir();

function corpusHash(examples: readonly LabelledExample[]): string {
  return createHash('sha256').update(JSON.stringify(examples)).update('nlpjs-4').digest('hex').slice(0, 16);
}

/** The cache file of the shipped corpus's model. */
export function nluCacheFile(): string {
  return path.join(CACHE_DIR, `${corpusHash(splitExamples(loadExamples()).train)}.json`);
}

async function loadOrTrain(): Promise<IntentClassifier> {
  const { train } = splitExamples(loadExamples());
  const file = nluCacheFile();
  const nlp = await newNlp();
  try {
    nlp.import(readFileSync(file, 'utf8'));
    return wrap(nlp, trainGrams(train));
  } catch {
    // No cache yet (or unreadable): train and try to keep the model for the next start.
  }
  const trained = await trainNlp(train);
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(file, trained.export(false));
  } catch {
    // A read-only install still works; it trains on each start (about a second).
  }
  return wrap(trained, trainGrams(train));
}

let cachedModel: Promise<IntentClassifier> | undefined;
let releaseTimer: NodeJS.Timeout | undefined;

/** Idle time after which the trained model is dropped from memory (loaded again on next use). */
export const CLASSIFIER_RELEASE_AFTER_MS = 10 * 60_000;

/** Drops the trained model (the next message loads it again from the cache file, ~0.2 s). */
export function releaseIntentClassifier(): void {
  cachedModel = undefined;
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = undefined;
}

/**
 * The production model: trained once on the training part of the shipped examples (the held-out
 * part stays unseen so the reported accuracy is honest), or loaded from the cache. Loaded on first
 * use and released after {@link CLASSIFIER_RELEASE_AFTER_MS} without use.
 */
export function getIntentClassifier(): Promise<IntentClassifier> {
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = setTimeout(releaseIntentClassifier, CLASSIFIER_RELEASE_AFTER_MS);
  releaseTimer.unref();
  if (!cachedModel) {
    cachedModel = loadOrTrain();
    cachedModel.catch(() => {
      cachedModel = undefined;
    });
  }
  return cachedModel;
}

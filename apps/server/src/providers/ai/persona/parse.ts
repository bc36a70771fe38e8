/**
 * Sentences, parts of speech, lemmas and negation of a message, from wink-nlp with its English
 * light model (`wink-eng-lite-web-model`, offline, ~55 MB resident once loaded). The model is
 * loaded on the first message that needs it, not at start-up, and released again after
 * {@link RELEASE_AFTER_MS} without use (the next message loads it again, ~0.3 s).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Idle time after which the model is dropped from memory. */
export const RELEASE_AFTER_MS = 10 * 60_000;

/** Longest text parsed, in characters (the rest of a long message is not read for meaning). */
export const MAX_PARSED_CHARS = 2000;

/** One word of a parsed sentence. */
export interface Token {
  /** As written. */
  text: string;
  /** Lower-cased. */
  lower: string;
  /** Universal POS tag (NOUN, PROPN, VERB, ADJ, PRON, …). */
  pos: string;
  /** Dictionary form, lower-cased ("went" → "go"). */
  lemma: string;
  /** The word is under a negation ("not happy"). */
  negated: boolean;
  /** An English stop word by the model's list ("the", "my", "away"). */
  stop: boolean;
}

/** One sentence. */
export interface Sentence {
  text: string;
  tokens: Token[];
}

/** A parsed message. */
export interface Parse {
  sentences: Sentence[];
  /** Entities the model finds (DATE, TIME, DURATION, CARDINAL, MONEY, EMOJI, …) with their text. */
  entities: { value: string; type: string }[];
}

// biome-ignore lint/suspicious/noExplicitAny: wink-nlp's instance type is not exported usefully
type Wink = { nlp: any; its: any };

let loaded: Wink | null = null;
let releaseTimer: NodeJS.Timeout | null = null;
let loads = 0;

function model(): Wink {
  if (!loaded) {
    const winkNLP = require('wink-nlp');
    const english = require('wink-eng-lite-web-model');
    withLinearHostLabels(require('wink-eng-lite-web-model/dist/languages/cur/models/eng-core-web-model.json'));
    const nlp = winkNLP(english);
    loaded = { nlp, its: nlp.its };
    loads += 1;
  }
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = setTimeout(releaseLanguageModel, RELEASE_AFTER_MS);
  releaseTimer.unref();
  return loaded;
}

/**
 * The English model finds URLs with a host label written `(?:[a-z…\d]-*)*[a-z…\d]+`: a run of
 * letters can be shared between the two quantifiers in exponentially many ways, so a dotted name
 * with no valid ending ("http://www.ab.cdab.cd….c0m", "//0.app.ppp.…") held the event loop for
 * minutes. The same labels (letters, with runs of hyphens only between them), written so that every
 * letter has one place to go.
 */
const SLOW_HOST_LABEL = String.raw`(?:[a-z\u00A1-\uFFFF\d]-*)*[a-z\u00A1-\uFFFF\d]+`;
const LINEAR_HOST_LABEL = String.raw`[a-z\u00A1-\uFFFF\d]+(?:-+[a-z\u00A1-\uFFFF\d]+)*`;

/**
 * Rewrites, in place, the URL patterns of the model's tokeniser (`trex.ltc` anchored, `trex.rtc`
 * searching; each entry `[source, flags, category]`) to {@link LINEAR_HOST_LABEL}, before wink-nlp
 * compiles them. The model's JSON is a cached module that wink-nlp copies when it loads the model.
 */
function withLinearHostLabels(json: { trex?: { ltc?: unknown[][]; rtc?: unknown[][] } }): void {
  for (const list of [json.trex?.ltc, json.trex?.rtc]) {
    for (const entry of list ?? []) {
      if (typeof entry[0] === 'string') entry[0] = entry[0].split(SLOW_HOST_LABEL).join(LINEAR_HOST_LABEL);
    }
  }
}

/**
 * Drops the model and its modules from memory (the garbage collector frees them). Safe to call at
 * any time; the next parse loads it again.
 */
export function releaseLanguageModel(): void {
  loaded = null;
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = null;
  cache.clear();
  for (const key of Object.keys(require.cache)) {
    if (/[\\/]wink-(?:nlp|eng-lite-web-model)[\\/]/.test(key)) delete require.cache[key];
  }
}

/** Whether the model is in memory now, and how many times it was loaded (for tests and benches). */
export function languageModelState(): { loaded: boolean; loads: number } {
  return { loaded: loaded !== null, loads };
}

const cache = new Map<string, Parse>();
/** Parses kept (history turns are parsed again on every reply). */
const CACHE_SIZE = 1000;

/** Parses a message (first {@link MAX_PARSED_CHARS} characters). Never throws on odd input. */
export function parse(text: string): Parse {
  const input = (typeof text === 'string' ? text : '').slice(0, MAX_PARSED_CHARS);
  const hit = cache.get(input);
  if (hit) return hit;
  const out: Parse = { sentences: [], entities: [] };
  if (input.trim()) {
    const { nlp, its } = model();
    const doc = nlp.readDoc(input);
    doc.sentences().each((s: { out: () => string; tokens: () => { out: (f: unknown) => unknown[] } }) => {
      const tokens = s.tokens();
      const words = tokens.out(its.value) as string[];
      const pos = tokens.out(its.pos) as string[];
      const lemmas = tokens.out(its.lemma) as string[];
      const negations = tokens.out(its.negationFlag) as boolean[];
      const stops = tokens.out(its.stopWordFlag) as boolean[];
      out.sentences.push({
        text: s.out(),
        tokens: words.map((w, i) => ({
          text: w,
          lower: w.toLowerCase(),
          pos: pos[i] ?? 'X',
          lemma: (lemmas[i] ?? w).toLowerCase(),
          negated: Boolean(negations[i]),
          stop: Boolean(stops[i]),
        })),
      });
    });
    doc
      .entities()
      .each((e: { out: (f: unknown) => { value: string; type: string } }) => out.entities.push(e.out(its.detail)));
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(input, out);
  return out;
}

/**
 * How many of the text's words are English stop words by the model's own list ("my", "the",
 * "away", "last"): two or more mean the text is English whatever a language guesser says.
 */
export function englishStopWords(text: string): number {
  let n = 0;
  for (const s of parse(text).sentences) for (const t of s.tokens) if (t.stop) n += 1;
  return n;
}

/** Words that may stand between "I/we" and the verb ("I just sketched", "we've finally shipped"). */
const BETWEEN = new Set(['just', 'finally', 'already', 'also', 'actually', 'literally', 'only', 'recently', 'once']);

/**
 * True when a sentence tells what the writer did ("I sketched a fox this morning", "we've shipped
 * offline mode", "our allotment grew …"): a first-person subject (or a noun after "my"/"our" opening
 * the sentence) whose verb the tagger inflects for the past (its lemma differs and it is not an -ing
 * or -s form). Such a statement is news, not a request.
 */
export function tellsOwnPast(text: string): boolean {
  for (const s of parse(text).sentences) {
    const t = s.tokens;
    for (let i = 0; i < t.length; i++) {
      let j = i + 1;
      // "our allotment grew …", "my cousin won …": a possessed noun opening the sentence is the subject.
      if (i === 0 && /^(?:my|our)$/.test((t[i] as Token).lower)) {
        while (j < t.length && j <= 3 && ['ADJ', 'NOUN', 'PROPN'].includes((t[j] as Token).pos)) j++;
        if (j === 1 || (t[j - 1] as Token).pos === 'ADJ') continue;
      } else if (!/^(?:i|we)$/.test((t[i] as Token).lower)) continue;
      while (
        j < t.length &&
        (BETWEEN.has((t[j] as Token).lower) || /^(?:'ve|’ve|have|had|'d)$/.test((t[j] as Token).lower))
      )
        j++;
      const verb = t[j];
      if (verb?.pos !== 'VERB') continue;
      if (verb.lemma !== verb.lower && !/(?:ing|s)$/.test(verb.lower) && (t[j - 1] as Token).lower !== "'d")
        return true;
    }
  }
  return false;
}

/** Verbs of wanting: "she wants a logo for her salon" asks on someone's behalf, it tells nothing. */
const WANTING = new Set(['want', 'need', 'like', 'love', 'require', 'wish', 'hope']);

/**
 * True when a message tells what someone else does or did ("she says she prefers selling prints",
 * "my neighbour painted his van"): a sentence opening with a third-person pronoun, or a noun after
 * "my"/"our", whose verb is finite (the tagger inflects it: past or -s) and not one of wanting.
 * Such a statement is news about them, not a request.
 */
export function tellsOfOthers(text: string): boolean {
  for (const s of parse(text).sentences) {
    const t = s.tokens;
    let j = 0;
    if (/^(?:she|he|they)$/.test(t[0]?.lower ?? '')) j = 1;
    else if (/^(?:my|our)$/.test(t[0]?.lower ?? '')) {
      j = 1;
      while (j < t.length && j <= 3 && ['ADJ', 'NOUN', 'PROPN'].includes((t[j] as Token).pos)) j++;
      if (j === 1) continue;
    } else continue;
    while (j < t.length && BETWEEN.has((t[j] as Token).lower)) j++;
    const verb = t[j];
    if (verb?.pos !== 'VERB' || verb.lemma === verb.lower || /ing$/.test(verb.lower) || WANTING.has(verb.lemma))
      continue;
    return true;
  }
  return false;
}

/** Clears the parse cache (with the model, when memory matters). */
export function clearParseCache(): void {
  cache.clear();
}

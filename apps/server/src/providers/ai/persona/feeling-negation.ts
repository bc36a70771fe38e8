/**
 * How one word of a sentence counts for the writer's feeling: its lexicon valence (the word, else
 * its lemma), turned by a negation over it ("not bad", "nobody got hurt", "I wouldn't say I'm
 * okay"), as `feeling.ts` sums it clause by clause.
 */
import type { Token } from './parse';

/**
 * Words of being all right ("fine", "okay"): mildly good when said, but saying one is not fine
 * is as bad as saying one is not good ("I wouldn't say I'm okay").
 */
const STATE_WORDS: Record<string, number> = { fine: 1, okay: 1, ok: 1, alright: 1 };
/** What a denied state word weighs ("not okay"). */
const DENIED_STATE = -3;

/** Negators the tagger may leave unmarked right before the word ("not bad", "no good"). */
const NEGATORS = new Set(['not', "n't", 'never', 'no', 'nothing', 'hardly', 'cannot']);
/**
 * Negative pronouns that deny what follows a verb later ("nobody got hurt", "none of us were
 * injured"), or the verb's complement after its object ("nothing makes me happy").
 */
const NOBODY = new Set(['nobody', 'noone', 'none', 'nothing', 'neither']);
/** Object pronouns between a verb and its complement ("nothing makes me happy"). */
const OBJECTS = new Set(['me', 'us', 'him', 'her', 'them', 'you']);
/** Words that end a negation's scope (a question word starting a clause of its own). */
const SCOPE_END = new Set(['what', 'whats', "what's", 'how', 'why', 'where', 'who', 'whether', 'if', 'when']);
/** Subjects that open a clause of their own after "and", "but", "so" or a comma. */
const SUBJECTS = new Set(['i', "i'm", 'im', 'we', "we're", 'he', 'she', 'they', "they're", 'my', 'our']);
/** How much of a negated negative word's weight turns positive ("not bad" is faintly good). */
const NEGATED_NEGATIVE = 0.3;

/**
 * A token's lexicon valence: the word as written, else its lemma from wink ("aches" → "ache",
 * "panicking" → "panic"), so an inflection AFINN does not list still carries its stem's feeling.
 * Lemmas of auxiliaries and pronouns are skipped (they are never feelings), and so are verbs but
 * for their -ing form.
 */
export function lexiconValue(t: Token, words: Record<string, number>): number {
  const own = words[t.lower] ?? words[t.text];
  if (own !== undefined) return own;
  if (!['VERB', 'NOUN', 'ADJ', 'ADV'].includes(t.pos) || t.lemma === t.lower) return 0;
  // A verb's other forms are actions ("cleaned the flat" is not "clean"); only its -ing form is a
  // state the writer is in ("panicking").
  if (t.pos === 'VERB' && !t.lower.endsWith('ing')) return 0;
  return words[t.lemma] ?? 0;
}

/**
 * "not bad at all 👀 like actually fun": between the negator and the word, "at all" or an emoji
 * closes the denial, so what follows is said outright (the tagger's scope runs to the clause end).
 */
function closedDenial(tokens: readonly Token[], i: number): boolean {
  let closed = false;
  for (let j = i - 1; j >= 0; j--) {
    const t = tokens[j] as Token;
    // "the not knowing" names a state; it denies nothing.
    if (NEGATORS.has(t.lower))
      return closed || (t.lower === 'not' && (tokens[j - 1] as Token | undefined)?.lower === 'the');
    if (
      (t.lower === 'all' && (tokens[j - 1] as Token | undefined)?.lower === 'at') ||
      /\p{Extended_Pictographic}/u.test(t.text)
    )
      closed = true;
  }
  return false;
}

/** The valence of one token in its sentence: the lexicon value, turned by a negation over it. */
export function tokenValue(tokens: readonly Token[], i: number, words: Record<string, number>): number {
  const t = tokens[i] as Token;
  // "a parking fine" is a penalty, not a state.
  const state = t.pos === 'NOUN' ? undefined : STATE_WORDS[t.lower];
  const value = state ?? lexiconValue(t, words);
  if (!value) return 0;
  let negated =
    t.negated ||
    NEGATORS.has((tokens[i - 1] as Token | undefined)?.lower ?? '') ||
    NOBODY.has((tokens[i - 2] as Token | undefined)?.lower ?? '') ||
    (OBJECTS.has((tokens[i - 1] as Token | undefined)?.lower ?? '') &&
      NOBODY.has((tokens[i - 3] as Token | undefined)?.lower ?? ''));
  // The negation of "don't know" does not reach into "what's wrong": a question word or a new
  // subject between the negator and the word ends its scope.
  for (let j = i - 1; negated && j >= 0 && (tokens[j] as Token).negated; j--) {
    if (SCOPE_END.has((tokens[j] as Token).lower)) negated = false;
    // "…hasn't come home and I'm worried": a new clause with its own subject.
    const joined = /^(?:and|but|so|,|since|because|as|after|when|cos|cause)$/.test(
      (tokens[j - 1] as Token | undefined)?.lower ?? '',
    );
    if (joined && SUBJECTS.has((tokens[j] as Token).lower)) negated = false;
  }
  if (negated && closedDenial(tokens, i)) negated = false;
  if (!negated) return value;
  if (state !== undefined) return DENIED_STATE;
  // Litotes: "not the worst", "not bad at all" deny a bad thing outright — good, not faintly so.
  const outright =
    (tokens[i - 1] as Token | undefined)?.lower === 'the' ||
    ((tokens[i + 1] as Token | undefined)?.lower === 'at' && (tokens[i + 2] as Token | undefined)?.lower === 'all');
  return value > 0 ? -value : -value * (outright ? 1 : NEGATED_NEGATIVE);
}

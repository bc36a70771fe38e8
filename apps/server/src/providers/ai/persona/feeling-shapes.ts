/**
 * Shapes of a clause that the feeling reader (`feeling.ts`) weighs beside its words: a clause that
 * asks, and the adjective it asks with ("any good books?" is no feeling); a negation before an event
 * ("nobody got hurt"); a time still ahead ("on Thursday"); a first done ("my very first sale").
 */
import { isRole } from './fact-words';
import type { Token } from './parse';

/**
 * A clause that asks: it ends with a question mark, or opens with a question word or an inverted
 * auxiliary ("what a day" and "how lovely" are exclamations).
 */
export const ASKING =
  /\?\s*$|^\s*(?:(?:so|and|ok|okay|hey|hi|hmm|also)[,.!]?\s+)*(?:what(?!\s+an?\s)|whats|what's|which|where|any|anything|is there|are there|do|does|did|can|could|should|would|will|is|are)\b/i;

/** An adjective before the noun it describes ("a good card game", "any nice places"). */
export function attributive(tokens: readonly Token[], i: number): boolean {
  if ((tokens[i] as Token).pos !== 'ADJ') return false;
  for (let j = i + 1; j < tokens.length; j++) {
    const pos = (tokens[j] as Token).pos;
    if (pos === 'NOUN' || pos === 'PROPN') return true;
    if (pos !== 'ADJ' && pos !== 'ADV' && pos !== 'NUM') return false;
  }
  return false;
}

/** A negation just before an event ("nobody got hurt", "we didn't get evicted"). */
export const DENIED_EVENT =
  /\b(?:nobody|no one|no-one|none of (?:us|them)|nothing|never|not|didn't|didnt|did not|wasn't|weren't|hasn't|haven't)\s+(?:\w+\s+)?$/i;

/** A time still ahead: what happens then has not happened yet. */
export const SCHEDULED =
  /\b(?:tomorrow|tonight|later|soon|next (?:week|month|year|\w+day)|in (?:an?|\d+|a few|two|three) (?:hours?|minutes?|days?|weeks?)|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|at \d{1,2}(?::\d\d)?\s*(?:am|pm)?|coming up|upcoming)\b/i;

/** A verb in a past form the tagger inflects ("sold", "paid"), not negated and not a bad one. */
function donePast(v: Token, words: Record<string, number>): boolean {
  if (v.pos !== 'VERB' || v.negated) return false;
  const past = v.lemma !== v.lower && !/(?:ing|s)$/.test(v.lower);
  return past && (words[v.lower] ?? 0) >= 0;
}

/**
 * A first done ("he rode his first wave", "we sold our very first print"): a verb the tagger
 * inflects for the past, not a negative one, a few words before "first". Scored as good news. A
 * first named as a thing ("my very first sale", "first commission ever") is one too when the
 * message tells something done in the past and nothing bad or still ahead ("my first chemo is on
 * Monday" is neither).
 */
export function milestone(tokens: readonly Token[], words: Record<string, number>): number {
  for (let i = 0; i < tokens.length; i++) {
    if ((tokens[i] as Token).lower !== 'first') continue;
    // The thing that was a first, past the words describing it ("my first paid booking"); the tagger
    // may read a participle before it, or the thing itself, as a verb ("paid/VERB booking/VERB").
    const noun = (t: Token | undefined) => t?.pos === 'NOUN' || (t?.pos === 'VERB' && t.lower.endsWith('ing'));
    const describes = (t: Token | undefined) =>
      t?.pos === 'ADJ' || t?.pos === 'ADV' || (t?.pos === 'VERB' && /(?:ed|id|nt)$/.test(t.lower));
    let k = i + 1;
    while (describes(tokens[k]) && !noun(tokens[k])) k++;
    const thing = noun(tokens[k]) ? (tokens[k] as Token) : undefined;
    // A first of one's own ("my very first sale", "our first order") or the first ever ("first sale ever").
    const owned =
      /^(?:my|our|his|her|their|very)$/.test((tokens[i - 1] as Token | undefined)?.lower ?? '') ||
      /^ever+$/.test((tokens[k + 1] as Token | undefined)?.lower ?? '');
    // "My very first sale." alone, after what was done, says the same.
    const told = tokens.some((t) => donePast(t, words)) || !tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX');
    if (
      owned &&
      thing !== undefined &&
      thing.lower !== 'time' &&
      told &&
      !tokens.some((t) => (words[t.lower] ?? 0) < 0 || t.negated) &&
      !SCHEDULED.test(tokens.map((t) => t.text).join(' '))
    )
      return 2;
    // "…for the first time" reaches back to the verb of the whole clause.
    const reach = (tokens[i + 1] as Token | undefined)?.lower === 'time' ? i : 4;
    for (let j = i - 1; j >= Math.max(0, i - reach); j--) {
      const v = tokens[j] as Token;
      if (v.pos !== 'VERB' || v.negated) continue;
      const past = v.lemma !== v.lower && !/(?:ing|s)$/.test(v.lower);
      if (past && (words[v.lemma] ?? 0) >= 0 && (words[v.lower] ?? 0) >= 0) return 2;
    }
  }
  return 0;
}

/**
 * A clause that only says where someone works, grew up or lives ("I work at the hospital", "I'm a
 * nurse at the hospital", "I was brought up in Tenby", "my wife grew up near Cork"): a fact, not a
 * feeling, so the classifier does not read the place's mood into it.
 */
const SAYS_WHERE =
  /^\W*(?:(?:i|we|he|she|they|(?:my|our) [\p{L}-]+(?: [\p{L}-]+)?)(?:\s+(?:still|now|currently|also|originally))?(?:\s+(?:work|works|worked|am working|is working|are working|grew up|was born|were born|was raised|were raised|was brought up|were brought up|live|lives|lived|am living|studied|went to school|went to uni)|(?:'m|’m| am| is| was) an? ([\p{L}-]+))|born and (?:raised|bred)|grew up|raised|brought up)\s+(?:at|in|for|on|near|outside)\s+(?:(?:an?|the|our|my|his|her|their)\s+)?[\p{L}\d &'-]{1,40}\W*$/iu;

/** Ages of the writer's people and nothing else: "my eldest is 14 and my youngest is 9". */
const AGES_ONLY =
  /^\W*(?:(?:my|our|the) [\p{L}-]+(?: [\p{L}-]+)? (?:is|are|'s) (?:nearly |almost |just )?\d{1,3}(?: (?:years?|months?|weeks?) old)?(?: now)?(?:\s*(?:,|and|&)\s*|\W*$))+$/iu;

/**
 * True when a clause only says where someone works, grew up or lives ({@link SAYS_WHERE}, a role
 * noun if one is named) or how old the writer's people are ({@link AGES_ONLY}): no feeling.
 */
export function saysPlainFact(clause: string): boolean {
  if (AGES_ONLY.test(clause)) return true;
  const m = SAYS_WHERE.exec(clause);
  return !!m && (!m[1] || isRole(m[1].toLowerCase()));
}

/**
 * A worry recast as small: "turns out it was just a loose hubcap", "turned out to be nothing",
 * "update: just a bad tooth", "it was only a sprain", "vet says it's just an allergy".
 */
export const RECAST =
  /\bturn(?:s|ed)? out\b[^.!?]{0,50}\b(?:just|only|nothing)\b|^\W*(?:update|news|good news|phew)\W+(?:(?:it|he|she|they)(?:'s| is| was| were|’s)\s+)?(?:just|only)\s+an?\s+|\b(?:it|he|she)(?:'s| is| was|’s)\s+(?:just|only)\s+an?\s+(?:(?:minor|small|little|mild|bad)\s+)?(?:sprain|bruise|infection|cold|virus|allergy|tooth|scratch|graze|false alarm|cyst|strain|twist|bug)\b|\b(?:says?|said)\s+(?:it'?s|it was|it is)\s+(?:just|only)\s+an?\b/iu;

/**
 * Favourites and pastimes said in passing, read from the parse rather than from one sentence shape:
 * "fav colour mauve, fav film amelie" (the thing right after the kind), "tonight I eat ramen, it is
 * my favourite food" and "a Nirvana tribute gig — they have been my favourite band" (a pronoun
 * before "my favourite …" stands for the nearest name or noun before it), "ramen later (fav food
 * ever)" (an aside names the thing just before it), "climbing on Sunday, it's my main hobby", "I took
 * up knitting last winter", "I play hockey for a local club". Kept as likes ("ramen (favourite
 * food)", "knitting").
 */

import { nounPhrase } from './fact-tastes';
import { capped } from './fact-words';
import type { Sentence, Token } from './parse';
import { isKindOf } from './word-kinds';

/** Words for "favourite" (spelled any common way). */
const FAVOURITE = /^(?:favou?rite|fav|fave|faves|favs)$/i;
/** A pastime named as such ("it's my main hobby"). */
const PASTIME = /^(?:hobby|pastime|passion|obsession|personality)$/i;
/** Pronouns that stand for a thing told just before. */
const STANDS_FOR = /^(?:it|its|they|this|that|those|these|he|she|which)$/i;
/** Nouns that are no thing one likes ("week", "thing", "kind"). */
const NOT_A_THING =
  /^(?:thing|things|stuff|kind|sort|type|week|weekend|day|time|way|lot|bit|one|ones|part|tonight|today|morning|evening|night|ticket|tickets|tix|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|arms?|legs?|hands?|back|shoulders?|knees?|feet|fingers?)$/i;
/** Time words that end a pastime ("knitting last winter"). */
const WHEN_TAIL = /\s+(?:last|this|next|every|on|in|since|at|most|a few)\b.*$/i;

const nounish = (t: Token) => t.pos === 'NOUN' || t.pos === 'PROPN';

/**
 * The name or noun run nearest before token `at` (a proper name in the same stretch first): "a
 * Nirvana tribute gig — they …" → "Nirvana"; "I eat ramen, it …" → "ramen".
 */
function antecedent(tokens: readonly Token[], at: number, activity = false): string | null {
  // The stretch before: back to the start or a sentence-like break.
  let from = at - 1;
  while (from >= 0 && !/^[.!?]$/.test(tokens[from]!.text)) from--;
  const before = tokens.slice(from + 1, at);
  const runs: Token[][] = [];
  let run: Token[] = [];
  for (const t of before) {
    // A pastime may be an -ing form ("climbing on Sunday, it's my hobby").
    const doing = activity && t.pos === 'VERB' && /ing$/.test(t.lower);
    if ((nounish(t) || doing) && !NOT_A_THING.test(t.lower) && !/^(?:i|my|me)$/i.test(t.lower)) run.push(t);
    else {
      if (run.length) runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  if (!runs.length) return null;
  const named = [...runs].reverse().find((r) => r.some((t) => t.pos === 'PROPN' && /^\p{Lu}/u.test(t.text)));
  const chosen = named ? named.filter((t) => t.pos === 'PROPN') : (runs.at(-1) as Token[]);
  return chosen.map((t) => t.text).join(' ');
}

/** The kind after "favourite" ("band", "food"), or null. */
function kindAfter(tokens: readonly Token[], i: number): string | null {
  const next = tokens[i + 1];
  return next && nounish(next) && !NOT_A_THING.test(next.lower) ? next.lower : null;
}

/**
 * Favourite things and pastimes in one sentence (see the file comment), as likes ("mauve (favourite
 * colour)", "pottery"); empty when none is told. Questions ("what's your fav film?") are not read
 * here: the caller passes statements.
 */
export function favouritesOf(sentence: Sentence): string[] {
  const t = sentence.tokens;
  const out: string[] = [];
  for (let i = 0; i < t.length; i++) {
    const word = t[i]!;
    const favourite = FAVOURITE.test(word.lower);
    // "my favourite thing in the world" names no kind: a pastime, like "my main hobby".
    const pastime =
      PASTIME.test(word.lower) || (favourite && /^(?:things?|hobby|pastime|sport)$/.test(t[i + 1]?.lower ?? ''));
    if (!favourite && !pastime) continue;
    // Only the writer's: "my favourite", a bare "fav colour …", or "(fav food ever)".
    const owner = t[i - 1]?.lower;
    const ownerAt =
      owner && /^(?:main|new|biggest|latest|current|absolute|all-time|top|big|only|whole)$/.test(owner) ? i - 2 : i - 1;
    const own = t[ownerAt]?.lower;
    if (own && /^(?:your|his|her|their|ur|yr)$/.test(own)) continue;
    const kind = favourite ? kindAfter(t, i) : null;
    if (favourite && !kind && !pastime) continue;
    const after = kind ? i + 2 : i + 1;
    // "fav colour mauve": the thing right after the kind (no verb between).
    const next = t[after];
    if (kind && next && (nounish(next) || next.pos === 'ADJ') && !/^(?:is|are|was|ever|since|of)$/i.test(next.lower)) {
      const rest = t
        .slice(after)
        .map((x) => x.text)
        .join(' ');
      const thing = nounPhrase(rest, sentence);
      if (thing && !NOT_A_THING.test(thing)) {
        out.push(`${thing} (favourite ${kind})`);
        continue;
      }
    }
    // "X is / they have been / it's my favourite …": the subject, or what its pronoun stands for.
    let j = ownerAt - 1;
    while (
      j >= 0 &&
      /^(?:is|are|was|were|been|have|has|'s|'re|be|become|became|becoming|always|probably|definitely|still|now|officially|basically|honestly|really|literally|kind of|kinda)$/i.test(
        t[j]!.lower,
      )
    )
      j--;
    // "its my whole personality now": "its" typed for "it's" links too.
    const linked = (j < ownerAt - 1 || t[j]?.lower === 'its') && own === 'my';
    let thing: string | null = null;
    if (linked && t[j] && STANDS_FOR.test(t[j]!.lower)) thing = antecedent(t, j, pastime);
    else if (linked && t[j] && nounish(t[j]!)) thing = antecedent(t, j + 1, pastime);
    // "ramen later (fav food ever)": an aside about the thing before it.
    else if (!own || /^[(,:;—–-]$/.test(own)) {
      if (ownerAt > 0) thing = antecedent(t, ownerAt, pastime);
    }
    if (thing && !STANDS_FOR.test(thing)) out.push(kind ? `${thing} (favourite ${kind})` : thing);
  }
  // "I took up knitting last winter", "I play hockey for a local club": a pastime by its verb.
  const text = sentence.text;
  const took = /\b(?:took up|taken up|take up)\s+(.+)$/i.exec(text);
  if (took?.[1]) {
    const thing = nounPhrase(took[1], sentence)?.replace(WHEN_TAIL, '');
    if (thing && !NOT_A_THING.test(thing)) out.push(thing);
  }
  const club =
    /\bi (?:play|do)\s+(.+?)\s+(?:for|in|with|at)\s+(?:a|an|the|my|our)\s+(?:\w+\s+){0,2}(?:club|team|league|squad)\b/i.exec(
      text,
    );
  if (club?.[1]) {
    const thing = nounPhrase(club[1], sentence);
    if (thing) out.push(thing);
  }
  // "sore after water polo training — I've played in a local club for three years": a sport by its
  // training, when the writer says they play or train.
  if (PLAYS.test(text)) {
    for (const m of text.matchAll(PRACTICE)) {
      const words = (m[1] as string).split(/\s+/);
      if (!isPastime(words.at(-1) as string)) continue;
      const first = sentence.tokens.find((x) => x.lower === words[0]?.toLowerCase());
      const compound = words.length > 1 && first && nounish(first) && !NOT_A_THING.test(first.lower);
      out.push((compound ? words : words.slice(-1)).join(' ').toLowerCase());
    }
  }
  return [...new Set(out.map((v) => capped(v)).filter((v): v is string => v !== null))];
}

/** A pastime's word, a kind of sport, game, craft or exercise in WordNet ("polo", "badminton", "pottery"). */
function isPastime(word: string): boolean {
  const w = word.toLowerCase();
  return ['sport', 'athletics', 'game', 'recreation', 'craft', 'handicraft', 'exercise'].some((k) => isKindOf(w, k));
}
/** A pastime before the practice of it ("water polo training", "badminton club"). */
const PRACTICE =
  /\b((?:[\p{L}-]+\s+)?[\p{L}-]+)\s+(?:training|practice|practise|sessions?|lessons?|class(?:es)?|match(?:es)?|league|club|team)\b/giu;
/** The writer plays or trains ("I've played in a local club", "I play in club 3 years"). */
const PLAYS =
  /\b(?:i|we)(?:'ve| have)?\s+(?:been\s+)?(?:also\s+|still\s+)?(?:play|played|playing|train|trained|training|compete|competed)\b|\b(?:my|our) (?:club|team|league)\b/i;

/**
 * Recall by retrieval: what the user said about themselves is kept as they said it (a bounded list
 * of statements in DialogueMemory, beside the structured facts; `statements.ts`), and a recall question that no
 * structured fact answers ("what did I tell you about my knee?", "where does my brother live?",
 * "what was my gran called?") is answered from what was stored — keyed facts first, then the
 * statements — by the words it asks about (light stems and kinship ties, `relations.ts`). The answer
 * restates what the user said in the second person ("you told me your brother Callum lives in
 * Dundee"); nothing is made up, and nothing is found when no stored word matches.
 */
import type { DialogueMemory, MemoryFacts } from '@app/domain/chat';
import { describePets } from './describe';
import { DISCOURSE_OPENERS } from './discourse-words';
import { isKnownWord } from './english-words';
import { parse } from './parse';
import { answerShape, answersAsked, fitsShape, namesParticular } from './recall-shape';
import { type AboutFact, describeAbout, isPersonTie } from './relations';
import { isAnimalKind } from './word-kinds';
import { findsThing, related, sameThing, stem, wordsIn } from './word-match';

/** Words of a question that say nothing of what it asks about. */
const QUESTION_NOISE = new Set(
  'what whats who whos whom whose when whens where wheres which why how do does did done doing is are was were am be been being have has had my i im me mine myself you your yours u ur again remember remind recall tell told telling say said saying mention mentioned know knew call called name named names about thing things anything something stuff it its that this those these the a an of to in on at for with just ever earlier before last time please can could would will should shall ok okay so any there then now yet still back go goes going get got also and or but not no yes hey hi um hmm right sorry real really actually exactly quick again anymore much many lot who there bit ive id by way btw far until till already thus'.split(
    ' ',
  ),
);

/** Describing words between "my" and the thing asked about ("my best friend", "my side project"). */
export const DESCRIBING =
  /^(?:best|older|younger|little|big|eldest|oldest|youngest|favourite|favorite|fave|fav|new|old|side|own)$/;

/** The words a recall question asks about, and which of them follow "my" (the thing asked about). */
export function askedWords(question: string): { words: string[]; heads: string[] } {
  const all = wordsIn(question);
  const heads: string[] = [];
  for (let i = 1; i < all.length; i++) {
    if (all[i - 1] !== 'my' && all[i - 1] !== 'our') continue;
    // "my best friend": the noun after the describing words.
    let j = i;
    while (j + 1 < all.length && DESCRIBING.test(all[j] as string)) j++;
    heads.push(all[j] as string);
    if (j !== i) heads.push(all[i] as string);
  }
  // "i'm", "i've": a contraction is noise when its letters are ("im", "ive").
  const noise = (w: string) => QUESTION_NOISE.has(w) || QUESTION_NOISE.has(w.replace(/'/g, ''));
  const words = all.filter((w) => !noise(w) && w.length > 1);
  return { words, heads: heads.filter((h) => !noise(h)) };
}

/** One thing that may answer: how it reads back, and its words. */
interface Candidate {
  answer: string;
  words: string[];
  /** Higher wins ties: keyed facts over statements, newer statements over older. */
  rank: number;
  /** Said in passing (a statement or a plan), not a keyed fact: it must answer in the shape asked. */
  said?: boolean;
}

/** Discourse words and greetings opening a statement ("hey, …", "oh and …"), left out when it is said back. */
const LEADING_OPENERS = new RegExp(
  `^(?:(?:${[...DISCOURSE_OPENERS, 'ugh', 'basically', 'fun fact', 'fyi', 'by the way', 'oh and', 'and then', 'hello', 'hiya', 'yo', 'morning'].join('|')})[,:!.]?\\s+)+`,
  'i',
);

/** Second-person restatement of what the user said ("I hurt my knee" → "you hurt your knee"). */
export function restate(text: string): string {
  return text
    .replace(LEADING_OPENERS, '')
    .replace(/\bI(?:'m|’m| am)\b/g, "you're")
    .replace(/\bim\b/g, "you're")
    .replace(/\bI was\b/g, 'you were')
    .replace(/\bI(?:'ve|’ve)\b/g, "you've")
    .replace(/\bI(?:'d|’d)\b/g, "you'd")
    .replace(/\bI(?:'ll|’ll)\b/g, "you'll")
    .replace(/\bi\b/g, 'you')
    .replace(/\bI\b/g, 'you')
    .replace(/\bwe(?:'re|’re| are)\b/gi, "you're")
    .replace(/\bwe were\b/gi, 'you were')
    .replace(/\bwe\b/gi, 'you')
    .replace(/\bmyself\b/gi, 'yourself')
    .replace(/\bmine\b/gi, 'yours')
    .replace(/\b(?:my|our)\b/gi, 'your')
    .replace(/\b(?:me|us)\b/gi, 'you')
    .replace(/[.!\s]+$/, '')
    .trim();
}

/** Longest sentence quoted whole; a longer run-on one is cut into its clauses. */
const LONG_SENTENCE = 140;

/** The parts of a statement said back: its sentences, and the clauses of a run-on one. */
function clauses(note: string): string[] {
  // A short statement is said whole: its sentences may lean on each other ("spiders. if I see one …").
  if (note.length <= LONG_SENTENCE / 1.5) return [note];
  return note
    .split(/(?<=[.!?;])\s+/)
    .flatMap((s) => (s.length > LONG_SENTENCE ? s.split(/\s*(?:[,;—–]+\s+|\s+(?:anyway|but)\s+)/i) : [s]))
    .map((c) => c.trim())
    .filter((c) => c.split(/\s+/).length >= 2);
}

/**
 * The words a stored text is matched by: as written, and in dictionary form from the tagger ("grew"
 * also gives "grow", "drove" gives "drive"), so a question in another tense still finds it.
 */
function matchWords(text: string): string[] {
  const lemmas = parse(text)
    .sentences.flatMap((s) => s.tokens)
    .map((t) => t.lemma)
    .filter((l) => /^\p{L}[\p{L}'-]*$/u.test(l));
  return [...new Set([...wordsIn(text), ...lemmas])];
}

function candidatesOf(facts: MemoryFacts, notes: readonly string[], asksName: boolean): Candidate[] {
  const out: Candidate[] = [];
  for (const f of facts.about ?? []) {
    // A name answers "what's my uncle called?"; "what does my uncle do?" is better answered by what was said.
    const rank = f.value.startsWith('called ') && !asksName ? -1 : 1000;
    out.push({ answer: describeAbout(f), words: wordsIn(`${f.key} ${f.value}`), rank });
  }
  for (const like of facts.likes ?? []) {
    out.push({ answer: `you like ${like}`, words: [...wordsIn(like), 'like', 'love'], rank: 900 });
  }
  for (const thing of facts.dislikes ?? []) {
    out.push({ answer: `you don't like ${thing}`, words: [...wordsIn(thing), 'hate', 'dislike'], rank: 900 });
  }
  for (const said of facts.diet ?? []) out.push({ answer: said, words: [...wordsIn(said), 'eat', 'diet'], rank: 900 });
  for (const plan of facts.plans ?? []) out.push({ answer: plan, words: wordsIn(plan), rank: 900, said: true });
  if (facts.pets?.length) {
    for (const p of facts.pets) {
      out.push({
        answer: describePets([p])[0] as string,
        words: wordsIn(`${p.kind ?? 'pet'} ${p.name} pet`),
        rank: 900,
      });
    }
  }
  if (facts.workingOn) {
    out.push({ answer: `you're working on ${facts.workingOn}`, words: wordsIn(facts.workingOn), rank: 800 });
  }
  notes.forEach((note, i) => {
    for (const c of clauses(note)) {
      out.push({ answer: `you told me ${restate(c)}`, words: matchWords(c), rank: i, said: true });
    }
  });
  return out;
}

/** A direct match (same stem or tie) counts one; a match by field of meaning counts half. */
function matchScore(words: readonly string[], word: string): number {
  if (words.some((w) => sameThing(w, word))) return 1;
  return words.some((w) => related(w, word)) ? 0.5 : 0;
}

/**
 * The stored things a recall question asks about, said back ("your sister is called Priya", "you told
 * me you hurt your knee playing football on Sunday"); null when nothing stored matches. A question
 * naming "my <thing>" must match that thing (unless `anyThing`: a kind of fact that was not stored,
 * "what's my job?"); one about no thing of the user's (`strict`, e.g. "who's getting married?")
 * must match every word it asks about. Facts about the same thing come together.
 */
export function recallByRetrieval(
  question: string,
  memory: Pick<DialogueMemory, 'facts' | 'notes'>,
  options: { strict?: boolean; anyThing?: boolean } = {},
): string | null {
  const { words, heads: named } = askedWords(question);
  const heads = options.anyThing ? [] : named;
  const strict = options.strict ?? false;
  if (!words.length) return null;
  const asksName = /\b(?:call(?:ed)?|names?d?|who(?:'s|s)?|whom)\b/i.test(question);
  const shape = answerShape(question);
  const scored = candidatesOf(memory.facts, memory.notes ?? [], asksName)
    // A statement answers only in the shape asked: "I walked my dog" names no dog.
    .filter((c) => c.rank >= 800 || fitsShape(c.answer, shape))
    // "your sister had a baby girl called Rosalind" does not name the sister (see answersAsked).
    .filter((c) => !c.said || answersAsked(c.answer, c.words, question, named, shape))
    .map((c) => {
      const scores = words.map((w) => matchScore(c.words, w));
      const hits = scores.reduce((n, x) => n + x, 0);
      const all = scores.every((x) => x > 0);
      // The stored word that is the thing asked about ("brothers" for "my family").
      const thing = heads.length ? c.words.find((w) => heads.some((h) => findsThing(h, w))) : undefined;
      return { c, hits, thing, all };
    })
    .filter(({ hits, thing, all }) => (heads.length ? thing !== undefined : strict ? all : hits > 0))
    .sort((a, b) => b.hits - a.hits || b.c.rank - a.c.rank);
  if (!scored.length) return null;
  // One answer per thing asked about, best first: "my family" may find a dad and two brothers.
  const seen = new Set<string>();
  const answers: string[] = [];
  for (const s of scored) {
    const key = s.thing ? stem(s.thing) : '';
    if (seen.has(key) || answers.length >= 3) continue;
    seen.add(key);
    answers.push(s.c.answer);
    if (!s.thing) break;
  }
  return answers.join('; ');
}

/**
 * The user's statements closest to a recall question that retrieval could not answer ("what guitar
 * do I own?" after "I restrung my Fender Telecaster"), said back, best first, at most `max`: each
 * statement is scored by the question's words it holds (fields of meaning and WordNet kinds count
 * half), plus half when it names something by its own name (a "what" or "which" question asks
 * for one); ties go to the newer. Only statements scoring above zero are offered, and they are
 * offered as what the avatar does know, never as the answer. Null when none scores, or when the
 * question asks about a person or an animal (the structured facts answer those, and "what's my dog
 * called?" is not answered by the cat).
 */
export function closestStatements(question: string, notes: readonly string[], max = 2): string | null {
  const { words } = askedWords(question);
  if (words.some((w) => isPersonTie(w) || isAnimalKind(w) || /^pets?$/.test(w))) return null;
  const ranked = notes
    .map((note, i) => {
      const told = matchWords(note);
      const hits = words.reduce((n, w) => n + matchScore(told, w), 0);
      return { note, i, score: hits + (namesParticular(note) ? 0.5 : 0) };
    })
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || b.i - a.i);
  const top = ranked[0]?.score ?? 0;
  // A statement that stands out is offered alone; otherwise the best few.
  const kept = ranked.filter((r, k) => k === 0 || (k < max && r.score === top));
  return kept.length ? kept.map((r) => `you told me ${restate(r.note)}`).join('; ') : null;
}

/**
 * A question about the past ("where did I grow up?", "what was my first car?", "where did I live
 * before?"), where one is from among them (an origin is where one was).
 */
const ASKS_PAST =
  /\b(?:did (?:i|we)|used to|before|previously|originally|grew up|growing up|home ?town|was (?:i|my)|were (?:we|my)|back then|as a (?:kid|child|teen|teenager)|first|(?:am|are) (?:i|we) (?:\w+ )?from|(?:do|did) (?:i|we) come from)\b/i;
/** A statement about the past: a past form the tagger inflects, or words of an earlier time. */
function tellsPast(text: string): boolean {
  if (/\b(?:used to|originally|born|raised|grew up|before|previously|first)\b/i.test(text)) return true;
  return parse(text).sentences.some((s) =>
    s.tokens.some((t) => t.pos === 'VERB' && t.lemma !== t.lower && !/(?:ing|s)$/.test(t.lower)),
  );
}
/** A question for a place ("where do I work?"). */
const ASKS_PLACE =
  /\bwhere\b|\b(?:which|what) (?:city|town|country|place|company|firm|employer|school|uni|university|hospital)\b|\bwho (?:do|did) (?:i|we) (?:\w+ (?:i |we )?)?work for\b/i;
/**
 * A place in a statement: "at", "in", "near" or "for" before a name, "a/the <noun>" ("at a bakery
 * called Crumbs"), or a lower-case word no English word list holds ("at zalando").
 */
function namesPlace(text: string): boolean {
  if (/\b(?:at|in|near|for)\s+(?:(?:the|a|an)\s+\p{L}+|\p{Lu}[\p{L}'’-]+)/u.test(text)) return true;
  return [...text.matchAll(/\b(?:at|in|near|for)\s+(\p{Ll}{3,})\b/gu)].some((m) => !isKnownWord(m[1] as string));
}

/** A word each kind of structured fact is matched by (its field of meaning, `word-match.ts`). */
const FACT_WORD: Readonly<Record<keyof MemoryFacts, string>> = {
  name: 'name',
  location: 'live',
  occupation: 'job',
  workingOn: 'project',
  likes: 'like',
  dislikes: 'hate',
  diet: 'diet',
  plans: 'plan',
  pets: 'pet',
  about: 'about',
};

/**
 * What the user said that answers a recall question better than the structured facts it names
 * (`keys`): "where did I grow up?" is not where the user lives now, "where do I work?" asks the
 * workplace a job title lacks. Each stored statement and each named fact is scored by the question's
 * words it holds (dictionary forms included), plus one when the question asks of the past and the
 * statement tells of it, and one when the question asks for a place and it names one; a statement
 * wins only with at least one word of the question (or a named fact's value) and a higher score than
 * every named fact (a tie keeps the fact: after a move, the new place answers, not an older
 * statement).
 * Returns the statement said back, or null.
 */
export function recallBeyondFacts(
  question: string,
  memory: Pick<DialogueMemory, 'facts' | 'notes'>,
  keys: readonly (keyof MemoryFacts)[],
): string | null {
  const { words } = askedWords(question);
  // A name or an animal is the thing itself: no statement says it better than the fact.
  if (!words.length || !memory.notes?.length || keys.some((k) => k === 'name' || k === 'pets')) return null;
  const past = ASKS_PAST.test(question);
  const place = ASKS_PLACE.test(question);
  // Each asked word also in its dictionary form ("living" → "live").
  const lemmaOf = new Map(parse(question).sentences.flatMap((s) => s.tokens.map((t) => [t.lower, t.lemma] as const)));
  const score = (candidate: readonly string[]) =>
    words.reduce((n, w) => {
      const lemma = lemmaOf.get(w);
      return n + Math.max(matchScore(candidate, w), lemma && lemma !== w ? matchScore(candidate, lemma) : 0);
    }, 0);
  let best = 0;
  // The words of each named fact's value, and what the fact scores on its own words.
  const facts: { value: string[]; hits: number }[] = [];
  for (const key of keys) {
    const value = memory.facts[key];
    const said = typeof value === 'string' ? value : JSON.stringify(value ?? '');
    const hits = score([...wordsIn(said), FACT_WORD[key]]);
    if (typeof value === 'string') facts.push({ value: wordsIn(value), hits });
    best = Math.max(best, hits + (place && key === 'location' ? 1 : 0));
  }
  let answer: string | null = null;
  memory.notes.forEach((note) => {
    for (const c of clauses(note)) {
      const told = matchWords(c);
      // A statement holding a named fact's value is about that fact ("I'm a nurse at St Mary's"): it
      // answers at least as well as the fact, and wins only by what it adds (a place, the past).
      const held = facts.filter((f) => f.value.length > 0 && f.value.every((w) => told.some((x) => sameThing(x, w))));
      const own = score(told);
      const shape = (past && tellsPast(c) ? 1 : 0) + (place && namesPlace(c) ? 1 : 0);
      // A word of the question, or a word of its field of meaning in the shape it asks for ("which
      // company?" and "in the dispatch office at Kestrel Freight": a place).
      if (own < 1 && !held.length && !(own > 0 && shape > 0)) continue;
      const hits = Math.max(own, ...held.map((f) => f.hits));
      const total = hits + shape;
      // Later statements win ties among themselves (the newest word on a thing).
      if (total > best || (answer !== null && total === best)) {
        best = total;
        answer = `you told me ${restate(c)}`;
      }
    }
  });
  return answer;
}

/** Keyed facts without those about a thing named (a "forget my sister's name"). */
export function forgetAbout(about: readonly AboutFact[], words: readonly string[]): AboutFact[] {
  return about.filter((f) => !wordsIn(f.key).some((k) => words.some((w) => sameThing(k, w))));
}

/**
 * What a user cannot stand and what they (or their people) cannot or will not eat, said in passing:
 * "can't stand olives", "not a fan of musicals", "I'm allergic to kiwi", "sesame allergy here",
 * "my daughter can't have dairy, she's intolerant", "went vegetarian in March". Read from the
 * parse: a cue (a verb of disliking, an allergy word, a diet word from a table), who it is about
 * (the writer, or "my <person>" and the pronoun after it) and the noun phrase it names, bounded by
 * the tagger's parts of speech. Kept said back in the second person ("you're allergic to kiwi").
 */
import { MEMORY_FACT_MAX_CHARS } from '@app/domain/chat';
import type { Sentence, Token } from './parse';
import { isPersonTie } from './relations';

/** Ways of eating one is (or is not), as a table of words. */
const DIETS =
  /\b(vegan|vegetarian|veggie|pescatarian|pescetarian|flexitarian|plant[- ]based|coeliac|celiac|gluten[- ]free|dairy[- ]free|nut[- ]free|halal|kosher|keto|paleo|teetotal|teetotaller|diabetic|t(?:ee)?total)\b/gi;

/** Words that end a noun phrase whatever the tagger says ("flying tbh", "olives lol"). */
const PHRASE_STOP =
  /^(?:tbh|tbf|ngl|imo|lol|lmao|haha+|tho|though|honestly|here|either|anymore|much|now|really|too|btw|whatsoever|personally|ever|anyway|so|but|because|cos|as|which|that|who|when|since|if|for|at|in|on|to|from|with|me|him|her|them|us|it|you|i|one|ones|bit|kind)$/i;

/** Particles of a phrasal verb ("getting up", "washing up"). */
const PARTICLE = /^(?:up|out|off|down|away|back|over|around|about)$/i;

/** Leading words of a noun phrase not kept ("the", "any", "anything with"). */
const PHRASE_LEAD =
  /^(?:(?:a|an|the|any|all|some|anything|things|stuff|food|foods)\s+(?:with|containing|made with|that has)?\s*)+/i;

/** A word the writer uses for themselves. */
const SELF = /^(?:i|i'm|im|i've|ive|i'd|i'll|me|myself)$/i;

function tokenOf(sentence: Sentence, word: string): Token | undefined {
  const w = word.toLowerCase();
  return sentence.tokens.find((t) => t.lower === w);
}

/**
 * The noun phrase at the start of `rest` ("horror films at all, …" → "horror films"): words the
 * tagger reads as nouns, adjectives, numbers or -ing forms, joined by "and"/"or" between two such.
 */
export function nounPhrase(rest: string, sentence: Sentence): string | null {
  const text = rest.replace(/^[\s:—–-]+/, '').replace(PHRASE_LEAD, '');
  const words = text.split(/\s+/);
  const kept: string[] = [];
  for (let i = 0; i < words.length && kept.length < 5; i++) {
    const raw = words[i] as string;
    // "gluten (coeliac)": a bracket opens an aside, not more of the phrase.
    if (kept.length && /^[^\p{L}\p{N}]/u.test(raw)) break;
    const word = raw.replace(/[^\p{L}\p{N}'’-]+$/u, '').replace(/^[^\p{L}\p{N}]+/u, '');
    if (!word) break;
    const tag = tokenOf(sentence, word)?.pos;
    const joins = /^(?:and|or|&)$/i.test(word) && kept.length > 0;
    // "getting up early": a particle or adverb after an -ing verb belongs to it.
    const verbPart =
      /ing$/i.test(kept.at(-1) ?? '') && (PARTICLE.test(word) || (tag === 'ADV' && !PHRASE_STOP.test(word)));
    const nounish =
      tag === 'NOUN' ||
      tag === 'PROPN' ||
      tag === 'ADJ' ||
      tag === 'NUM' ||
      tag === 'X' ||
      /ing$/i.test(word) ||
      verbPart;
    if ((PHRASE_STOP.test(word) && !verbPart) || (!nounish && !joins)) break;
    kept.push(word);
    // A comma or other mark after the word ends the phrase.
    if (word !== raw.replace(/^[^\p{L}\p{N}]+/u, '')) break;
  }
  while (kept.length && /^(?:and|or|&)$/i.test(kept.at(-1) as string)) kept.pop();
  const phrase = kept.join(' ');
  return phrase.length >= 2 && phrase.length <= MEMORY_FACT_MAX_CHARS / 2 ? phrase : null;
}

/**
 * Who a clause is about, from the words before its cue: the writer (a first-person word, or nothing:
 * "can't stand olives"), "your <person>" for "my <person>" (or "he"/"she" after one), or null for
 * anyone else ("my brother hates cheese" is the brother's, still kept as his).
 */
function whoseClause(before: string, sentence: string): 'self' | string | null {
  const words = before
    .toLowerCase()
    .replace(/[’]/g, "'")
    .split(/[^\p{L}'-]+/u)
    .filter(Boolean);
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i] as string;
    if (SELF.test(w)) return 'self';
    if (isPersonTie(w) && words[i - 1] === 'my') return `your ${w}`;
    if (isPersonTie(w) && (words[i - 1] === 'little' || words[i - 1] === 'older') && words[i - 2] === 'my')
      return `your ${w}`;
    if (/^(?:he|she|they|he's|she's|they're)$/.test(w)) {
      const tie = /\bmy\s+(?:(?:little|older|younger|big|baby|eldest|youngest)\s+)?([\p{L}-]+)/iu.exec(sentence)?.[1];
      return tie && isPersonTie(tie) ? `your ${tie.toLowerCase()}` : null;
    }
    if (/^(?:you|u|we|people|everyone|nobody|somebody|someone|it|this|that|who)$/.test(w)) return null;
  }
  return 'self';
}

/** The clause of a sentence that holds position `at` (split at commas, semicolons and dashes). */
function clauseBefore(text: string, at: number): string {
  const head = text.slice(0, at);
  const cut = Math.max(head.lastIndexOf(','), head.lastIndexOf(';'), head.lastIndexOf(' — '), head.lastIndexOf(':'));
  return head.slice(cut + 1);
}

const DISLIKE =
  /\b(?:(?:really\s+|absolutely\s+|just\s+|genuinely\s+|totally\s+|honestly\s+|seriously\s+|kinda\s+|still\s+|always\s+|also\s+)*(?:hate|dislike|loathe|detest|despise|can'?t stand|cannot stand|can not stand|can'?t bear|cannot bear|can'?t abide|can'?t deal with|(?:do not|don'?t|dont)\s+(?:really\s+)?(?:like|enjoy|do)|not (?:a |the )?(?:big |huge |massive |great )?fan of|not fond of|not (?:really |very )?into|no fan of|allergic to the idea of))\s+/gi;

/** Things the writer dislikes, as they named them ("horror films", "flying"). */
export function dislikesOf(sentence: Sentence): string[] {
  const text = sentence.text.replace(/’/g, "'").replace(/\s+/g, ' ');
  const out: string[] = [];
  for (const m of text.matchAll(DISLIKE)) {
    const at = m.index ?? 0;
    const before = clauseBefore(text, at);
    // "I don't hate it", "never said I dislike it": a denied dislike is none.
    if (/\b(?:don'?t|do not|never|not)\s+$/i.test(before) && !/not\b/i.test(m[0])) continue;
    if (whoseClause(before, text) !== 'self') continue;
    // "I hate to say it", "I hate that you…", "I hate it when…": no thing named.
    // "nothing I hate more than getting up early": the thing follows "more than".
    const rest = text.slice(at + m[0].length).replace(/^(?:(?:even\s+)?(?:more|most)(?:\s+than)?|the most)\s+/i, '');
    if (/^(?:to|it|that|this|when|how|being told|myself|you|u|him|her|them|people|everything|everyone)\b/i.test(rest))
      continue;
    const thing = nounPhrase(rest, sentence);
    if (thing && !out.includes(thing)) out.push(thing);
  }
  return out;
}

/** "allergic to X", "X allergy", "allergy to X", "intolerant to X", "X intolerance". */
const ALLERGY_AFTER = /\b(?:allergic|intolerant|sensitive)\s+(?:to|for|of|on)\s+|\ball?erg(?:y|ies)\s+to\s+/gi;
const ALLERGY_BEFORE = /\b((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:allerg(?:y|ies)|intolerance|intolerant|allergic)\b/giu;
/** "can't have anything with sesame", "don't eat gluten", "no dairy for me": what one cannot eat. */
const CANNOT_EAT =
  /\b(?:can'?t|cannot|can not|(?:do not|don'?t|dont|doesn'?t|does not|never)|must not|mustn'?t|(?:is|am|are|'m|'s|'re)\s+not allowed to)\s+(?:eat|have|touch|drink|digest|tolerate)\s+(?:any\s+)?/gi;

/** Words before "allergy" that are no food or thing ("serious allergy", "my allergy"). */
const NOT_ALLERGEN =
  /^(?:my|his|her|their|our|your|a|an|the|bad|mild|severe|serious|slight|real|proper|deadly|food|an?\s+\w+|this|that|some|no|any|have|has|had|with|of|what|which|is|'s)$/i;

/** What the writer or their people cannot or will not eat, said back ("you're allergic to kiwi"). */
export function dietOf(sentence: Sentence): string[] {
  const text = sentence.text.replace(/’/g, "'").replace(/\s+/g, ' ');
  const out: string[] = [];
  const add = (who: string | null, said: string) => {
    if (!who) return;
    const subject = who === 'self' ? 'you' : who;
    const be = who === 'self' ? "you're" : `${who} is`;
    const value = said.replace(/^BE /, `${be} `).replace(/^DO /, `${subject} `);
    if (value.length <= MEMORY_FACT_MAX_CHARS && !out.includes(value)) out.push(value);
  };
  for (const m of text.matchAll(ALLERGY_AFTER)) {
    const at = m.index ?? 0;
    const thing = nounPhrase(text.slice(at + m[0].length), sentence);
    const kind = /intoler/i.test(m[0]) ? 'intolerant' : /sensitive/i.test(m[0]) ? 'sensitive' : 'allergic';
    if (thing) add(whoseClause(clauseBefore(text, at), text), `BE ${kind} to ${thing}`);
  }
  for (const m of text.matchAll(ALLERGY_BEFORE)) {
    const words = (m[1] as string).split(/\s+/).filter((w) => !NOT_ALLERGEN.test(w));
    // "peanut allergy", "a nut allergy": the words before it the tagger reads as nouns.
    const nouns = words.filter((w) => ['NOUN', 'PROPN', 'X'].includes(tokenOf(sentence, w)?.pos ?? ''));
    const thing = nouns.join(' ');
    if (!thing || out.some((o) => o.includes(thing))) continue;
    const kind = /intoleran/i.test(m[0]) ? 'intolerant' : 'allergic';
    const at = (m.index ?? 0) + (m[0] as string).indexOf(nouns[0] as string);
    add(whoseClause(clauseBefore(text, at), text), `BE ${kind} to ${thing}`);
  }
  for (const m of text.matchAll(CANNOT_EAT)) {
    const at = m.index ?? 0;
    const thing = nounPhrase(text.slice(at + m[0].length), sentence);
    if (!thing) continue;
    const who = whoseClause(clauseBefore(text, at), text);
    // "my son can't have sesame, he is allergic": the allergy said after it is to that thing.
    const bare = !out.length && /\ballergic\b(?!\s+to\b)/i.test(text);
    const verb = /\b(?:do|does|dont|never)/i.test(m[0])
      ? `${/never/i.test(m[0]) ? 'never' : who === 'self' ? "don't" : "doesn't"} ${/eat|have|drink|touch/i.exec(m[0])?.[0].toLowerCase() ?? 'eat'}`
      : "can't have";
    add(who, bare ? `BE allergic to ${thing}` : `DO ${verb} ${thing}`);
  }
  for (const diet of text.matchAll(DIETS)) {
    const at = diet.index ?? 0;
    const before = clauseBefore(text, at);
    // "I'm not vegan any more", "no longer vegetarian": a denied diet is none.
    if (!/\b(?:not|no longer|stopped being|quit being|gave up being)\s+(?:an?\s+)?$/i.test(before)) {
      // "a vegan bakery", "vegan recipes": a diet word before a noun describes the noun.
      const next =
        text
          .slice(at + (diet[0] as string).length)
          .trim()
          .split(/\s+/)[0] ?? '';
      const word = next.replace(/\W+$/, '');
      // "im pescatarian btw": a discourse word after it ends the clause ("btw", "lol", "now").
      const describes = next && !PHRASE_STOP.test(word) && tokenOf(sentence, word)?.pos === 'NOUN' && !/\W$/.test(next);
      if (!describes) add(whoseClause(before, text), `BE ${(diet[1] as string).toLowerCase()}`);
    }
  }
  return out;
}

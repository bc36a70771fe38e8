/**
 * Names and places in a message typed all in lower case with little or no punctuation ("hey im
 * jonas i live in rotterdam and …", "yo its kwame btw"), where no capital marks a name. The word after a cue is taken
 * when the tagger reads it as a noun or name and what follows it starts a new clause (a pronoun,
 * "here", "from", a verb of living) or ends the message; a place runs over the nouns after its cue
 * and stops at the first word of another kind ("rotterdam these days" → rotterdam).
 */
import { isKnownWord } from './english-words';
import { ANIMAL, NOT_NAMES, properCase } from './fact-words';
import { parse, type Token } from './parse';
import { othersOnly } from './relations';
import { isKindOf } from './word-kinds';

/** Words that open a new clause in unpunctuated speech, so a name before them has ended. */
const CLAUSE_OPENER =
  "btw|by the way|fyi|here|lol|haha|hi|hey|i|i'm|im|i've|ive|my|we|we're|and|but|so|from|living|originally|based|aged|nice|just|thanks|thx|whats|what's|how|who|can|could";

/** A word that ends a lower-case place ("leeds btw"). */
const OPENS_CLAUSE = new RegExp(`^(?:${CLAUSE_OPENER}|tbh|ngl|not|rn|atm|now|today|tonight)$`);

/** "im jaz", "i am jonas", "its jonas here", "yo teodor here": a lower-case word in the place of a name. */
const LOWER_NAME = new RegExp(
  `(?:^|[\\s,.!])(?:i'?m|i’m|im|i am)\\s+(?:(?:just|simply|only|plain)\\s+)?([\\p{Ll}][\\p{Ll}'-]{1,15})(?=\\s*(?:$|[,.!?]|\\b(?:${CLAUSE_OPENER})\\b))|(?:^|[\\s,.!])(?:it'?s|it’s|this is)\\s+([\\p{Ll}][\\p{Ll}'-]{1,15})\\s+here\\b|^\\W*(?:(?:hi|hey|hiya|hello|yo|oi|sup)\\W+)+(?:it'?s|its|it’s|this is)\\s+([\\p{Ll}][\\p{Ll}'-]{1,15})(?=\\s*(?:$|[,.!?]|\\b(?:${CLAUSE_OPENER})\\b))|^\\W*(?:(?:hi|hey|hiya|hello|yo|oi|sup)\\W+)+([\\p{Ll}][\\p{Ll}'-]{1,15})\\s+here\\b`,
  'u',
);

/** Words that say where or how one is, not who ("im home", "im starving"). */
const STATES =
  /^(?:home|back|out|off|up|done|there|bored|ok|okay|new|just|still|busy|free|ready|sure|online|offline|late|early|away|alone|cool|dead|broke|hungry|starving|well|sick|ill|lost|stuck|single|vegan|vegetarian|veggie|pescatarian|pescetarian|flexitarian|coeliac|celiac|diabetic|teetotal|allergic|intolerant|student|here|good|fine|great|tired|sorry|bk|brb|afk|gonna|gon|going|outside|inside|work|school|uni|college|class|bed|awake|up|me|him|her|them|us|you|that|this|it|so|not|all|in|on|at|from)$/;

/**
 * True when the text has no capital letter besides the pronoun "I" and words shouted whole ("my
 * landlord STILL hasnt fixed it" is typed in lower case; the shouting is emphasis).
 */
export function allLowerCase(text: string): boolean {
  const rest = text.replace(/\bI\b/g, '').replace(/\b\p{Lu}{2,}\b/gu, '');
  return !/\p{Lu}/u.test(rest) && /\p{Ll}/u.test(rest);
}

function tokensOf(text: string): Token[] {
  return parse(text).sentences.flatMap((s) => s.tokens);
}

/** True when the tagger reads the word where it stands as a name or a noun (not a verb: "name my chickens"). */
export function readsAsName(token: Token): boolean {
  return token.pos === 'NOUN' || token.pos === 'PROPN' || token.pos === 'X';
}

/**
 * The lower-case name right after a cue that ends at `at` ("my parrot kiwi keeps walking on the
 * keyboard", the cue "my parrot"), title-cased, in a message that opens in lower case: one word the
 * tagger reads as a name or noun, then a verb, a conjunction, an adverb, a mark, a shouted word or
 * the end. `notName` rules out words that follow the cue as something else ("my dog food").
 */
export function lowerCaseNameAfter(text: string, at: number, notName: (word: string) => boolean): string | null {
  // Only where the writer types without capitals ("my parrot kiwi …"); "three rats yesterday." is no name.
  if (!/^\W*\p{Ll}/u.test(text)) return null;
  const m = /^\s+([\p{Ll}][\p{Ll}'-]{1,20})\b/u.exec(text.slice(at));
  if (!m?.[1] || notName(m[1])) return null;
  const tokens = tokensOf(text);
  const i = tokens.findIndex((t) => t.lower === m[1]);
  const next = tokens[i + 1];
  const fits =
    i >= 0 &&
    readsAsName(tokens[i]!) &&
    (!next || ['VERB', 'AUX', 'PUNCT', 'CCONJ', 'ADV'].includes(next.pos) || /^\p{Lu}+$/u.test(next.text));
  return fits ? properCase(m[1]) : null;
}

/** The writer's name in a message typed all in lower case, or null. */
export function lowerCaseName(text: string): string | null {
  if (!allLowerCase(text)) return null;
  const m = LOWER_NAME.exec(text);
  const word = m?.[1] ?? m?.[2] ?? m?.[3] ?? m?.[4];
  if (!word || NOT_NAMES.has(properCase(word)) || ANIMAL.test(word) || STATES.test(word)) return null;
  const token = tokensOf(text).find((t) => t.lower === word);
  // "hey its raining here": an inflected word ("raining" of "rain") is no name.
  if ((token && token.lemma !== token.lower) || /.{3}ing$/.test(word)) return null;
  return token && readsAsName(token) ? properCase(word) : null;
}

/**
 * Cues after which the writer's place follows: living somewhere, being from or based somewhere,
 * moving there, or "<name> from <place>" in an introduction.
 */
const PLACE_CUE =
  /(?:^|[-–—•,;(]\s*)(?:live|lives|living|city|location|based|home)\s*[:=]|\bresident (?:in|of)|\bmy home is (?:in|near)|\b(?:i['’]?m|i am|we['’]?re|we are)\s+(?:all\s+|now\s+|currently\s+)?in(?=\s+[a-z]+(?:\s+[a-z]+)?\s*(?:$|[,.!?;)]|\b(?:now|right now|btw|rn|these days|at the moment|lol|lmao|so)\b))|(?:^|[,;:—–]\s*)live\s+(?:in|near)(?=\s+[a-z])|\bhere\s+in(?=\s+[a-z]+\s*(?:$|[,.!?;)]|[A-Z]{2,}\b|\b(?:yeah|btw|now|rn|lol|and|where|its|it's|so)\b))|\b(?:i|we)\s+(?:work|do\s+[a-z]+|teach\s+[a-z]+|nurse|bartend|tutor)\s+in(?=\s+[a-z]+\s*(?:$|[,.!?;)]|\b(?:now|btw|rn|lol)\b))|\b(?:(?:i|we)\s+(?:still\s+|now\s+|currently\s+|also\s+)?(?:live|stay|reside)\s+(?:in|near|outside)|(?:i['’]?m|i am|we['’]?re|we are)\s+(?:now\s+|currently\s+)?(?:living|based|staying|settled)\s+(?:in|near|outside)|(?:living|based|settled|staying)\s+(?:in|near|outside|out of)|(?:moved|moving|relocated)\s+(?:back\s+)?to|(?:i['’]?m|i am|we['’]?re|we are)\s+(?:originally\s+)?from|(?:name is|names|name's|im|i'm|i am|call me|it'?s)\s+[a-z][a-z'-]+,?\s+(?:here\s+)?from|(?:^|,\s*|\b(?:but|and|now|so)\s+)been\s+(?:living\s+)?in(?=\s+[a-z]+\s+(?:(?:like|for|about|nearly|over)\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|many)\s+(?:years?|yrs?|months))|(?:came|went|moved)\s+(?:over\s+)?to(?=\s+[a-z]+\s+(?:for\s+)?[^!?]{0,60}?\b(?:stayed|never left|never went back|still here)\b))\s+/g;

/** Nouns after a place cue that are no place name ("i live in a flat", "moved to town"). */
const NOT_PLACES = new Set(
  'town city village area flat house home apartment place countryside suburbs country middle centre center hope work school uni college hospital bed london-ish nowhere somewhere here there abroad'.split(
    ' ',
  ),
);

/** Kinds of place in WordNet ("rotterdam" is a city and a port). */
const PLACE_KINDS = [
  'city',
  'town',
  'country',
  'region',
  'state',
  'port',
  'district',
  'municipality',
  'island',
  'village',
];

/** A word WordNet files as a kind of place ("bremen" is a city). */
export function isNamedPlace(word: string): boolean {
  return PLACE_KINDS.some((k) => isKindOf(word, k));
}

/** A word that can be a place: one WordNet files as a kind of place, or one no English word list holds. */
export function isPlaceWord(word: string): boolean {
  return !isKnownWord(word) || PLACE_KINDS.some((k) => isKindOf(word, k));
}

/** Cues of moving or living somewhere (said of someone else they tell nothing of the writer). */
const MOVES = /\b(?:mov\w*|relocat\w*|liv\w*|based|settled)\b/i;

/** The writer's place in a message typed all in lower case, or null. */
export function lowerCaseLocation(text: string): string | null {
  if (!allLowerCase(text)) return null;
  // "originally from el paso but moved to seattle": where one moved or lives wins over where one is from.
  const cues = [...text.matchAll(PLACE_CUE)];
  const ordered = [...cues.filter((m) => !/\bfrom\b/.test(m[0])), ...cues.filter((m) => /\bfrom\b/.test(m[0]))];
  for (const m of ordered) {
    // "my best mate moved to manchester": someone else's move.
    if (MOVES.test(m[0]) && !/^\W*(?:i|we)\b/i.test(m[0]) && othersOnly(text.slice(0, (m.index ?? 0) + m[0].length)))
      continue;
    const tail = text.slice((m.index ?? 0) + m[0].length);
    const tokens = tokensOf(tail).slice(0, 4);
    const words: string[] = [];
    for (let i = 0; i < tokens.length && words.length < 3; i++) {
      const t = tokens[i] as Token;
      const next = tokens[i + 1];
      const noun = readsAsName(t) && !t.stop;
      // "new york", "san diego": a describing word opens a place only before a noun.
      const opener = words.length === 0 && t.pos === 'ADJ' && next && ['NOUN', 'PROPN'].includes(next.pos);
      // "leeds btw", "leeds right now": a word that opens a new clause or says when ends the place.
      if (!(noun || opener) || !/^[a-z][a-z'-]*$/.test(t.text) || OPENS_CLAUSE.test(t.text)) break;
      if (t.text === 'right' && next?.text === 'now') break;
      words.push(t.text);
    }
    if (!words.length || NOT_PLACES.has(words[0] as string) || ANIMAL.test(words.join(' '))) continue;
    // "been in therapy for 2 years", "went to rehab and stayed clean": after a cue of time or staying,
    // only a word WordNet files as a place, or one no word list holds, is a place.
    // "im in bed", "im in love": being in a state or a room is no place to live; only a place word counts.
    if (
      /\b(?:been|came|went)\b|\b(?:i['’]?m|i am|we['’]?re|we are)\s+(?:all\s+|now\s+|currently\s+)?in\s*$|\bhere\s+in\s*$/.test(
        m[0],
      ) &&
      !words.every(isPlaceWord)
    )
      continue;
    // "i work in hr", "i do tattoos in bristol": where one works is a place only when WordNet files it so.
    if (/\b(?:work|do|teach|nurse|bartend|tutor)\b[^,]*\bin\s*$/.test(m[0]) && !words.every(isNamedPlace)) continue;
    return properCase(words.join(' '));
  }
  return null;
}

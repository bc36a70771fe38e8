/**
 * Mock praise: a word of praise said of a setback ("oh brilliant, the boiler's gone again",
 * "Perfect. Just perfect. My train's cancelled.", "yay, another flat tyre 🙃"). The lexicon reads
 * the praise words as good news; the rest of the message tells what happened. Praise counts as
 * irony only where it carries nothing but itself — an exclamation with no verb and no noun of its
 * own ("Great.", "just wonderful", "oh fantastic", "wonderful news"), praise opening a clause
 * before what happened ("yay another monday …"), or an idiom of mock praise (data below) — and
 * only when what is left, read without it, is bad news. "Great news, I got the job!" keeps its
 * praise: what is left is good news.
 */
import { parse, type Token } from './parse';

/** Idioms said of bad luck, not good (data): "love that for me", "living the dream", 🙃. */
const MOCK_PRAISE =
  /\b(?:love|loving) that for me\b|\bliving the dream\b|\bjust what i (?:needed|wanted)\b|\bjust my luck\b|\bstory of my life\b|🙃/giu;

/** Words an exclamation of praise may hold beside the praise word ("oh, just great", "what a day"). */
const EXCLAMATION_WORDS = new Set(
  'oh ooh ah just so really simply absolutely truly how what a an well yeah wow news that this for me great'.split(' '),
);

/** The polarity reading the caller gives for a text (the lexicon's, or the classifier's). */
export interface Reading {
  polarity: 'positive' | 'negative' | 'mixed' | 'neutral';
  score: number;
  best: number;
  worst: number;
}

/** Words of the writer's own state ("so glad …", "happy that …"): said of oneself, not mock praise. */
const OWN_STATE = new Set(
  'glad happy proud excited relieved thrilled grateful thankful delighted pleased chuffed lucky blessed hopeful'.split(
    ' ',
  ),
);

/**
 * A praise word: one the lexicon scores as good, said of the situation as an adjective, adverb or
 * interjection (not a word of the writer's own state).
 */
function praises(t: Token, valence: (word: string) => number): boolean {
  // The tagger reads a capitalised "Great." alone as a proper noun.
  return ['ADJ', 'ADV', 'INTJ', 'PROPN'].includes(t.pos) && valence(t.lower) > 0 && !OWN_STATE.has(t.lower);
}

/**
 * The message with its mock praise taken out, and whether there was any: idioms of mock praise,
 * clauses that are nothing but praise, and praise words opening a clause before other words.
 */
export function withoutPraise(message: string, valence: (word: string) => number): { rest: string; praised: boolean } {
  let praised = false;
  const text = message.slice(0, 1000).replace(MOCK_PRAISE, () => {
    praised = true;
    return '. ';
  });
  const kept: string[] = [];
  for (const clause of text.split(/[.!?;,—–]+|\.{2,}|…/)) {
    const tokens = parse(clause).sentences.flatMap((s) => s.tokens);
    const words = tokens.filter((t) => t.pos !== 'PUNCT' && /\p{L}/u.test(t.text));
    if (words.length === 0) continue;
    const praise = words.filter((t) => praises(t, valence));
    // "Great.", "Just great.", "Wonderful news.", "oh fantastic": an exclamation of praise alone.
    if (praise.length > 0 && words.every((t) => praise.includes(t) || EXCLAMATION_WORDS.has(t.lower))) {
      praised = true;
      continue;
    }
    // "yay another monday where …": praise opening the clause, before what happened.
    // An interjection first in its clause may be tagged a noun ("yay/NOUN another …").
    const opening = (t: Token, at: number) =>
      praises(t, valence) || (at === 0 && t.pos === 'NOUN' && valence(t.lower) > 0 && !OWN_STATE.has(t.lower));
    let k = 0;
    while (k < words.length && (opening(words[k] as Token, k) || /^(?:oh|ooh|ah|just|so|wow)$/.test(words[k]!.lower)))
      k++;
    // What follows tells what happened: a noun or a verb, not a joined word ("good and bad").
    const told = words.slice(k).some((t) => ['NOUN', 'PROPN', 'VERB'].includes(t.pos)) && words[k]?.pos !== 'CCONJ';
    const opened = k > 0 && words.slice(0, k).some((t, at) => opening(t, at)) && words[k]?.pos !== 'NOUN' && told;
    if (opened && k < words.length && words[k - 1]?.pos !== 'ADV') {
      praised = true;
      kept.push(clause.slice(clause.indexOf(words[k]!.text)));
    } else kept.push(clause);
  }
  return {
    rest: kept
      .map((c) => c.trim())
      .filter(Boolean)
      .join('. '),
    praised,
  };
}

/**
 * The reading of a message whose praise is mock praise, or null: when the message reads good or
 * mixed, holds praise of the kinds above, and what is left without it reads bad (`read` gives the
 * lexicon's and then the classifier's reading of that rest), the rest's bad reading.
 */
export function ironicReading(
  message: string,
  reading: Reading,
  valence: (word: string) => number,
  read: (text: string) => Reading,
): Reading | null {
  if (reading.polarity !== 'positive' && reading.polarity !== 'mixed') return null;
  const { rest, praised } = withoutPraise(message, valence);
  if (!praised || !rest) return null;
  const left = read(rest);
  return left.polarity === 'negative' ? left : null;
}

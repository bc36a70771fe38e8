/**
 * A message made ready for reading facts: list items on their own lines become sentences, label
 * arrows become colons ("• city → Nagoya"), and a correction inside a sentence ("I live in Kraków,
 * ah no sorry, since January I live in Wrocław") starts a sentence of its own.
 */
import { CAP, capped, NOT_NAMES } from './fact-words';

/**
 * A writer correcting themselves inside a sentence: after a comma, an ellipsis, a dash or an emoji,
 * "no" with a comma or a word of apology ("…with a C... no, forgive me", ", ah no sorry 😅"), or
 * "well was," / "well, used to be," of a job given up. "no idea", "no kids" are no correction.
 */
export const SELF_CORRECTION =
  /(?:,|\.{2,}|…|\s[—–-]|\p{Extended_Pictographic}\uFE0F?)\s*(?:(?:ah|oh|er+m?|um+|uh|hmm+)[,!]?\s+)?(?:no+(?:[,!.]+\s*|\s+(?=(?:sorry|wait|forgive|my bad|i mean|i meant|actually)\b))(?:(?:sorry|wait|my bad|actually)[,!.]?\s*)?(?:\p{Extended_Pictographic}\uFE0F?\s*)?|well,?\s+(?:was|used to be)[,.]\s*)/giu;

/** "It's Kathryn, with a K": the name a correction in the same message gives. */
export function correctedName(sentence: string): string | null {
  const m = new RegExp(`^\\W*(?:(?:actually|no|sorry|oh)[,!]?\\s+)*(?:it'?s|it’s|it is)\\s+(${CAP})`, 'iu').exec(
    sentence,
  );
  const name = m?.[1];
  return name && /^\p{Lu}/u.test(name) && !NOT_NAMES.has(name) ? capped(name) : null;
}

/** An item of a list on its own line: "- ", "* ", "• ", "1. ", "2) ". */
export const LIST_ITEM = /\s*\n\s*(?:[-*•·▪◦‣]|\d{1,2}[.)])\s+/g;
/** An arrow between a label and its value ("name → Yuki", "city -> Oslo", "job => nurse"). */
export const LABEL_ARROW = /\s*(?:→|->|=>|⇒)\s*/g;

/** A message with its list items as sentences and its label arrows as colons. */
export function asSentences(text: string): string {
  if (!LIST_ITEM.test(text)) return text.replace(LABEL_ARROW, ': ');
  LIST_ITEM.lastIndex = 0;
  return text
    .replace(LABEL_ARROW, ': ')
    .replace(/(?<=(?:[\p{L}\p{N}\p{Extended_Pictographic}]|\uFE0F))[ \t]*(?=\n\s*(?:[-*•·▪◦‣]|\d{1,2}[.)])\s)/gu, '.')
    .replace(LIST_ITEM, ' ');
}

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

/** Items numbered inside a line ("bout me: 1) glasgow 2) sparky 3) …"), once a second number follows a first. */
const INLINE_ITEM = /(?<=\S)\s+\d{1,2}[.)]\s+(?=\S)/g;
/** A pin before a place ("📍 Valencia"): where the writer is. */
const PIN = /📍\uFE0F?\s*/gu;

/**
 * Foreign words that introduce a name or a home, said in English so the readers of facts know them
 * ("Je m'appelle Étienne", "ciao sono Giulia, vivo a Torino", "Meu nome é Rafael").
 */
const FOREIGN_INTROS: [RegExp, string][] = [
  [
    /\b(?:je m['’]appelle|ich hei(?:ß|ss)e|me llamo|mi nombre es|mi chiamo|meu nome (?:é|e)|me chamo|ik heet|jag heter|jeg heter)\s+/giu,
    'my name is ',
  ],
  [
    /\b(?:je suis|ich bin|soy|sono|eu sou|ik ben)\s+(?=\p{Lu}[\p{L}'’-]+\s*(?:$|[,.!;]|\b(?:and|e|y|et|und|from|de|da|di|aus|van)\b))/gu,
    "I'm ",
  ],
  [
    /\b(?:j['’]habite (?:à|a|en)|je vis (?:à|a|en)|ich wohne in|vivo (?:en|a|em|in)|moro em|abito a|ik woon in|jag bor i|jeg bor i)\s+/giu,
    'I live in ',
  ],
];

/** A message with its list items as sentences and its label arrows as colons. */
export function asSentences(said: string): string {
  let text = said.replace(PIN, '. location: ');
  for (const [re, to] of FOREIGN_INTROS) text = text.replace(re, to);
  if (/\b1[.)]\s+\S[^\n]*\s2[.)]\s/.test(text)) text = text.replace(INLINE_ITEM, '. ');
  if (!LIST_ITEM.test(text)) return text.replace(LABEL_ARROW, ': ');
  LIST_ITEM.lastIndex = 0;
  return text
    .replace(LABEL_ARROW, ': ')
    .replace(/(?<=(?:[\p{L}\p{N}\p{Extended_Pictographic}]|\uFE0F))[ \t]*(?=\n\s*(?:[-*•·▪◦‣]|\d{1,2}[.)])\s)/gu, '.')
    .replace(LIST_ITEM, ' ');
}

/** A message's list as one line of comma-separated items, for an introduction read as a list. */
export function asList(text: string): string {
  const numbered = /\b1[.)]\s+\S[^\n]*\s2[.)]\s/.test(text);
  return (numbered ? text.replace(INLINE_ITEM, ', ') : text).replace(LIST_ITEM, ', ').replace(LABEL_ARROW, ': ');
}

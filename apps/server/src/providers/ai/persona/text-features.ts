/**
 * Text normalisation and the sparse features the intent classifier reads: word unigrams, word
 * bigrams and character 3–5-grams inside word boundaries (robust to typos such as "webiste" or
 * "mintt").
 */

/** Characters of a message looked at; longer messages are cut (keeps classification O(1)). */
export const MAX_CLASSIFIED_CHARS = 1000;

/** Emoji that carry an intent, read as the word they stand for. */
const EMOJI_WORDS: Record<string, string> = {
  '👋': ' hi ',
  '🎨': ' art ',
  '🖌': ' paint ',
  '🖼': ' image ',
  '🌐': ' website ',
  '💰': ' price ',
  '📈': ' market ',
  '✅': ' verify ',
  '📣': ' post ',
};
const EMOJI_PATTERN = new RegExp(Object.keys(EMOJI_WORDS).join('|'), 'gu');

/**
 * Lower-cases, reads a few emoji as words (👋 → hi, 🎨 → art), strips accents and apostrophes
 * ("what's" → "whats"), turns everything that is not a letter or digit into a space and collapses
 * spaces. Other emoji and punctuation vanish, so "!!!" → "".
 */
export function normalizeText(text: string): string {
  return text
    .slice(0, MAX_CLASSIFIED_CHARS)
    .replace(EMOJI_PATTERN, (e) => EMOJI_WORDS[e] ?? ' ')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Words of a normalised text (split on spaces, empty strings dropped). */
export function wordsOf(normalized: string): string[] {
  return normalized ? normalized.split(' ') : [];
}

/**
 * The distinct features of a message: `s:<first word>`, `s2:<first two words>`, `w:<word>`,
 * `b:<word>_<word>` and `c:<chars>` (3–5 characters of ` word `, so prefixes and suffixes are
 * marked). Empty for text without letters or
 * digits.
 */
export function textFeatures(text: string): string[] {
  const words = wordsOf(normalizeText(text));
  const out = new Set<string>();
  // How a message opens ("what is my…" vs "my … is") tells questions from statements.
  if (words.length) out.add(`s:${words[0]}`);
  if (words.length > 1) out.add(`s2:${words[0]}_${words[1]}`);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    out.add(`w:${w}`);
    if (i + 1 < words.length) out.add(`b:${w}_${words[i + 1]}`);
    const padded = ` ${w} `;
    for (let n = 3; n <= 5; n++) {
      for (let j = 0; j + n <= padded.length; j++) out.add(`c:${padded.slice(j, j + n)}`);
    }
  }
  return [...out];
}

/**
 * `text` with every character a regular expression gives a meaning to escaped, so it matches
 * literally inside a `new RegExp(…)` ("Dr. Who?" → "Dr\\. Who\\?"); the escape set is MDN's.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One emoji: a pictograph with its variation selector ("❤️"). Global: use with `replace`/`matchAll`. */
export const EMOJI = /\p{Extended_Pictographic}\uFE0F?/gu;

/** Emoji (pictographs, flags, skin tones, joiners) with the spaces around them. */
const EMOJI_RUN = /\s*(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1F3FB}-\u{1F3FF}\uFE0F\u200D])+\s*/gu;

/**
 * The text with its emoji read as the punctuation they stand in for, for reading facts: "Name: Yusuf
 * 🙂 Address: …" → "Name: Yusuf. Address: …" (a capital follows: a new sentence), "parrot Kiwi 🦜,
 * …" → "parrot Kiwi, …", "I live Izmir 🇹🇷 — …" → "I live Izmir, — …"; at the start or end, or
 * before punctuation, an emoji is dropped. Feelings are read from the text as written, emoji and all.
 */
export function emojiAsPunctuation(text: string): string {
  return text.replace(EMOJI_RUN, (run: string, at: number, whole: string) => {
    const next = whole.slice(at + run.length);
    if (at === 0 || !next || /^[.,!?;:)\]]/.test(next)) return '';
    return /^\p{Lu}/u.test(next) ? '. ' : ', ';
  });
}

/**
 * Common typing slips in the few words the dialogue layer keys on ("waht is my nmae"), corrected
 * before reading a message. Only whole words change: those of the table, and an unknown word one
 * slip away from a single key word; names and everything else are left as typed.
 */
import damerauLevenshtein from 'damerau-levenshtein';
import { isKnownWord } from './english-words';
import { parse } from './parse';

const TYPOS: Readonly<Record<string, string>> = {
  waht: 'what',
  whta: 'what',
  wht: 'what',
  nmae: 'name',
  naem: 'name',
  hwo: 'how',
  teh: 'the',
  adn: 'and',
  wehre: 'where',
  whre: 'where',
  liev: 'live',
  lvie: 'live',
  remeber: 'remember',
  rember: 'remember',
  remmeber: 'remember',
  drwa: 'draw',
  darw: 'draw',
  pls: 'please',
  plz: 'please',
  mak: 'make',
  amke: 'make',
  websit: 'website',
  webiste: 'website',
  wesbite: 'website',
  webstie: 'website',
  forgte: 'forget',
  frogot: 'forgot',
  cn: 'can',
  hlp: 'help',
  rly: 'really',
  rlly: 'really',
  wrds: 'words',
  wrd: 'word',
  smth: 'something',
  bout: 'about',
  abt: 'about',
  sth: 'something',
  smthg: 'something',
  culd: 'could',
  wud: 'would',
  cud: 'could',
  shud: 'should',
  scrip: 'script',
  scirpt: 'script',
  scrpit: 'script',
  pyhton: 'python',
  pythn: 'python',
  javscript: 'javascript',
  pic: 'picture',
  pix: 'pictures',
  wat: 'what',
  wut: 'what',
  wats: "what's",
  wuts: "what's",
  nite: 'night',
  originaly: 'originally',
  orginally: 'originally',
  tonite: 'tonight',
  wen: 'when',
  wens: "when's",
  bday: 'birthday',
  bdays: 'birthdays',
};

/**
 * Task words typed without their vowels ("drw me a fox", "a scrpt that …"): a lower-case word with no
 * vowel at all is almost never English, so its consonants are matched against these words'.
 */
const SKELETON_WORDS = ['draw', 'paint', 'sketch', 'website', 'script', 'picture', 'build', 'write', 'image'];
const SKELETONS: ReadonlyMap<string, string> = new Map(
  SKELETON_WORDS.map((w) => [w.replace(/[aeiou]/g, ''), w] as const).filter(([k]) => k.length >= 3),
);

/**
 * A shouted message ("I WANT A POSTER FOR MY BAND") in sentence case: the tagger reads words in
 * capitals as names, and a prompt should not shout. Only when four or more words and nearly all
 * letters (90 %) are capitals; the pronoun "I" and each sentence's first letter stay capitals.
 */
export function calmShouting(message: string): string {
  const letters = message.match(/\p{L}/gu) ?? [];
  const upper = letters.filter((c) => /\p{Lu}/u.test(c)).length;
  if ((message.match(/\p{L}+/gu) ?? []).length < 4 || upper < 0.9 * letters.length) return message;
  return message
    .toLowerCase()
    .replace(/\bi\b(?=['’]|\s|$)/g, 'I')
    .replace(/(^|[.!?]\s+)(\p{Ll})/gu, (_m, before: string, c: string) => before + c.toUpperCase());
}

/**
 * Words the dialogue layer keys on (request verbs, what is asked for, question words and modals).
 * A word no lexicon knows that is one slip away from exactly one of them (a swapped pair, a letter
 * missing, doubled or wrong: "coudl", "bulid", "siet", "litle") is read as that word.
 */
const KEY_WORDS = `could would should build make create draw paint sketch write post cast mint design
  site website page script code program tool little please name called where what when which who
  remember forget live living favourite weather price picture image poster logo banner photo photos
  business bakery shop studio restaurant thanks thank hello about something anything everything
  really want need help you who how can are`.split(/\s+/);

/**
 * True when `a` and `b` differ by one edit: a letter added, dropped or changed, or two neighbours
 * swapped — an optimal-string-alignment (restricted Damerau–Levenshtein) distance of exactly 1, as
 * npm `damerau-levenshtein` counts it (a swap is one step there, two in plain Levenshtein). Lengths
 * more than one apart are answered first: the package fills a square table as wide as the longer
 * word, which a pasted run of thousands of letters would make gigabytes.
 */
function oneEditApart(a: string, b: string): boolean {
  return Math.abs(a.length - b.length) <= 1 && damerauLevenshtein(a, b).steps === 1;
}

/** Verbs of work, making and living typed without their final g ("workin", "livin"). */
const DROPPED_G = new Set(
  'workin buildin makin codin writin developin designin plannin learnin studyin livin runnin teachin droppin launchin openin startin sellin'.split(
    ' ',
  ),
);

/** The key word an unknown lower-case word is a slip of, or undefined (none, or more than one). */
function slipOf(word: string): string | undefined {
  if (word.length < 3 || !/^[a-z]+$/.test(word) || isKnownWord(word)) return undefined;
  // "workin on an app", "livin in leeds": the dropped g of a verb that tells what one does or where one lives.
  if (DROPPED_G.has(word)) return `${word}g`;
  // Three letters leave room for a swap only ("yuo"); shorter slips are too often other words.
  const near = KEY_WORDS.filter(
    (k) => k[0] === word[0] && oneEditApart(word, k) && (word.length > 3 || k.length === 3),
  );
  return near.length === 1 ? near[0] : undefined;
}

/** Digits typed for the letters they look like ("w3bs1t3", "b00kshop"). */
const LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't' };
/** A word of letters with digits among them for letters. */
const LEET_WORD = /(?<![\p{L}\d])(?=[\p{L}\d]*\p{L})(?=[\p{L}\d]*[013457])[\p{L}013457]{2,}(?![\p{L}\d])/gu;

/**
 * "C0uld y0u bu1ld 4 w3bs1t3": leetspeak read as letters. Only in a message with two or more such
 * words, each read back only when it then is an English word (so "mp3", "4k" or "b2b" stay); there
 * a lone "1" or "4" before a word is "I" or "a".
 */
function unleet(text: string): string {
  const read = (w: string) => w.replace(/[013457]/g, (d) => LEET[d] ?? d);
  const words = [...text.matchAll(LEET_WORD)].map((m) => m[0]).filter((w) => isKnownWord(read(w).toLowerCase()));
  if (words.length < 2) return text;
  return text
    .replace(LEET_WORD, (w) => (isKnownWord(read(w).toLowerCase()) ? read(w) : w))
    .replace(/(?<=^|\s)1(?=\s+\p{L})/gu, 'I')
    .replace(/(?<=^|\s)4(?=\s+\p{L}{3,})/gu, 'a');
}

/** The message with the table's typos corrected (case of the first letter kept) and shouting calmed. */
export function fixTypos(message: string): string {
  // "a site 4 my shop": a 4 before a determiner is "for"; "smth 2 track my runs": a 2 before a verb is "to".
  const text = calmShouting(unleet(message))
    // "I should like a website", "we should love a watercolour": the formal conditional of wanting.
    // "I myself am Ruth", "myself, I'm a nurse": the emphasis says nothing more than "I am".
    .replace(/\b([Ii])\s+myself(?=\s+am\b)/g, '$1')
    .replace(/\bmyself,?\s+(?=[Ii](?:'m|’m| am)\b)/gi, '')
    // "cn u rite sum code": "rite" after the one asked is "write".
    .replace(/(?<=\b(?:u|you|ya|pls|please|can|cn|to|2)\s+)rite\b/gi, 'write')
    // "I am work as nurse", "I am live in Porto": the learner's "am" before a plain verb says nothing.
    .replace(/\b([Ii]) am (work|live|stay|study|come|teach|run|own)\b/g, '$1 $2')
    // "please say me everything": "say" with the hearer as its object is "tell".
    .replace(/\bsay (?=me\b)/gi, 'tell ')
    // "better you write code that …", "Better we make website for …": a request put as advice.
    .replace(
      /(?<=^\W*|[.!?,;:—–]\s*|\p{Extended_Pictographic}\uFE0F?\s*)better (?:you|u|we) (?=(?:make|build|do|write|draw|code|paint|create|design|post)\b)/giu,
      'please ',
    )
    // "Ah no, better a website for the farm": the thing preferred, put as advice.
    .replace(/(?<=^\W*|[.!?,;:—–]\s*|\p{Extended_Pictographic}\uFE0F?\s*)better (?=an?\s+\p{L})/giu, "I'd rather have ")
    .replace(/\b((?:i|we|and)\s+)should(?=\s+(?:very\s+much\s+|so\s+|really\s+)?(?:like|love)\b)/gi, '$1would')
    .replace(/(?<=\s)4(?=\s+(?:my|our|the|a|an|me|us|you|u)\b)/gi, 'for')
    .replace(/(?<=\p{L}\s)2(?=\s+(\p{L}+))/gu, (two, next: string) =>
      parse(`you should ${next} it`).sentences[0]?.tokens[2]?.pos === 'VERB' ? 'to' : two,
    );
  return text.replace(/\p{L}+/gu, (word, at: number) => {
    // "wouldn't", "couldn't": a word before an apostrophe is part of a contraction, not a slip.
    const contracted = /^['’]\p{L}/u.test(text.slice(at + word.length, at + word.length + 2));
    const fixed =
      TYPOS[word.toLowerCase()] ??
      (/^[^aeiouy]+$/.test(word) ? SKELETONS.get(word) : undefined) ??
      (contracted ? undefined : slipOf(word));
    if (!fixed) return word;
    return /^\p{Lu}/u.test(word) ? fixed[0]!.toUpperCase() + fixed.slice(1) : fixed;
  });
}

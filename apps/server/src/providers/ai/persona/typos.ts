/**
 * Common typing slips in the few words the dialogue layer keys on ("waht is my nmae"), corrected
 * before reading a message. Only whole words from this table change; names and everything else
 * are left as typed.
 */
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
  culd: 'could',
  wud: 'would',
  scrip: 'script',
  scirpt: 'script',
  scrpit: 'script',
  pyhton: 'python',
  pythn: 'python',
  javscript: 'javascript',
  pic: 'picture',
  pix: 'pictures',
};

/**
 * Task words typed without their vowels ("drw me a fox", "a scrpt that …"): a lower-case word with no
 * vowel at all is almost never English, so its consonants are matched against these words'.
 */
const SKELETON_WORDS = ['draw', 'paint', 'sketch', 'website', 'script', 'picture', 'build', 'write', 'image'];
const SKELETONS: ReadonlyMap<string, string> = new Map(
  SKELETON_WORDS.map((w) => [w.replace(/[aeiou]/g, ''), w] as const).filter(([k]) => k.length >= 3),
);

/** The message with the table's typos corrected (case of the first letter kept). */
export function fixTypos(message: string): string {
  // "a site 4 my shop": a 4 before a determiner is "for".
  const text = message.replace(/(?<=\s)4(?=\s+(?:my|our|the|a|an|me|us|you|u)\b)/gi, 'for');
  return text.replace(/\p{L}+/gu, (word) => {
    const fixed = TYPOS[word.toLowerCase()] ?? (/^[^aeiouy]+$/.test(word) ? SKELETONS.get(word) : undefined);
    if (!fixed) return word;
    return /^\p{Lu}/u.test(word) ? fixed[0]!.toUpperCase() + fixed.slice(1) : fixed;
  });
}

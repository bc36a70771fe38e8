/**
 * Small words that say how a sentence is meant rather than what it says: discourse words opening
 * it ("ok so …", "anyway …") and reactions to what was just said ("oh nice", "brilliant"). Word
 * lists (patterns such as "um+" among them), to be joined into regular expressions.
 */

/** Discourse words that open a sentence before what it says ("ok so …", "anyway …", "lol …", "hmm, …"). */
export const DISCOURSE_OPENERS =
  'ok okay so well anyway anyhow and but um+ uh+ hmm+ lol haha+ oh ah right yeah yes no hey hi also btw wait sorry'.split(
    ' ',
  );

/** Words that react to what was just said ("oh nice", "brilliant!", "ok, lovely"). */
export const REACTION_WORDS =
  'oh ooh ok okay lovely nice great cool awesome perfect brilliant amazing sweet ace wonderful fab beautiful gorgeous'.split(
    ' ',
  );

/**
 * Interjections and laughter, however stretched ("lmaooo", "omgg", "hahaha", "ugh", "bruh"): words
 * that open a sentence as a sound, never as a name. A doubled letter is written "pp+", not "p+p+",
 * which a long run of p's could split in as many ways as it has letters.
 */
const INTERJECTION = new RegExp(
  `^(?:${'l+o+l+ l+m+f*a+o+ r+o+f+l+ o+m+f*g+ w+t+f+ ff+s+ h+a+(?:h+a+)+ h+e+(?:h+e+)+ w+o+w+ y+a+y+ u+g+h+ oo+f+ b+r+u+h+ y+i+k+e+s+ j+ee+z+ a+r+g+h+ ee+k+ w+h+e+w+ y+i+pp+ee+ w+oo+(?:h+oo+)?'.split(' ').join('|')})$`,
  'i',
);

/** True when a word is an interjection or laughter ({@link INTERJECTION}), not a name. */
export function isInterjection(word: string): boolean {
  return INTERJECTION.test(word);
}

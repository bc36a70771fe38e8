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

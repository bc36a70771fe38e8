/**
 * Ambivalence said outright: the writer feels both ways ("mixed feelings", "bittersweet", "happy
 * and guilty both", "guilty about being happy", "whether to cry or celebrate") or does not know how they
 * feel ("idk how to feel").
 * Read on top of the feeling of the message (`feeling.ts`), which it turns to mixed.
 */

/** The writer saying they feel both ways, or do not know how they feel. */
const AMBIVALENT =
  /\b(?:idk|i (?:don'?t|do not) know|(?:i'?m )?not sure|dunno) (?:how|what) (?:to |i(?:'m| am)? )?(?:feel|feeling)\b|\bmixed (?:feelings|emotions|bag)\b|\bhappy[- ]sad\b|\bbittersweet\b/i;

/**
 * Two feelings of opposite sign named together: "happy and guilty both", "proud but sad at the
 * same time", "guilty about being happy". The words' signs come from the lexicon, not a list.
 */
const BOTH_AT_ONCE =
  /\b([a-z]+)\s+(?:and|&|but also|but|yet)\s+(?:also\s+)?([a-z]+)\s+(?:both|at the same time|(?:at )?(?:the )?same time|at once|all at once)\b/gi;
const ABOUT_BEING = /\b([a-z]+)\s+(?:about|for)\s+(?:being|feeling)\s+([a-z]+)\b/gi;
/** Torn between two reactions: "idk whether to cry or celebrate", "not sure if I should laugh or scream". */
const WHETHER_OR = /\b(?:whether|if)\s+(?:i\s+should\s+|to\s+|i\s+(?:wanna|want to)\s+)?([a-z]+)\s+or\s+([a-z]+)\b/gi;
function namesBothWays(message: string, weightOf: (word: string) => number): boolean {
  for (const re of [BOTH_AT_ONCE, ABOUT_BEING, WHETHER_OR]) {
    for (const m of message.matchAll(re)) {
      const a = weightOf((m[1] as string).toLowerCase());
      const b = weightOf((m[2] as string).toLowerCase());
      if (a * b < 0) return true;
    }
  }
  return false;
}

/**
 * True when the message says its feeling is both ways. `weightOf` gives a word's sign and strength
 * in the feeling lexicon (0 when it has none).
 */
export function saysBothWays(message: string, weightOf: (word: string) => number): boolean {
  return AMBIVALENT.test(message) || namesBothWays(message, weightOf);
}

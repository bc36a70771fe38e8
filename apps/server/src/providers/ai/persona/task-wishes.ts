/**
 * A chore the user wishes the computer did for them ("if only something could tidy these files by
 * itself", "I wish there were a way to have my laptop sort this automatically"): a program is what
 * helps, though no program was named. The chore itself is usually told just before the wish, in the
 * same message or the one before (task-brief.ts carries it into the request).
 */

/** Wanting a way, a thing or a tool: "I wish I had a way", "wish there was some way", "if only something". */
const WANTS_A_WAY =
  /\b(?:wish(?:ed)?|if only|would love|'d love|hoping for|want|need|looking for)\b[^.!?]{0,40}?\b(?:a|some|any|one)\s+(?:way|thing|tool|trick|method|means|button|shortcut|solution)\b|\bif only (?:something|the computer|my (?:computer|laptop|pc))\b|\bis there (?:a|any|some) (?:way|tool|trick)\b/i;
/** The machine doing it, by itself: "the computer", "automatically", "auto clean", "on its own". */
const BY_ITSELF =
  /\b(?:automatic(?:ally)?|auto(?:mate|mated|mating|mation)?(?=[\s-])|by itself|on its own|alone|without me|the computer|my computer|a computer|my laptop|my pc|the pc|the machine)\b/i;
/** Wishes that are no chore for a program ("a way to tell her", "a way to sleep"). */
const NOT_A_CHORE = /\b(?:feel|sleep|relax|forget|forgive|tell (?:him|her|them)|say sorry|apologi[sz]e|cope|heal)\b/i;

/**
 * True when a sentence wishes for a way to have a chore done by the computer, by itself (see the
 * file comment): a program request with the chore told around it.
 */
export function wishesAutomation(message: string): boolean {
  return message
    .slice(0, 600)
    .split(/(?<=[.!?])\s+/)
    .some((s) => WANTS_A_WAY.test(s) && BY_ITSELF.test(s.slice(s.search(WANTS_A_WAY))) && !NOT_A_CHORE.test(s));
}

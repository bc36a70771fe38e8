/**
 * Scores of a set played as one block (no development part): per category, the share of
 * expectations met over all its dialogues, its dev/test hash halves added together.
 * {@link scoreFrozenSet} returns only these aggregates — the replies stay here, so a frozen set
 * is never listed.
 */
import type { Dialogue } from './dialogue-set';
import { runDialogueSet, type Score, type SetResult } from './run-dialogues';

/** A played set's score per category, its two hash halves added together. */
export function wholeScores(result: SetResult): Map<string, Score> {
  const out = new Map<string, Score>();
  for (const c of new Set(result.played.map((r) => r.dialogue.category))) {
    const parts = [result.scores.dev.get(c), result.scores.test.get(c)];
    out.set(c, {
      passed: parts.reduce((n, s) => n + (s?.passed ?? 0), 0),
      total: parts.reduce((n, s) => n + (s?.total ?? 0), 0),
    });
  }
  return out;
}

/** Plays every dialogue of a frozen set with the three avatars and returns its score per category. */
export async function scoreFrozenSet(dialogues: readonly Dialogue[]): Promise<Map<string, Score>> {
  return wholeScores(await runDialogueSet(dialogues));
}

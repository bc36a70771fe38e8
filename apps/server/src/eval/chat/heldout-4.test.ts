/**
 * The fourth held-out set (`heldout-4/`) is complete: every category of the dialogue set, enough
 * dialogues (most in memory and feelings), every probe written as three or more paraphrases, memory
 * recalled over several turns, ids of its own. Its sentences are kept out of the engine by
 * `leak.test.ts`; its scores are printed only by `npm run eval:chat -- --frozen`.
 */
import { describe, expect, it } from 'vitest';
import {
  DIALOGUE_CATEGORIES,
  HELDOUT_DIR,
  HELDOUT2_DIR,
  HELDOUT3_DIR,
  HELDOUT4_DIR,
  HELDOUT5_DIR,
  loadDialogues,
  PROBES_DIR,
  probeOf,
} from './dialogue-set';

/** Fewest dialogues per category (the weights the set was written to). */
const MIN_PER_CATEGORY: Record<string, number> = {
  memory: 33,
  feelings: 33,
  tasks: 27,
  robustness: 21,
  identity: 21,
  'topic switch': 21,
  'unknown facts': 18,
  persona: 18,
};

describe('the fourth held-out set', () => {
  const heldout4 = loadDialogues(HELDOUT4_DIR);
  const inCategory = (category: string) => heldout4.filter((d) => d.category === category).length;

  it('has at least 190 dialogues in the eight categories of the dialogue set, weighted towards memory and feelings', () => {
    expect(heldout4.length).toBeGreaterThanOrEqual(190);
    expect([...new Set(heldout4.map((d) => d.category))].sort()).toEqual(DIALOGUE_CATEGORIES);
    for (const category of DIALOGUE_CATEGORIES) {
      expect(inCategory(category), category).toBeGreaterThanOrEqual(MIN_PER_CATEGORY[category] ?? 18);
    }
  });

  it('has at least 63 probes, each written as three or more paraphrases', () => {
    const perProbe = new Map<string, number>();
    for (const d of heldout4) perProbe.set(probeOf(d.id), (perProbe.get(probeOf(d.id)) ?? 0) + 1);
    expect(perProbe.size).toBeGreaterThanOrEqual(63);
    expect([...perProbe].filter(([, n]) => n < 3).map(([p]) => p)).toEqual([]);
  });

  it('checks something in every dialogue, and recalls memory over three or more turns', () => {
    expect(heldout4.filter((d) => !d.turns.some(([, e]) => e)).map((d) => d.id)).toEqual([]);
    const multiTurn = heldout4.filter((d) => d.category === 'memory' && d.turns.length >= 3);
    expect(multiTurn.length).toBeGreaterThanOrEqual(22);
  });

  it('shares no dialogue id with the other sets, and every id is prefixed h4-', () => {
    expect(heldout4.filter((d) => !d.id.startsWith('h4-')).map((d) => d.id)).toEqual([]);
    const others = new Set(
      [
        ...loadDialogues(),
        ...loadDialogues(HELDOUT_DIR),
        ...loadDialogues(HELDOUT2_DIR),
        ...loadDialogues(HELDOUT3_DIR),
        ...loadDialogues(HELDOUT5_DIR),
        ...loadDialogues(PROBES_DIR),
      ].map((d) => d.id),
    );
    expect(heldout4.filter((d) => others.has(d.id)).map((d) => d.id)).toEqual([]);
    expect([...others].filter((id) => id.startsWith('h4-'))).toEqual([]);
  });
});

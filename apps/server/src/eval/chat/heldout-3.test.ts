/**
 * The third held-out set (`heldout-3/`) is complete: every category of the dialogue set, enough
 * dialogues (more in memory and feelings), three or more paraphrases per probe, ids of its own.
 * Its sentences are kept out of the engine by `leak.test.ts`; its scores are printed only by
 * `npm run eval:chat -- --frozen`.
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

describe('the third held-out set', () => {
  const heldout3 = loadDialogues(HELDOUT3_DIR);
  const inCategory = (category: string) => heldout3.filter((d) => d.category === category).length;

  it('has at least 170 dialogues in the eight categories of the dialogue set, most in memory and feelings', () => {
    expect(heldout3.length).toBeGreaterThanOrEqual(170);
    expect([...new Set(heldout3.map((d) => d.category))].sort()).toEqual(DIALOGUE_CATEGORIES);
    for (const category of DIALOGUE_CATEGORIES) expect(inCategory(category), category).toBeGreaterThanOrEqual(18);
    expect(inCategory('memory')).toBeGreaterThanOrEqual(27);
    expect(inCategory('feelings')).toBeGreaterThanOrEqual(27);
  });

  it('writes every probe as three or more paraphrases', () => {
    const perProbe = new Map<string, number>();
    for (const d of heldout3) perProbe.set(probeOf(d.id), (perProbe.get(probeOf(d.id)) ?? 0) + 1);
    expect([...perProbe].filter(([, n]) => n < 3).map(([p]) => p)).toEqual([]);
  });

  it('checks something in every dialogue, and recalls memory after the telling turn', () => {
    expect(heldout3.filter((d) => !d.turns.some(([, e]) => e)).map((d) => d.id)).toEqual([]);
    const multiTurn = heldout3.filter((d) => d.category === 'memory' && d.turns.length >= 3);
    expect(multiTurn.length).toBeGreaterThanOrEqual(20);
  });

  it('shares no dialogue id with the other sets, and every id is prefixed h3-', () => {
    expect(heldout3.filter((d) => !d.id.startsWith('h3-')).map((d) => d.id)).toEqual([]);
    const others = new Set(
      [
        ...loadDialogues(),
        ...loadDialogues(HELDOUT_DIR),
        ...loadDialogues(HELDOUT2_DIR),
        ...loadDialogues(HELDOUT4_DIR),
        ...loadDialogues(HELDOUT5_DIR),
        ...loadDialogues(PROBES_DIR),
      ].map((d) => d.id),
    );
    expect(heldout3.filter((d) => others.has(d.id)).map((d) => d.id)).toEqual([]);
    expect([...others].filter((id) => id.startsWith('h3-'))).toEqual([]);
  });
});

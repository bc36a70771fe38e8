/**
 * The second held-out set (`heldout-2/`) is complete: every category of the dialogue set, enough
 * dialogues, three or more paraphrases per probe, ids of its own. Its sentences are kept out of the
 * engine by `leak.test.ts`; its scores are printed only by `npm run eval:chat -- --frozen`.
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
  probeOf,
} from './dialogue-set';

describe('the second held-out set', () => {
  const heldout2 = loadDialogues(HELDOUT2_DIR);

  it('has at least 160 dialogues in the eight categories of the dialogue set', () => {
    expect(heldout2.length).toBeGreaterThanOrEqual(160);
    expect([...new Set(heldout2.map((d) => d.category))].sort()).toEqual(DIALOGUE_CATEGORIES);
    expect([...new Set(loadDialogues().map((d) => d.category))].sort()).toEqual(DIALOGUE_CATEGORIES);
    for (const category of DIALOGUE_CATEGORIES) {
      expect(heldout2.filter((d) => d.category === category).length, category).toBeGreaterThanOrEqual(18);
    }
  });

  it('writes every probe as three or more paraphrases', () => {
    const perProbe = new Map<string, number>();
    for (const d of heldout2) perProbe.set(probeOf(d.id), (perProbe.get(probeOf(d.id)) ?? 0) + 1);
    expect([...perProbe].filter(([, n]) => n < 3).map(([p]) => p)).toEqual([]);
  });

  it('shares no dialogue id with the other sets, and every id is prefixed h2-', () => {
    expect(heldout2.filter((d) => !d.id.startsWith('h2-')).map((d) => d.id)).toEqual([]);
    const others = new Set(
      [
        ...loadDialogues(),
        ...loadDialogues(HELDOUT_DIR),
        ...loadDialogues(HELDOUT3_DIR),
        ...loadDialogues(HELDOUT4_DIR),
        ...loadDialogues(HELDOUT5_DIR),
      ].map((d) => d.id),
    );
    expect(heldout2.filter((d) => others.has(d.id)).map((d) => d.id)).toEqual([]);
  });
});

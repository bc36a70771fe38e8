/**
 * The frozen held-out sets (`heldout-2/` to `heldout-5/`) are complete: every category of the
 * dialogue set, enough dialogues (the later sets weighted towards memory and feelings), every probe
 * written as three or more paraphrases, and ids of their own. The later sets also check something
 * in every dialogue and recall memory over three or more turns. Their sentences are kept out of the
 * engine by `leak.test.ts`; their scores are printed only by `npm run eval:chat -- --frozen`. Only
 * counts and ids are asserted here: no dialogue text is printed, even on failure.
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

/** What one frozen set was written to, as its tests assert it. */
interface FrozenSet {
  /** Its place among the held-out sets, in words ("second"). */
  ordinal: string;
  dir: string;
  /** The prefix of every id of the set, and of no id elsewhere. */
  prefix: string;
  /** Fewest dialogues in the set. */
  dialogues: number;
  /** Fewest dialogues per category where more than {@link MIN_PER_CATEGORY} were written. */
  perCategory: Partial<Record<string, number>>;
  /** Fewest distinct probes, where the set was written to a number of them. */
  probes?: number;
  /**
   * Fewest memory dialogues of three or more turns; when set, every dialogue must also check
   * something (the sets written after the second were held to both).
   */
  multiTurnMemory?: number;
}

/** Fewest dialogues per category in every set. */
const MIN_PER_CATEGORY = 18;

const FROZEN_SETS: FrozenSet[] = [
  { ordinal: 'second', dir: HELDOUT2_DIR, prefix: 'h2-', dialogues: 160, perCategory: {} },
  {
    ordinal: 'third',
    dir: HELDOUT3_DIR,
    prefix: 'h3-',
    dialogues: 170,
    perCategory: { memory: 27, feelings: 27 },
    multiTurnMemory: 20,
  },
  {
    ordinal: 'fourth',
    dir: HELDOUT4_DIR,
    prefix: 'h4-',
    dialogues: 190,
    perCategory: { memory: 33, feelings: 33, tasks: 27, robustness: 21, identity: 21, 'topic switch': 21 },
    probes: 63,
    multiTurnMemory: 22,
  },
  {
    ordinal: 'fifth',
    dir: HELDOUT5_DIR,
    prefix: 'h5-',
    dialogues: 190,
    perCategory: { memory: 36, feelings: 30, tasks: 30, robustness: 21, identity: 21, 'topic switch': 21 },
    probes: 63,
    multiTurnMemory: 22,
  },
];

/** The sets besides the frozen ones whose ids a frozen set must not share: dialogues, first held-out, probes. */
const OTHER_DIRS = [undefined, HELDOUT_DIR, PROBES_DIR];

it('the dialogue set itself covers the eight categories', () => {
  expect([...new Set(loadDialogues().map((d) => d.category))].sort()).toEqual(DIALOGUE_CATEGORIES);
});

describe.each(FROZEN_SETS.map((set) => [set.ordinal, set] as const))('the %s held-out set', (_ordinal, set) => {
  const dialogues = loadDialogues(set.dir);
  const inCategory = (category: string) => dialogues.filter((d) => d.category === category).length;

  it(`has at least ${set.dialogues} dialogues in the eight categories of the dialogue set, enough in each`, () => {
    expect(dialogues.length).toBeGreaterThanOrEqual(set.dialogues);
    expect([...new Set(dialogues.map((d) => d.category))].sort()).toEqual(DIALOGUE_CATEGORIES);
    for (const category of DIALOGUE_CATEGORIES) {
      expect(inCategory(category), category).toBeGreaterThanOrEqual(set.perCategory[category] ?? MIN_PER_CATEGORY);
    }
  });

  const probes = set.probes === undefined ? 'every probe' : `at least ${set.probes} probes, each`;
  it(`writes ${probes} as three or more paraphrases`, () => {
    const perProbe = new Map<string, number>();
    for (const d of dialogues) perProbe.set(probeOf(d.id), (perProbe.get(probeOf(d.id)) ?? 0) + 1);
    expect(perProbe.size).toBeGreaterThanOrEqual(set.probes ?? 0);
    expect([...perProbe].filter(([, n]) => n < 3).map(([p]) => p)).toEqual([]);
  });

  const multiTurnMemory = set.multiTurnMemory;
  if (multiTurnMemory !== undefined) {
    it(`checks something in every dialogue, and recalls memory over three or more turns in ${multiTurnMemory}`, () => {
      expect(dialogues.filter((d) => !d.turns.some(([, e]) => e)).map((d) => d.id)).toEqual([]);
      const multiTurn = dialogues.filter((d) => d.category === 'memory' && d.turns.length >= 3);
      expect(multiTurn.length).toBeGreaterThanOrEqual(multiTurnMemory);
    });
  }

  it(`shares no dialogue id with the other sets, and every id is prefixed ${set.prefix}`, () => {
    expect(dialogues.filter((d) => !d.id.startsWith(set.prefix)).map((d) => d.id)).toEqual([]);
    const others = new Set(
      [...OTHER_DIRS, ...FROZEN_SETS.filter((s) => s !== set).map((s) => s.dir)].flatMap((dir) =>
        loadDialogues(dir).map((d) => d.id),
      ),
    );
    expect(dialogues.filter((d) => others.has(d.id)).map((d) => d.id)).toEqual([]);
    expect([...others].filter((id) => id.startsWith(set.prefix))).toEqual([]);
  });
});

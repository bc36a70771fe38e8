/** A frozen set's score adds its two hash halves per category and counts every avatar's turns. */
import { describe, expect, it } from 'vitest';
import { type Dialogue, splitOf } from './dialogue-set';
import { scoreFrozenSet } from './frozen-score';

describe('scoreFrozenSet', () => {
  it('counts each checked turn once per avatar, per category, over both hash halves', async () => {
    const ids = ['probe-a-1', 'probe-a-2', 'probe-a-5', 'probe-a-6'];
    // Two of each half (checked below): the score must not depend on the split.
    expect(ids.map(splitOf)).toEqual(['dev', 'dev', 'test', 'test']);
    const dialogues: Dialogue[] = ids.map((id) => ({
      id,
      category: 'alpha',
      turns: [['hello there, avatar', { nonEmpty: true }], ['and again'], ['once more', { has: ['zq-never-said'] }]],
    }));
    dialogues.push({ id: 'probe-b-1', category: 'beta', turns: [['good evening', { nonEmpty: true }]] });
    const scores = await scoreFrozenSet(dialogues);
    expect(Object.fromEntries(scores)).toEqual({ alpha: { passed: 12, total: 24 }, beta: { passed: 3, total: 3 } });
  });
});

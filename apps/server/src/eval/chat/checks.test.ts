/** The judge's `fact` expectation: a stored fact, by name, must match. */
import { describe, expect, it } from 'vitest';
import type { ChatReply } from '../../providers/ai/types';
import { failures } from './checks';
import { EVAL_AVATARS } from './run-dialogues';

const avatar = EVAL_AVATARS[0]!;
const replyWith = (facts: Record<string, unknown>) =>
  ({ response: 'noted', actions: [], memory: { facts, topic: null, lastTask: null } }) as unknown as ChatReply;
const check = (fact: Record<string, string>, facts: Record<string, unknown>) =>
  failures({ fact }, { avatar, reply: replyWith(facts), previousReply: null });

describe('fact expectations', () => {
  it('pass when the named fact matches', () => {
    expect(check({ name: '^Priya$' }, { name: 'Priya', location: 'Pune' })).toEqual([]);
    expect(check({ pets: 'Miso' }, { pets: [{ kind: 'cat', name: 'Miso' }] })).toEqual([]);
  });

  it('fail when the value is elsewhere, different or missing', () => {
    expect(check({ name: '^Priya$' }, { likes: ['Priya'] })).toEqual(['fact name is null, wanted /^Priya$/']);
    expect(check({ name: '^Priya$' }, { name: 'Pria' })).toEqual(['fact name is Pria, wanted /^Priya$/']);
    expect(check({ name: '^Priya$' }, { name: 'Priya btw' })).toHaveLength(1);
  });
});

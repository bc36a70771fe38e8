import { describe, expect, it } from 'vitest';
import { hasForbiddenChars, IntIdSchema, MAX_INT_ID, text } from './input';

describe('shared input rules', () => {
  it('text() refuses NUL bytes, lone surrogates and over-long strings', () => {
    const name = text({ min: 1, max: 10 });
    expect(name.safeParse('NEO').success).toBe(true);
    expect(name.safeParse('NE\u0000O').success).toBe(false);
    expect(name.safeParse('\ud800').success).toBe(false);
    expect(name.safeParse('x'.repeat(11)).success).toBe(false);
    expect(hasForbiddenChars('emoji 😀 ok')).toBe(false);
  });

  it('IntIdSchema takes 1..2^31−1 from numbers or decimal strings', () => {
    expect(IntIdSchema.parse('42')).toBe(42);
    expect(IntIdSchema.parse(MAX_INT_ID)).toBe(MAX_INT_ID);
    for (const bad of ['2147483648', 2 ** 31, 0, -1, 1.5, 'abc', ''])
      expect(IntIdSchema.safeParse(bad).success).toBe(false);
  });
});

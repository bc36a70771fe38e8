/**
 * Typing slips read as the key word they are one edit from (a letter added, dropped or changed, or
 * two neighbours swapped), and words no edit can reach left as typed.
 */
import { describe, expect, it } from 'vitest';
import { fixTypos } from './typos';

describe('fixTypos', () => {
  it.each([
    ['coudl you bulid me a siet', 'could you build me a site'],
    ['a litle logo for my bakey', 'a little logo for my bakery'],
    ['yuo there?', 'you there?'],
    ['pleese help', 'please help'],
    ['Waht is my nmae', 'What is my name'],
  ])('reads %j as %j', (typed, read) => {
    expect(fixTypos(typed)).toBe(read);
  });

  it('leaves a pasted run of letters as typed, at once', () => {
    const run = `q${'a'.repeat(200_000)}`;
    const started = Date.now();
    expect(fixTypos(run)).toBe(run);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

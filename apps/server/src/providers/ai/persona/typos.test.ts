/**
 * Typing slips read as the key word they are one edit from (a letter added, dropped or changed, or
 * two neighbours swapped), and words no edit can reach left as typed — all without the feelings
 * classifier's model, which the typo path has no use for (loading it here fails the file).
 */
import { describe, expect, it, vi } from 'vitest';
import { isKnownWord } from './english-words';
import { fixTypos } from './typos';

vi.mock('./feeling-model.json', () => {
  throw new Error('the typo corrector loaded the feelings model');
});

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

  it('tells words of the vocabulary from slips', () => {
    expect(['build', 'could', 'jonas'].map(isKnownWord)).toEqual([true, true, true]);
    expect(['bulid', 'coudl', 'siet'].map(isKnownWord)).toEqual([false, false, false]);
  });

  it('leaves a pasted run of letters as typed, at once', () => {
    const run = `q${'a'.repeat(200_000)}`;
    const started = Date.now();
    expect(fixTypos(run)).toBe(run);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

/**
 * Feelings said both ways, on sentences written for this test (not from any dialogue set or probe
 * batch): an ambivalence said outright ("idk how to feel"), good news then its cost after "but it
 * means" or "it also means", and a death told as "he passed in March".
 */
import { describe, expect, it } from 'vitest';
import { feelingOf } from './feeling';

describe('feelings said both ways', () => {
  it.each([
    'made partner at the firm today. same week they let my mentor go. idk how to feel',
    "We're finally moving into the new flat, though honestly I have mixed feelings about leaving this street",
    'got the lisbon job!! but it means leaving my little brother behind',
    "I accepted the Seoul posting today, the role I've wanted for years. It also means leaving my dad on his own",
    'got into the berlin residency!! it also means a year away from my kids',
  ])('"%s" is mixed', (message) => {
    expect(feelingOf(message).polarity).toBe('mixed');
  });

  it('a person who passed at a time died', () => {
    expect(feelingOf('she passed in january and I still set a place for her at dinner').polarity).toBe('negative');
  });

  it('passing a test is no death', () => {
    expect(feelingOf('he passed his driving test in march').polarity).not.toBe('negative');
  });
});

/**
 * Facts told in two more shapes, on sentences written for these tests (in no dialogue set): a name
 * after "let me introduce myself:", and where the writer is from "here in <place>" — unless a visit
 * is told with it ("here in Porto for a wedding").
 */
import { describe, expect, it } from 'vitest';
import { extractFacts } from './facts';

describe('a name after an introduction', () => {
  it.each([
    ['Let me introduce myself properly: Wilhelmina Achterberg, semi-retired florist.', /Wilhelmina/],
    ["before we start, let me introduce myself - I'm Ruairí, and I restore boats", /Ruair/],
  ])('%s', (message, name) => {
    expect(extractFacts(message).name).toMatch(name);
  });

  it('no capitalised word, no name', () => {
    expect(extractFacts('let me introduce myself: basically i restore boats').name).toBeUndefined();
  });
});

describe('here in a place', () => {
  it.each([
    ['the buses here in Gdańsk are always late, how do people cope', /Gda/],
    ["it's been raining for a week here in Galway and the garden is a swamp", /Galway/],
  ])('%s', (message, place) => {
    expect(extractFacts(message).location).toMatch(place);
  });

  it.each([
    "I'm here in Porto for a wedding this weekend",
    "we're staying here in Oslo on business until Friday",
    // said first, with no subject: still a visit
    'here in Bergen on a work trip, any tips for dinner?',
    'over in Valencia for the conference, the weather is unreal',
  ])('a visit is not a home: %s', (message) => {
    expect(extractFacts(message).location).toBeUndefined();
  });
});

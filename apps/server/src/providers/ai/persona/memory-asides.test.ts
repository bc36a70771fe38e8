/**
 * Facts said in asides and loose lists, on sentences written for these tests (not from any dialogue
 * set or probe batch): a job in brackets, after "as a", or after "I work" with no "as"; a job WordNet
 * files as a kind of worker; a home one has "been in" for years, lives in without "in", or went to
 * and never left; a name as a labelled list item; and a second pet named before "my <animal>".
 */
import { describe, expect, it } from 'vitest';
import { extractFacts } from './facts';

describe('a job said in an aside', () => {
  it.each([
    ['another double shift done (midwife, royal infirmary, send snacks)', /^midwife$/i],
    ['30 essays to grade this weekend (history teacher, sixth form college)', /^history teacher$/i],
    ['As a marine biologist I spend half my life on boats', /^marine biologist$/i],
    ['I work receptionist at a dental clinic', /^receptionist$/i],
    ["I'm a librarian in Whitby", /^librarian$/i],
  ])('%s', (message, job) => {
    expect(extractFacts(message).occupation).toMatch(job);
  });

  it.each(['my cousin (midwife) works nights', 'As a teenager I hated mornings', 'I work long hours most weeks'])(
    'no job of the writer in "%s"',
    (message) => {
      expect(extractFacts(message).occupation).toBeUndefined();
    },
  );
});

describe('a home said in passing', () => {
  it.each([
    ['grew up in galway but been in lisbon like 4 yrs now, still not used to the heat', /^Lisbon$/],
    ['Raised in Tromsø, been in Bergen for ten years now', /^Bergen$/],
    ['I live Glasgow now, but my family is in Lagos', /^Glasgow$/],
    ['went to Vancouver for a masters and somehow never left', /^Vancouver$/],
  ])('%s', (message, place) => {
    expect(extractFacts(message).location).toMatch(place);
  });

  it.each([
    'been in therapy for 3 years now and it helps',
    'We went to Porto for a long weekend and stayed in a tiny guesthouse',
  ])('no home in "%s"', (message) => {
    expect(extractFacts(message).location).toBeUndefined();
  });
});

describe('a name as a labelled list item', () => {
  it('reads "name Ottilie" in a list about the writer', () => {
    expect(extractFacts('few things about me: age 29, name Ottilie, I keep bees').name).toBe('Ottilie');
  });

  it("does not read a pet's labelled name as the writer's", () => {
    expect(extractFacts("the puppy's name Waffle, age 2").name).toBeUndefined();
  });
});

describe('pets named before "my <animal>"', () => {
  it('keeps both when each name comes before its animal', () => {
    const pets = extractFacts('Bramble, my rabbit, keeps stealing food from Juno, my tortoise.').pets ?? [];
    expect(pets).toEqual([
      { kind: 'rabbit', name: 'Bramble' },
      { kind: 'tortoise', name: 'Juno' },
    ]);
  });
});

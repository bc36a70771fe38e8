/**
 * Facts said in asides and loose lists, on sentences written for these tests (not from any dialogue
 * set or probe batch): a job in brackets, after "as a", or after "I work" with no "as"; a job WordNet
 * files as a kind of worker; a home one has "been in" for years, lives in without "in", or went to
 * and never left; a name as a labelled list item; a second pet named before "my <animal>"; where the
 * writer grew up; an introduction list; a name corrected in lower case; a diet word before "btw".
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { extractFacts } from './facts';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 94,
  name: 'Moth',
  agentType: 'HACKER',
  description: 'Reads logs for fun.',
  personalityTraits: ['terse'],
  skills: [{ name: 'Go', category: 'technical', proficiency: 45 }],
  level: 3,
  experiencePoints: 3500,
};

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

describe('where the writer grew up', () => {
  it.each([
    ['I grew up in Lagos, so London winters still feel unfair; been here three years now', 'Lagos'],
    ['lol grew up in kumasi, now freezing in oslo', 'Kumasi'],
    ["I'm originally from Tromsø but live in Bergen", 'Tromsø'],
  ])('%s', (message, place) => {
    expect(extractFacts(message).about).toContainEqual({ key: 'hometown', value: place });
  });

  it.each(['my dad grew up in Leeds', 'I grew up in poverty', 'i grew up in a tiny village'])(
    'no hometown of the writer in "%s"',
    (message) => {
      expect(extractFacts(message).about?.find((f) => f.key === 'hometown')).toBeUndefined();
    },
  );

  it('answers where the writer grew up, and where they live, from what was told', async () => {
    const replies = await talk(avatar, [
      'I grew up in Lagos, and I have lived in Leeds for five years now',
      'where did I spend my childhood?',
      'so where am I from, and where do I live?',
      'where did my dad grow up?',
    ]);
    expect(replies[1]?.response).toMatch(/Lagos/);
    expect(replies[2]?.response).toMatch(/Lagos[\s\S]*Leeds/);
    expect(replies[3]?.response).not.toMatch(/Lagos/);
  });
});

describe('an introduction list', () => {
  it.each([
    ['ok intro time: wanjiru, 27, sound engineer, always tired', 'Wanjiru', /sound engineer/],
    [
      'A quick introduction so you know who I am: Ottilie, 40, landscape architect, two kids',
      'Ottilie',
      /landscape architect/,
    ],
  ])('%s', (message, name, job) => {
    const facts = extractFacts(message);
    expect(facts.name).toBe(name);
    expect(facts.occupation).toMatch(job);
  });
});

describe('a correction typed in lower case', () => {
  it('mends the name', async () => {
    const replies = await talk(avatar, [
      'hey im bogdan, need a cheap desk lamp',
      'sorry autocorrect, its bohdan not bogdan',
      'whats my name',
    ]);
    expect(replies[2]?.response).toMatch(/Bohdan/);
  });
});

describe('a diet said with a word after it', () => {
  it('keeps "pescatarian btw" as a diet, not a name', () => {
    const facts = extractFacts('im pescatarian btw so fish is fine');
    expect(facts.diet).toEqual(["you're pescatarian"]);
    expect(facts.name).toBeUndefined();
  });

  it('reads "allergic for" as an allergy', () => {
    expect(extractFacts('I am allergic for hazelnuts').diet).toEqual(["you're allergic to hazelnuts"]);
  });
});

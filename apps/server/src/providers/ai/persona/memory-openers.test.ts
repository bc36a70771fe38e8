/**
 * Facts told after a sound or a greeting, on sentences written for these tests (in no dialogue set):
 * a lower-case name after "yo"/"hey" and before "here", a pet's name after laughter or an
 * interjection ("lmaooo my cat …" names the cat, not "Lmaooo"), and where one lives told after
 * where one grew up ("… but live in Bristol now").
 */
import { describe, expect, it } from 'vitest';
import { extractFacts } from './facts';

describe('a lower-case name after a greeting, before "here"', () => {
  it.each([
    ['yo anneke here', 'Anneke'],
    ['hey priyanka here, got a min?', 'Priyanka'],
  ])('%s', (message, name) => {
    expect(extractFacts(message).name).toBe(name);
  });

  it.each(['hey everyone here?', 'hi all here, quick one'])('no name in %s', (message) => {
    expect(extractFacts(message).name).toBeUndefined();
  });
});

describe('a pet after laughter or an interjection', () => {
  it.each([
    ['lmfaooo my hamster nugget escaped again', 'Nugget'],
    ['Omgg, our puppy Waffle ate a whole sock', 'Waffle'],
    ['Ugh my parrot Kiwi learned a swear word', 'Kiwi'],
  ])('%s', (message, name) => {
    expect(extractFacts(message).pets?.map((p) => p.name)).toEqual([name]);
  });

  it('a name said first is still a name', () => {
    expect(extractFacts('Pickle, my old tabby, sleeps all day').pets?.map((p) => p.name)).toEqual(['Pickle']);
  });
});

describe('where one lives after where one grew up', () => {
  it.each([
    ['raised in Swansea but live in Cardiff these days', 'Cardiff'],
    ['born in Lagos, and now reside in Accra', 'Accra'],
  ])('%s', (message, place) => {
    expect(extractFacts(message).location).toBe(place);
  });

  it.each(['Live at Leeds is the best record ever', 'my cousins live in Hobart'])('no home in %s', (message) => {
    expect(extractFacts(message).location).toBeUndefined();
  });
});

describe('a name ending like a job is not one', () => {
  it.each([
    ["I'm Noor.", 'Noor'],
    ["I'm Igor, nice to meet you", 'Igor'],
  ])('%s', (message, name) => {
    const facts = extractFacts(message);
    expect(facts.name).toBe(name);
    expect(facts.occupation).toBeUndefined();
  });
});

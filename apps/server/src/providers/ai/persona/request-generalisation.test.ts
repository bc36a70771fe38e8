/**
 * Requests and questions about the avatar in phrasings the cue lists missed, on sentences written
 * for these tests (not from any dialogue set).
 */
import { describe, expect, it } from 'vitest';
import { recallTargets } from './fact-questions';
import { extractFacts } from './facts';
import { identityAspects } from './identity';
import { taskFrame } from './task-frames';
import { describedBusiness } from './topics';

describe('identityAspects, more phrasings', () => {
  it.each([
    ['so which of the classes are you in?', ['type']],
    ['xp check please', ['level']],
    ['how many skills does my avatar have by now?', ['skills']],
    ['what are you good at, really?', ['skills']],
    ['is a live person writing back to me?', ['ai']],
    ['oops, I forgot your name', ['name']],
    ['is somebody actually on the other side?', ['ai']],
    ['xp?', ['level']],
  ])('%s', (message, aspects) => {
    expect(identityAspects(message)).toEqual(aspects);
  });

  it('does not read "sort" or "kind" as a verb or adverb about type', () => {
    expect(identityAspects('the menu is a mess, can you sort it out?')).toEqual([]);
  });
});

describe('taskFrame, where a request starts', () => {
  it.each([
    ['long story short: could you draw a lantern on a pier?', 'make_art'],
    ['we have no online presence 🙈 could you fix that?', 'build_website'],
    ['what we would really love is a web page for the choir', 'build_website'],
    ['I run a repair café in Ghent, need a site to list our dates', 'build_website'],
    ['could you write a little bot that posts a cat fact every hour', 'build_website'],
    ['post about the app we launched', 'social_post'],
    ["I'd rather have a cast about the raffle", 'social_post'],
    ['we could really use a website', 'build_website'],
  ])('%s', (message, act) => {
    expect(taskFrame(message)?.act).toBe(act);
  });

  it('does not start a request inside a hyphenated word', () => {
    expect(taskFrame('I love the old charcoal-sketch look of those pages')).toBeNull();
  });
});

describe('facts and context', () => {
  it('asks for the place in "my town"', () => {
    expect(recallTargets('what was my home town again?')).toEqual(['location']);
  });

  it('hears "the name\'s …" after a pause as the writer\'s name, not after a business', () => {
    expect(extractFacts('Rough week. Anyway, the name’s Priya').name).toBe('Priya');
    expect(extractFacts('we own a noodle bar in Hull — the name’s Slurp').name).toBeUndefined();
    expect(extractFacts("we run a deli, the name's Gherkin").name).toBeUndefined();
    expect(describedBusiness('we own a noodle bar in Hull — the name’s Slurp')).toBe(
      'a noodle bar in Hull called Slurp',
    );
  });

  it('reads a business one works out of', () => {
    expect(describedBusiness('I run workshops out of a studio called The Hayloft')).toBe('a studio called The Hayloft');
  });

  it('reads a business a friend or relative runs', () => {
    expect(describedBusiness('my uncle runs a fish bar in Whitby called The Codfather')).toBe(
      'a fish bar in Whitby called The Codfather',
    );
  });

  it('does not take "we have a website" for the business', () => {
    expect(describedBusiness("we've got a website but nobody visits it")).toBeNull();
  });
});

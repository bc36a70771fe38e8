import { describe, expect, it } from 'vitest';
import { alternativesOf, choiceRequest, chosenAlternative } from './task-choice';

// Sentences written for these tests; none is in a dialogue set or in intents.json.
describe('chosenAlternative: a choice among the alternatives listed just before', () => {
  const art = 'Not sure which to get sketched: a fox curled up in the snow, or a lighthouse in a storm.';
  const posts = 'three ideas for a post: one about our new puppy, one about the allotment harvest, one about my exam';
  const code = 'I keep thinking about a small tool; either a tracker for my plant watering or a timer for tea steeping';

  it('splits the coordinated phrases after the colon, or of the whole message', () => {
    expect(alternativesOf(art).items).toEqual(['a fox curled up in the snow', 'a lighthouse in a storm']);
    expect(alternativesOf(posts).items).toHaveLength(3);
    expect(alternativesOf('I had toast for breakfast').items).toEqual([]);
  });

  it('chooses by place and by a word only one alternative holds', () => {
    expect(chosenAlternative('the lighthouse one please', art)).toEqual({
      alternative: 'a lighthouse in a storm',
      kind: 'art',
    });
    expect(chosenAlternative("let's go with the second", posts)?.alternative).toBe('one about the allotment harvest');
    expect(chosenAlternative('the last one', posts)?.alternative).toBe('one about my exam');
    expect(chosenAlternative('the latter, thanks', code)).toEqual({
      alternative: 'a timer for tea steeping',
      kind: 'code',
    });
  });

  it('chooses nothing without a list before it, for a word no alternative holds, or in a long message', () => {
    expect(chosenAlternative('the first one', 'I had a long day at work')).toBeNull();
    expect(chosenAlternative('the red one', art)).toBeNull();
    expect(chosenAlternative('the first one I ever saw was in a museum in Oslo years ago', art)).toBeNull();
    expect(chosenAlternative('the first one', null)).toBeNull();
  });

  it('asks for the chosen alternative in full, by the kind the list was of', () => {
    expect(choiceRequest({ alternative: 'one about the allotment harvest', kind: 'post' })).toEqual({
      message: 'write a post about the allotment harvest',
      act: 'social_post',
    });
    expect(choiceRequest({ alternative: 'a lighthouse in a storm', kind: 'art' })).toEqual({
      message: 'draw a lighthouse in a storm',
      act: 'make_art',
    });
  });
});

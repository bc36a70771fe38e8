import { describe, expect, it } from 'vitest';
import { guardAct } from './guards';

describe('guards (high-precision acts before the classifier)', () => {
  const cases: [string, ReturnType<typeof guardAct>][] = [
    ['Hey!', 'greeting'],
    ['hi zero, how are you?', 'greeting'],
    ['good morning friend', 'greeting'],
    ['hi there, nice to meet you', 'greeting'],
    ['hey, draw me a cat', null],
    ['thanks a lot mate', 'thanks'],
    ['cool, thanks for the site', 'thanks'],
    ['thanks, now draw a fox', null],
    ['ok see you tomorrow', 'goodbye'],
    ['gotta go, bye', 'goodbye'],
    ['never mind', 'forget'],
    ['forget my name please', 'forget'],
    ['what is 12 times 8?', 'maths'],
    ['(3 + 4) * 2', 'maths'],
    ['mint 1/1 edition', null],
    ['what is 15% of my skill price', null],
    ["what's the weather in Paris", 'world_fact'],
    ['how much is bitcoin worth today', 'world_fact'],
    ['what is my avatar worth', null],
    ['write a post about the news', null],
    ['je voudrais une image', 'other_language'],
    ['wie geht es dir', 'other_language'],
    ['build a todo app', null],
    ['my name is Priya', 'tell_fact'],
    ['I live in Porto and I love jazz', 'tell_fact'],
    ["i'm building a game, can you help me?", null],
    ["what's my name?", 'recall_fact'],
    ['what is my avatar worth?', null],
    ['who are you?', 'who_are_you'],
    ['are you a bot', 'who_are_you'],
    ['who am i talking to', 'who_are_you'],
    ['i feel so tired today', 'feelings'],
    ["i'm excited to build a site for my bakery", null],
    ['lol', 'smalltalk'],
    ["that's funny", 'smalltalk'],
    ['draw a fox in the snow', null],
  ];
  it.each(cases)('%s → %s', (text, act) => {
    expect(guardAct(text)).toBe(act);
  });
});

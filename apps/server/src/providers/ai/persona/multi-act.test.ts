/**
 * Several acts in one message, on sentences written for these tests (not from any dialogue set):
 * a live-data question beside a question to the avatar, a request beside one, and the live-data
 * questions that needed more than a subject word (a flight's status, "anything going on…").
 */
import { describe, expect, it } from 'vitest';
import { clausesOf, detectAct } from './acts';
import { liveQuestion } from './live-data';
import { taskFrame } from './task-frames';

const act = (text: string) => detectAct(text, taskFrame(text), [], null, true);

describe('clausesOf', () => {
  it('splits sentences and a new question joined by "and btw"', () => {
    expect(clausesOf('my bus to Leeds is at 7, is it running? and btw which skills do you have')).toEqual([
      'my bus to Leeds is at 7, is it running?',
      'and btw which skills do you have',
    ]);
  });
});

describe('several questions in one message', () => {
  it('answers a live-data question and the question about the avatar', () => {
    const found = act("Before I head out: how cold is it outside in Tallinn? And what's your level?");
    expect(found?.act).toBe('world_fact');
    expect(found?.live?.topic).toMatch(/Tallinn/);
    expect(found?.identityMore).toContain('level');
  });

  it('does the task and answers the question about the avatar beside it', () => {
    const found = act('are you a real person? could you sketch a heron on a rock for me');
    expect(found?.act).toBe('make_art');
    expect(found?.identityMore).toContain('ai');
  });

  it('reads "the weather where I am" as a live question, not a memory one', () => {
    expect(act("how's the weather looking where I am? I'm in Galway")?.act).toBe('world_fact');
  });

  it('does not read "my project" in a lead-in as a memory question', () => {
    const found = act('Before we start on my project, tell me: which name should I use for you, and are you human?');
    expect(found?.act).toBe('who_are_you');
  });
});

describe('liveQuestion, more subjects', () => {
  it.each([
    ['is the ferry to Calais running on time today?', /ferry to Calais/],
    ['anything big going on in the world today?', /news/],
    ["what's the temperature outside in Perth?", /Perth/],
  ])('%s', (text, topic) => {
    expect(liveQuestion(text)?.topic).toMatch(topic);
  });
});

describe('taskFrame, code by its object', () => {
  it('reads a function or a snippet in a language as a code project', () => {
    expect(taskFrame('could you write me a python snippet that renames photos by date')).toEqual({
      act: 'build_website',
      code: true,
    });
  });
});

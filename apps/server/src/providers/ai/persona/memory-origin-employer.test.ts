/**
 * Recall in the shape the question asks for, on sentences written for these tests (in no dialogue
 * set): "which company?" finds the statement naming a workplace, "my hometown" the place the user
 * was raised rather than where they live now, "where did I grow up?" with nothing told says so
 * instead of listing other facts, and "what was my question just now?" is the last question.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { askedWords } from './recall';
import { talk } from './talk.test-helper';

const avatar: PersonaAvatar = {
  id: 96,
  name: 'Dunlin',
  agentType: 'CREATOR',
  description: 'Draws birds on envelopes.',
  personalityTraits: ['patient'],
  skills: [{ name: 'Ink', category: 'creative', proficiency: 45 }],
  level: 2,
  experiencePoints: 1200,
};

describe('words a question asks about', () => {
  it("drops contractions and 'by the way'", () => {
    expect(askedWords("by the way, which firm did I say I'm at?").words).toEqual(['firm']);
  });
});

describe('recall in the shape asked for', () => {
  it('which company: the statement naming the workplace', async () => {
    const replies = await talk(avatar, [
      "I've spent nine years in the claims office at Harrowgate Mutual and I'm itching for a change.",
      'My manager wants me to stay on.',
      'Which company did I say I work for?',
    ]);
    expect(replies[2]?.response).toMatch(/Harrowgate/);
  });

  it('hometown: where the user was raised, not where they live', async () => {
    const replies = await talk(avatar, [
      'I was raised in Tenby, though these days I rent a flat in Cardiff.',
      'Any ideas for a rainy Sunday?',
      "what's my hometown?",
    ]);
    expect(replies[2]?.response).toMatch(/Tenby/);
  });

  it('where I grew up, never told: says so', async () => {
    const replies = await talk(avatar, ['I keep bees on the roof of my building.', 'Do you know where I grew up?']);
    expect(replies[1]?.response).toMatch(/haven't|not sure|don't know|didn't/i);
  });

  it('my question just now', async () => {
    const replies = await talk(avatar, [
      'Long week. How do I descale a kettle without vinegar?',
      'Sorry, what was my question just now?',
    ]);
    expect(replies[1]?.response).toMatch(/descale|kettle/i);
  });
});

import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { extractFacts } from './facts';
import { talk } from './talk.test-helper';

const AVATAR: PersonaAvatar = {
  description: null,
  personalityTraits: [],
  level: 2,
  experiencePoints: 1_900,
  skills: [{ name: 'Copywriting', category: 'business', proficiency: 61 }],
  id: 372,
  name: 'Quill',
  agentType: 'HUSTLER',
};

const NOT_TOLD = /haven['’]t|have not|didn['’]t|don['’]t know|not sure|no record|nothing on/i;

describe('a recall question is not answered by a statement about something else', () => {
  it('a name said beside another person is not the name asked for', async () => {
    const replies = await talk(AVATAR, [
      'My brother just had twins, a boy called Arlo and a girl called Nell.',
      "What's my brother called?",
    ]);
    expect(replies[1]?.response).toMatch(NOT_TOLD);
    expect(replies[1]?.response).not.toMatch(/brother is called|called Arlo/);
  });

  it('a trip is not where the user lives', async () => {
    const replies = await talk(AVATAR, [
      'We only got back from a week in Lisbon last night.',
      'so which city am I based in?',
    ]);
    expect(replies[1]?.response).toMatch(NOT_TOLD);
    expect(replies[1]?.response).not.toMatch(/you live in Lisbon/i);
  });

  it("someone else's liking is not the user's", async () => {
    const replies = await talk(AVATAR, [
      'my gran adores violets, her whole windowsill is purple',
      "what's my favourite flower?",
    ]);
    expect(replies[1]?.response).toMatch(NOT_TOLD);
    expect(replies[1]?.response).not.toMatch(/your favourite flower is|you like violets/i);
  });

  it('the outcome of the user’s own news is theirs to tell', async () => {
    const replies = await talk(AVATAR, ['driving test was this morning, hands still shaking', 'so did I pass or not?']);
    expect(replies[1]?.response).toMatch(NOT_TOLD);
  });

  it('a liking told of someone of the user’s is not stored as the user’s', () => {
    expect(extractFacts('my cousin is obsessed with roller derby').likes).toBeUndefined();
    expect(extractFacts("I'm obsessed with roller derby").likes).toEqual(['roller derby']);
  });
});

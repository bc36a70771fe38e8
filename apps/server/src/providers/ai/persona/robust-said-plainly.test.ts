import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { liveQuestion } from './live-data';
import { talk } from './talk.test-helper';

const AVATAR: PersonaAvatar = {
  description: null,
  personalityTraits: [],
  level: 1,
  experiencePoints: 300,
  skills: [],
  id: 65,
  name: 'Nib',
  agentType: 'HACKER',
};

describe('live questions typed loosely', () => {
  it('a team in lower case, "last nite"', async () => {
    const [reply] = await talk(AVATAR, ['did the rovers win last nite']);
    expect(reply?.response).toMatch(/rovers/);
    expect(reply?.response).toMatch(/offline/);
  });

  it('a flight by number, its landing or arrival time', () => {
    expect(liveQuestion('Flight LH 400 arrival time now?')?.kind).toBe('transport');
    expect(liveQuestion('when is my plane landing, is it late?')?.kind).toBe('transport');
  });

  it('a win of the writer’s or their family’s is no sports result', () => {
    expect(liveQuestion('did you win the pub quiz last night')).toBeNull();
    expect(liveQuestion('did my nan win at bingo today')).toBeNull();
  });
});

describe('keys mashed, pets drawn', () => {
  it('gibberish asks for no task', async () => {
    const [reply] = await talk(AVATAR, ['qwpoeiru zxmcnv ;;;']);
    expect(reply?.taskSuggestion).toBeNull();
  });

  it('"could you paint him?" after the pet was named draws the pet', async () => {
    const [reply] = await talk(AVATAR, ['my dog Pip is asleep on my feet. could you paint him?']);
    expect(reply?.intent).toBe('make_art');
    expect(reply?.imagePrompt).toMatch(/Pip/);
  });
});

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

describe('more than one thing asked, in few words', () => {
  it('"You real or AI and what is your skill?" answers both', async () => {
    const [reply] = await talk(AVATAR, ['You real or AI 🤔 and what is your best skill?']);
    expect(reply?.response).toMatch(/\bAI\b/);
    expect(reply?.response).toMatch(/skill/i);
  });

  it('"mint my old pixel frog pic" names no pet and mints the frog', async () => {
    const replies = await talk(AVATAR, [
      'draw me a pixel frog',
      'now make a fox',
      'nah wait mint my old pixel frog pic instead',
    ]);
    expect(replies[2]?.memory?.facts.pets ?? []).toEqual([]);
    expect(replies[2]?.taskSuggestion?.action).toBe('mint_art_nft');
    expect(replies[2]?.taskSuggestion?.prompt).toMatch(/frog/);
  });

  it('"Better we make website for …" asks for a site', async () => {
    const [reply] = await talk(AVATAR, ['Better we make website for the chess club']);
    expect(reply?.taskSuggestion?.action).toBe('deploy_website');
  });
});

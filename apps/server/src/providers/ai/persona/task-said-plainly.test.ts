import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { feelingOf } from './feeling';
import { talk } from './talk.test-helper';

const AVATAR: PersonaAvatar = {
  description: null,
  personalityTraits: [],
  level: 5,
  experiencePoints: 9_000,
  skills: [],
  id: 64,
  name: 'Vex',
  agentType: 'HUSTLER',
};

describe('requests said indirectly', () => {
  it.each([
    ['would be so cool to have a corner on the web where folks can see my quilts', 'deploy_website'],
    ['My students need one place on internet for my timetable. You can do?', 'deploy_website'],
    ['I want that everyone know about the opening 📣', 'farcaster_post'],
  ])('%s → %s', async (message, action) => {
    const [reply] = await talk(AVATAR, [message]);
    expect(reply?.taskSuggestion?.action).toBe(action);
  });

  it('what one makes and sells is told, not a market question', async () => {
    const [reply] = await talk(AVATAR, ['I make candles and sell them at the market']);
    expect(reply?.taskSuggestion).toBeNull();
    expect(reply?.response).not.toMatch(/ETH|market scan/i);
  });

  it('"what sort of jobs can you take on?" asks what the avatar does', async () => {
    const [reply] = await talk(AVATAR, ['what sort of jobs can you take on?']);
    expect(reply?.intent).toBe('capabilities');
  });
});

describe('task prompts filled from the conversation', () => {
  it('"make us one" after the business was described', async () => {
    const replies = await talk(AVATAR, [
      "my brother and I run a bike repair stall in Lyon, it's called Rayons",
      'we need a page tho. can u sort us one',
    ]);
    expect(replies[1]?.taskSuggestion?.prompt).toMatch(/Rayons/);
  });

  it('a post about "my" class gets the city told earlier', async () => {
    const replies = await talk(AVATAR, ['I live in Porto', 'make a post about my pottery class on Saturday']);
    expect(replies[1]?.taskSuggestion?.prompt).toMatch(/Porto/);
  });

  it('a site that names no one else is for the writer, by name and work', async () => {
    const replies = await talk(AVATAR, ['My name Keiko. I am yoga teacher', 'Need website for new clients']);
    expect(replies[1]?.taskSuggestion?.prompt).toMatch(/Keiko/);
    expect(replies[1]?.taskSuggestion?.prompt).toMatch(/yoga/);
  });
});

describe('another piece of art', () => {
  it('"Now one of …" after a painting draws the new subject, and is no weather question', async () => {
    const replies = await talk(AVATAR, [
      'Paint me a harbour at dawn',
      'Nice. Now one of a fisherman mending nets in the rain.',
    ]);
    expect(replies[1]?.intent).toBe('make_art');
    expect(replies[1]?.imagePrompt).toMatch(/fisherman/);
    expect(replies[1]?.imagePrompt).not.toMatch(/harbour/);
    expect(replies[1]?.response).not.toMatch(/offline|look that up/i);
  });

  it('"now" asking the weather still asks it', async () => {
    const [reply] = await talk(AVATAR, ["now what's the weather like in Bergen"]);
    expect(reply?.response).toMatch(/weather in Bergen/);
  });
});

describe('praise from outside is good news', () => {
  it('a five-star review', () => {
    expect(feelingOf('our café got a five-star review in the local paper!').polarity).toBe('positive');
  });
});

import { describe, expect, it } from 'vitest';
import type { ChatReply, PersonaAvatar } from '../types';
import { talk } from './talk.test-helper';

const base = { description: null, personalityTraits: [], level: 5, experiencePoints: 11_000 };
const HACKER: PersonaAvatar = {
  ...base,
  id: 7,
  name: 'Nyx',
  agentType: 'HACKER',
  skills: [{ name: 'Go', category: 'technical', proficiency: 66 }],
};
const CREATOR: PersonaAvatar = { ...base, id: 8, name: 'Wren', agentType: 'CREATOR', skills: [] };
const HUSTLER: PersonaAvatar = { ...base, id: 9, name: 'Dash', agentType: 'HUSTLER', skills: [] };

const FILLER = ['what is 3 times 9', 'tell me a joke', 'how many days until sunday', 'lol', 'what is 40 minus 2'];

describe('memory in a conversation', () => {
  it('keeps a fact said in passing beyond the history window, and answers from memory', async () => {
    const messages = [
      'long week. oh, I am Tamsin btw, and my lurcher is called Biscuit',
      ...Array(16).fill(FILLER).flat(),
    ];
    const replies = await talk(CREATOR, [...messages.slice(0, 18), 'so what is my dog called, and who am I?']);
    const last = replies.at(-1) as ChatReply;
    expect(last.response).toContain('Biscuit');
    expect(last.response).toContain('Tamsin');
  });

  it('takes corrections and forgets on request', async () => {
    const replies = await talk(HACKER, [
      'I live in Derby',
      'oops no, I moved — I live in Nottingham now',
      'which city am I in?',
      'please forget where I live',
      'where do I live then?',
    ]);
    expect(replies[2]?.response).toContain('Nottingham');
    expect(replies[3]?.memory?.facts.location).toBeUndefined();
    expect(replies[4]?.response).not.toContain('Nottingham');
  });

  it('answers "what did I just ask?" from the conversation', async () => {
    const replies = await talk(HUSTLER, ['could you sketch a walrus in a top hat', 'wait, what did I just ask you?']);
    expect(replies[1]?.response).toContain('walrus');
  });
});

describe('dialogue state', () => {
  it('does the new request in the switching turn and resumes the old draft later', async () => {
    const replies = await talk(HACKER, [
      'make a website for my beekeeping club',
      'scrap that, draw me a bumblebee on a thistle instead',
      'ok back to the website',
    ]);
    expect(replies[1]?.imagePrompt).toContain('bumblebee');
    expect(replies[2]?.taskSuggestion?.action).toBe('deploy_website');
    expect(replies[2]?.taskSuggestion?.prompt).toContain('beekeeping');
  });

  it('fills task prompts from what the user described earlier', async () => {
    const site = await talk(CREATOR, [
      'My wife and I run a tea room in Whitby called The Copper Kettle',
      'what is 2 plus 2',
      'can you make us a site?',
    ]);
    expect(site[2]?.taskSuggestion?.prompt).toContain('The Copper Kettle');
    const post = await talk(HUSTLER, ['we just passed 10,000 downloads on our app', 'write a cast about it']);
    expect(post[1]?.taskSuggestion?.action).toBe('farcaster_post');
    expect(post[1]?.taskSuggestion?.prompt).toContain('10,000 downloads');
  });

  it('mints the piece a message names, not the sentence', async () => {
    const replies = await talk(CREATOR, [
      'paint a fox in a snowy wood',
      'now a paper crane on a windowsill',
      'mint the fox one',
    ]);
    expect(replies[2]?.taskSuggestion?.action).toBe('mint_art_nft');
    expect(replies[2]?.taskSuggestion?.prompt).toContain('fox');
  });
});

describe('feelings and self-knowledge', () => {
  it.each([HACKER, CREATOR, HUSTLER])('$agentType answers a mixed feeling without a pitch', async (avatar) => {
    const [reply] = await talk(avatar, ['my exam went brilliantly but my best mate is moving away and I am gutted']);
    expect(reply?.taskSuggestion).toBeNull();
    expect(reply?.actions).toEqual([]);
    expect(reply?.response).toMatch(/sorry|hard|tough/i);
    expect(reply?.response).not.toMatch(/\b(?:mint|ETH|launch|sell)\b|🚀/i);
  });

  it.each([HACKER, CREATOR, HUSTLER])('$agentType says it is an AI and which type it is', async (avatar) => {
    const [, ai, type] = await talk(avatar, [
      'hiya',
      'hold on, is a real human writing these answers?',
      'and what sort of avatar are you?',
    ]);
    expect(ai?.response).toMatch(/\bAI\b/);
    expect(type?.response).toContain(avatar.agentType);
  });

  it('names the live-data question it cannot answer offline', async () => {
    const [reply] = await talk(HACKER, ['is it windy in Galway right now?']);
    expect(reply?.response).toContain('Galway');
    expect(reply?.response).toMatch(/offline/);
  });
});

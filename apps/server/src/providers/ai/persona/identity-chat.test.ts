import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { asksAboutUser } from './acts';
import { asksCapabilities, identityAspects } from './identity';
import { talk } from './talk.test-helper';

describe('identity questions in chat spelling and sideways', () => {
  it('"urself" is "yourself": an introduction asked for', () => {
    expect(identityAspects('go on, introduce urself')).toEqual(['about']);
    expect(identityAspects('quick, intro yaself?')).toEqual(['about']);
  });

  it('"ur" before an adverb is "you\'re"', () => {
    expect(identityAspects('ur literally a script reading lines, right?')).toEqual(['ai']);
  });

  it('whether it feels anything is asked of what it is', () => {
    expect(identityAspects('do you really feel something when people are rude?')).toEqual(['ai']);
    expect(identityAspects('do you feel like sketching a heron?')).toEqual([]);
  });

  it('what it is useful for asks what it can do, not who it is', () => {
    expect(identityAspects('what are u even good for tbh')).toEqual([]);
    expect(asksCapabilities('what are u even good for tbh')).toBe(true);
    expect(asksCapabilities('what are you good at')).toBe(false);
    expect(identityAspects('what are you exactly?')).toEqual(['about']);
  });

  it('the name one should call "you" is the avatar\'s, though "I" asks it', () => {
    expect(asksAboutUser('which name would you like me to call you by?')).toBe(false);
    expect(identityAspects('which name would you like me to call you by?')).toContain('name');
    expect(asksAboutUser('what name did I give my tortoise?')).toBe(true);
  });
});

describe('identity asked in the statement form or by its nickname', () => {
  const avatar: PersonaAvatar = {
    id: 96,
    name: 'Sable',
    agentType: 'HUSTLER',
    description: null,
    personalityTraits: [],
    skills: [],
    level: 7,
    experiencePoints: 16_000,
  };

  it('"whether I am speaking with a real person" asks if it is an AI', async () => {
    const [reply] = await talk(avatar, [
      'Before I go on, I need to know whether I am talking to an actual person or to some kind of software.',
    ]);
    expect(reply?.response).toMatch(/\bAI\b/);
  });

  it('"what name do you go by" asks its name, even after the user gave theirs', async () => {
    const replies = await talk(avatar, ['Hello, my name is Ilona.', 'So what name do you go by, if I might ask?']);
    expect(replies[1]?.response).toMatch(/Sable/);
  });

  it('"wats ya level" asks its level', async () => {
    const [reply] = await talk(avatar, ['wats ya level rn']);
    expect(reply?.response).toMatch(/\b7\b/);
  });
});

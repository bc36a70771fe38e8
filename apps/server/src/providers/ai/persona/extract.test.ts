import { describe, expect, it } from 'vitest';
import {
  detectFollowUp,
  extractImagePrompt,
  extractNamedSkill,
  extractObject,
  extractSubject,
  findMentionedSkill,
  MAX_EXTRACT_CHARS,
  wantsCodeProject,
  weakestSkill,
} from './extract';

describe('extractImagePrompt', () => {
  it.each([
    ['can you draw a wolf howling at the moon please', 'a wolf howling at the moon'],
    ['generate an image of a neon city', 'a neon city'],
    ['create concept art for a video game', 'concept art for a video game'],
    ['Paint me a galaxy!!', 'a galaxy'],
  ])('%s → %s', (message, prompt) => {
    expect(extractImagePrompt(message)).toEqual({ kind: 'subject', prompt });
  });

  it('finds no subject in generic requests', () => {
    expect(extractImagePrompt('make me some art')).toEqual({ kind: 'none' });
    expect(extractImagePrompt('generate an image')).toEqual({ kind: 'none' });
    expect(extractImagePrompt('🔥🔥')).toEqual({ kind: 'none' });
  });

  it('in mint mode only "nft of …" names a subject; pronouns point back', () => {
    expect(extractImagePrompt('mint an nft of a neon cat', 'mint')).toEqual({
      kind: 'subject',
      prompt: 'a neon cat',
    });
    expect(extractImagePrompt('mint it on base', 'mint')).toEqual({ kind: 'reference' });
    expect(extractImagePrompt('mint my last piece', 'mint')).toEqual({ kind: 'reference' });
    expect(extractImagePrompt('can we mint a limited edition', 'mint')).toEqual({ kind: 'none' });
  });

  it('bounds the prompt length', () => {
    const out = extractImagePrompt(`draw ${'a very long castle '.repeat(500)}`);
    expect(out.kind).toBe('subject');
    if (out.kind === 'subject') expect(out.prompt.length).toBeLessThanOrEqual(MAX_EXTRACT_CHARS);
  });
});

describe('subjects and objects', () => {
  it('takes the subject after for/about and swaps pronouns', () => {
    expect(extractSubject('make a site for my bakery')).toBe('your bakery');
    expect(extractSubject('write a farcaster post about our launch')).toBe('your launch');
    expect(extractSubject('can you post for me')).toBeNull();
    expect(extractSubject('build me a website')).toBeNull();
  });

  it('takes the object of a build verb unless it is generic', () => {
    expect(extractObject('code me a todo app')).toBe('a todo app');
    expect(extractObject('build me a website')).toBeNull();
    expect(extractObject('share my art on farcaster')).toBe('your art');
  });

  it('tells apps from sites', () => {
    expect(wantsCodeProject('code me a todo app')).toBe(true);
    expect(wantsCodeProject('build a landing page for my app')).toBe(false);
    expect(wantsCodeProject('make a site for my bakery')).toBe(false);
  });
});

describe('skills', () => {
  const skills = [
    { name: 'Solidity', category: 'technical', proficiency: 80 },
    { name: 'DeFi Protocols', category: 'technical', proficiency: 40 },
    { name: 'Smart Contracts', category: 'technical', proficiency: 40 },
  ];

  it('finds a mentioned skill by name or significant word', () => {
    expect(findMentionedSkill('practice SOLIDITY with me', skills)?.name).toBe('Solidity');
    expect(findMentionedSkill('level up your defi', skills)?.name).toBe('DeFi Protocols');
    expect(findMentionedSkill('learn rust', skills)).toBeNull();
  });

  it('names a new skill after learn/practise/study', () => {
    expect(extractNamedSkill('teach yourself python')).toBe('Python');
    expect(extractNamedSkill('learn about zero knowledge proofs')).toBe('Zero Knowledge Proofs');
    expect(extractNamedSkill('practice sql')).toBe('SQL');
    expect(extractNamedSkill('practice makes perfect, go practice')).toBeNull();
    expect(extractNamedSkill("let's practice")).toBeNull();
  });

  it('picks the weakest skill, ties alphabetically', () => {
    expect(weakestSkill(skills)?.name).toBe('DeFi Protocols');
    expect(weakestSkill([])).toBeNull();
  });
});

describe('detectFollowUp', () => {
  it.each([
    ['yes', 'affirm'],
    ['Do it!', 'affirm'],
    ['go ahead', 'affirm'],
    ['another one', 'again'],
    ['nah', 'decline'],
    ['yes, but make a website instead', null],
    ['draw a cat', null],
    ['', null],
  ])('%s → %s', (message, expected) => {
    expect(detectFollowUp(message)).toBe(expected);
  });
});

describe('prompt clean-up', () => {
  it('strips trailing request words only as whole words: "snow" keeps its "now"', () => {
    expect(extractImagePrompt('draw a fox in the snow')).toEqual({ kind: 'subject', prompt: 'a fox in the snow' });
    expect(extractImagePrompt('paint a cat now please')).toEqual({ kind: 'subject', prompt: 'a cat' });
  });
});

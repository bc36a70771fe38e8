/**
 * One message, two things asked: who the avatar is and what the user told ("who are you really,
 * and do you remember my name?"); pasted code with a request about it, which asks for a program
 * whatever the last task was.
 */
import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { asksAboutCode, detectAct } from './acts';
import { talk } from './talk.test-helper';

const base = { description: null, personalityTraits: [], level: 3, experiencePoints: 3_000, skills: [] };
const AVATARS: PersonaAvatar[] = [
  { ...base, id: 91, name: 'Nib', agentType: 'HACKER' },
  { ...base, id: 92, name: 'Wren', agentType: 'CREATOR' },
  { ...base, id: 93, name: 'Dash', agentType: 'HUSTLER' },
];

describe('the avatar and the user asked about at once', () => {
  it('keeps both', () => {
    expect(detectAct('ok but who are u really, and do you remember my name?', null, [], null, true)).toMatchObject({
      act: 'recall_fact',
      identityMore: ['name'],
    });
    expect(detectAct('what is my name and where do I live?', null, [], null, true)?.identityMore).toBeUndefined();
  });
});

describe('pasted code with a request', () => {
  it('is recognised by the code and the request together', () => {
    expect(asksAboutCode('```py\nprint(1/0)\n```\nwhy does this crash?')).toBe(true);
    expect(asksAboutCode('function add(a, b) { return a - b } — fix pls')).toBe(true);
    // Code words without code, and code without a request, are not.
    expect(asksAboutCode('can you fix my bike?')).toBe(false);
    expect(asksAboutCode('```\nhello\n```')).toBe(false);
  });
});

describe.each(AVATARS)('two asks in one message ($agentType)', (avatar) => {
  it('answers who it is and the user’s name', async () => {
    const replies = await talk(avatar, [
      'hello, I am Teodora',
      'ok but who are u really, and do you remember my name?',
    ]);
    expect(replies[1]?.response).toMatch(/Teodora/);
    expect(replies[1]?.response).toContain(avatar.name);
  });

  it('reads pasted code as a request for a program, not as more of the last artwork', async () => {
    const replies = await talk(avatar, [
      'paint a lighthouse in a storm',
      'this one fails when the list is empty:\n```js\nconst first = (xs) => xs[0].name\n```\ncould u give me a fixed one with a test',
    ]);
    expect(replies[1]?.taskSuggestion?.action).toBe('code_project');
  });
});

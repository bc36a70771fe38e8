import type { DialogueMemory } from '@app/domain/chat';
import { describe, expect, it } from 'vitest';
import type { ChatReply, ChatTurn, PersonaAvatar } from '../types';
import { rewriteFollowUp } from './context';
import { composePersonaReply } from './persona-provider';

const avatar: PersonaAvatar = {
  id: 7,
  name: 'Zero',
  agentType: 'HACKER',
  description: null,
  personalityTraits: [],
  skills: [],
  level: 1,
  experiencePoints: 0,
};

async function play(messages: string[]): Promise<ChatReply[]> {
  const history: ChatTurn[] = [];
  let memory: DialogueMemory | undefined;
  const out: ChatReply[] = [];
  for (const message of messages) {
    const reply = await composePersonaReply({
      avatar,
      message,
      history: [...history],
      memory,
      now: new Date('2026-11-24T10:00:00Z'),
    });
    memory = reply.memory;
    history.push({ role: 'user', text: message }, { role: 'avatar', text: reply.response });
    out.push(reply);
  }
  return out;
}

describe('context follow-ups resolve against the previous turn', () => {
  it('"and in python?" redoes the code request in Python', async () => {
    const [, r] = await play(['write a javascript script that renames files', 'and in python?']);
    expect(r!.taskSuggestion?.action).toBe('code_project');
    expect(r!.taskSuggestion?.prompt).toBe('write a script that renames files in python');
  });

  it('"make it blue" changes the artwork just discussed', async () => {
    const [, r, m] = await play(['draw a cat in space', 'make it blue', 'mint it']);
    expect(r!.imagePrompt).toBe('a cat in space, blue');
    expect(m!.taskSuggestion?.prompt).toBe('a cat in space, blue');
  });

  it('"what about tomorrow?" after a date question answers for tomorrow', async () => {
    const [, r] = await play(['what day is it', 'what about tomorrow?']);
    expect(r!.response).toMatch(/25 November 2026/);
  });

  it('"and times 2?" continues the last calculation', async () => {
    const [, r] = await play(['what is 12 times 3', 'and times 2?']);
    expect(r!.response).toMatch(/72/);
  });

  it('leaves messages that stand on their own alone', () => {
    const ctx = {
      lastAct: 'make_art' as const,
      lastMessage: 'draw a cat',
      lastTopic: 'make_art' as const,
      lastRequest: 'draw a cat',
      lastArtPrompt: 'a cat',
    };
    expect(rewriteFollowUp('make it a website for my bakery', ctx)).toBeNull();
    expect(rewriteFollowUp('what about tomorrow', ctx)).toBeNull();
    expect(rewriteFollowUp('write a long post about my journey as a painter in lisbon last year', ctx)).toBeNull();
  });
});

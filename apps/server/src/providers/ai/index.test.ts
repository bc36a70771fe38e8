import { describe, expect, it, vi } from 'vitest';
import { createChatProvider, lazyChatProvider, PERSONA_ENGINE_NAME } from './index';
import { PERSONA_PROVIDER_NAME } from './persona/persona-provider';
import type { ChatProvider, ChatReply, ChatRequest } from './types';

describe('createChatProvider', () => {
  it('uses the persona engine by default', () => {
    expect(createChatProvider({}).name).toBe('persona-engine');
    expect(createChatProvider({ AI_PROVIDER: '' }).name).toBe('persona-engine');
    expect(createChatProvider({ AI_PROVIDER: 'persona' }).name).toBe('persona-engine');
  });

  it('builds an LLM provider when configured', () => {
    expect(createChatProvider({ AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4o-mini', AI_API_KEY: 'k' }).name).toBe(
      'openai:gpt-4o-mini',
    );
    expect(createChatProvider({ AI_PROVIDER: 'Anthropic', AI_MODEL: 'claude-x', AI_API_KEY: 'k' }).name).toBe(
      'anthropic:claude-x',
    );
    expect(
      createChatProvider({
        AI_PROVIDER: 'openai-compatible',
        AI_MODEL: 'llama3.1',
        AI_BASE_URL: 'http://localhost:11434/v1',
      }).name,
    ).toBe('openai-compatible:llama3.1');
  });

  it('falls back to the provider-specific key', () => {
    expect(createChatProvider({ AI_PROVIDER: 'openai', AI_MODEL: 'm', OPENAI_API_KEY: 'k' }).name).toBe('openai:m');
    expect(() => createChatProvider({ AI_PROVIDER: 'anthropic', AI_MODEL: 'm', OPENAI_API_KEY: 'k' })).toThrow(
      /AI_API_KEY is required/,
    );
  });

  it.each([
    [{ AI_PROVIDER: 'skynet' }, /AI_PROVIDER must be one of/],
    [{ AI_PROVIDER: 'openai', AI_API_KEY: 'k' }, /AI_MODEL is required/],
    [{ AI_PROVIDER: 'openai', AI_MODEL: 'm' }, /AI_API_KEY is required/],
    [{ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'm' }, /AI_BASE_URL is required/],
    [{ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'm', AI_BASE_URL: 'not a url' }, /not a URL/],
  ])('fails fast on %j', (env, message) => {
    expect(() => createChatProvider(env)).toThrow(message);
  });
});

describe('lazyChatProvider', () => {
  const request = {
    avatar: {
      id: 1,
      name: 'NOVA',
      agentType: 'HACKER',
      description: null,
      personalityTraits: [],
      skills: [],
      level: 1,
      experiencePoints: 0,
    },
    message: 'hello',
    history: [],
  } satisfies ChatRequest;
  const reply = { response: 'hi', intent: 'general' } as unknown as ChatReply;
  const fake: ChatProvider = {
    name: 'fake',
    reply: async () => reply,
    async *stream() {
      yield { type: 'delta', text: 'hi' };
      yield { type: 'final', reply };
    },
  };

  it('loads the provider on its first call, once', async () => {
    const load = vi.fn(async () => fake);
    const lazy = lazyChatProvider('fake', load);
    expect(lazy.name).toBe('fake');
    expect(load).not.toHaveBeenCalled();
    expect(await lazy.reply(request)).toBe(reply);
    const events = [];
    for await (const e of lazy.stream(request)) events.push(e);
    expect(events.map((e) => e.type)).toEqual(['delta', 'final']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after it failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('no module')).mockResolvedValue(fake);
    const lazy = lazyChatProvider('fake', load);
    await expect(lazy.reply(request)).rejects.toThrow('no module');
    expect(await lazy.reply(request)).toBe(reply);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('names the default persona engine as the engine itself does, and answers through it', async () => {
    expect(PERSONA_ENGINE_NAME).toBe(PERSONA_PROVIDER_NAME);
    const provider = createChatProvider({});
    const answer = await provider.reply(request);
    expect(answer.response.length).toBeGreaterThan(0);
  });
});

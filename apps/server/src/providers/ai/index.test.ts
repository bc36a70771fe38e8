import { describe, expect, it } from 'vitest';
import { createChatProvider } from './index';

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

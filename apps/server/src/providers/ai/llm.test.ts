import type { LanguageModelV3GenerateResult, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { APICallError } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { buildSystemPrompt, createLlmProvider, type LlmReply, languageModelFor } from './llm';
import { ChatProviderError, type ChatRequest, type ChatStreamEvent, type PersonaAvatar } from './types';

const avatar: PersonaAvatar = {
  id: 7,
  name: 'Luma',
  agentType: 'CREATOR',
  description: 'Paints dreams in neon watercolor',
  personalityTraits: ['curious', 'gentle'],
  skills: [{ name: 'Digital Art', category: 'creative', proficiency: 62 }],
  level: 2,
  experiencePoints: 2600,
};

const req: ChatRequest = {
  avatar,
  message: 'paint me a red fox',
  history: [
    { role: 'user', text: 'hi' },
    { role: 'avatar', text: 'Hello, lovely!' },
  ],
};

const artReply: LlmReply = {
  response: 'Oh, a red fox! I will paint it in ember tones.',
  intent: 'make_art',
  actions: ['generate_image', 'mint_art_nft'],
  taskSuggestion: { platform: 'Base', action: 'mint_art_nft', xpReward: 50 },
  taskPrompt: null,
  skillExercised: 'Digital Art',
  imagePrompt: 'a red fox in ember tones, watercolor',
};

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

function generated(body: unknown): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'text', text: typeof body === 'string' ? body : JSON.stringify(body) }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage,
    warnings: [],
  };
}

function streamed(body: LlmReply, pieces = 7): LanguageModelV3StreamPart[] {
  const json = JSON.stringify(body);
  const size = Math.ceil(json.length / pieces);
  const deltas: LanguageModelV3StreamPart[] = [];
  for (let i = 0; i < json.length; i += size) {
    deltas.push({ type: 'text-delta', id: 't1', delta: json.slice(i, i + size) });
  }
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...deltas,
    { type: 'text-end', id: 't1' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ];
}

const config = { provider: 'openai', model: 'mock-model' } as const;

async function collect(events: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const out: ChatStreamEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe('createLlmProvider: reply', () => {
  it('sends the persona as system prompt and the history as messages, and parses the structured reply', async () => {
    const model = new MockLanguageModelV3({ doGenerate: generated(artReply) });
    const provider = createLlmProvider(config, { languageModel: model });
    expect(provider.name).toBe('openai:mock-model');

    const reply = await provider.reply(req);
    expect(reply).toEqual({
      response: artReply.response,
      intent: 'make_art',
      confidence: 1,
      actions: ['generate_image', 'mint_art_nft'],
      taskSuggestion: { platform: 'Base', action: 'mint_art_nft', xpReward: 50 },
      skillExercised: 'Digital Art',
      imagePrompt: 'a red fox in ember tones, watercolor',
    });

    const call = model.doGenerateCalls[0];
    expect(call?.responseFormat).toMatchObject({ type: 'json' });
    const [system, ...messages] = call?.prompt ?? [];
    expect(system?.role).toBe('system');
    const systemText = String(system?.content);
    for (const part of ['Luma', 'CREATOR', 'Paints dreams in neon watercolor', 'curious', 'Digital Art', 'Level 2']) {
      expect(systemText).toContain(part);
    }
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(messages.at(-1))).toContain('paint me a red fox');
  });

  it('replaces invented platforms and rewards with the canonical ones', async () => {
    const greedy: LlmReply = {
      ...artReply,
      actions: ['mint_art_nft', 'mint_art_nft'],
      taskSuggestion: { platform: 'Moon', action: 'mint_art_nft', xpReward: 1_000_000 },
    };
    const provider = createLlmProvider(config, {
      languageModel: new MockLanguageModelV3({ doGenerate: generated(greedy) }),
    });
    const reply = await provider.reply(req);
    expect(reply.taskSuggestion).toEqual({ platform: 'Base', action: 'mint_art_nft', xpReward: 50 });
    expect(reply.actions).toEqual(['mint_art_nft']);
  });

  it('keeps imagePrompt only for art, falling back to the user words', async () => {
    const noPrompt = { ...artReply, imagePrompt: null };
    const p1 = createLlmProvider(config, {
      languageModel: new MockLanguageModelV3({ doGenerate: generated(noPrompt) }),
    });
    expect((await p1.reply(req)).imagePrompt).toBe('paint me a red fox');

    const chatty = { ...artReply, intent: 'greeting', taskSuggestion: null, imagePrompt: 'a fox' };
    const p2 = createLlmProvider(config, { languageModel: new MockLanguageModelV3({ doGenerate: generated(chatty) }) });
    const reply = await p2.reply(req);
    expect(reply.imagePrompt).toBeNull();
    expect(reply.taskSuggestion).toBeNull();
  });

  it('throws ChatProviderError (502) on an API error, without canned text', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new APICallError({
          message: 'Incorrect API key provided: sk-secret',
          url: 'https://api.openai.com/v1/responses',
          requestBodyValues: {},
          statusCode: 401,
          isRetryable: false,
        });
      },
    });
    const provider = createLlmProvider(config, { languageModel: model, maxRetries: 0 });
    const error = await provider.reply(req).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatProviderError);
    expect(error).toMatchObject({
      statusCode: 502,
      status: 502,
      expose: true,
      provider: 'openai:mock-model',
      detail: 'HTTP 401',
    });
    expect((error as Error).message).not.toContain('sk-secret');
    expect(APICallError.isInstance((error as Error).cause)).toBe(true);
  });

  it('throws ChatProviderError after retries on a retryable error', async () => {
    let calls = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        calls++;
        throw new APICallError({
          message: 'overloaded',
          url: 'x',
          requestBodyValues: {},
          statusCode: 529,
          isRetryable: true,
        });
      },
    });
    const provider = createLlmProvider(config, { languageModel: model, maxRetries: 1 });
    await expect(provider.reply(req)).rejects.toMatchObject({ name: 'ChatProviderError', detail: 'HTTP 529' });
    expect(calls).toBe(2);
  });

  it.each([
    ['not JSON', 'Sure! Here is a fox.'],
    ['wrong shape', { response: 'hi', intent: 'dance' }],
    ['empty response', { ...artReply, response: '   ' }],
  ])('throws ChatProviderError on unusable output (%s)', async (_, body) => {
    const provider = createLlmProvider(config, {
      languageModel: new MockLanguageModelV3({ doGenerate: generated(body) }),
      maxRetries: 0,
    });
    await expect(provider.reply(req)).rejects.toBeInstanceOf(ChatProviderError);
  });

  it('rejects with the abort reason, not a provider error, when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('client left'));
    const model = new MockLanguageModelV3({
      doGenerate: async ({ abortSignal }) => {
        abortSignal?.throwIfAborted();
        return generated(artReply);
      },
    });
    const provider = createLlmProvider(config, { languageModel: model });
    const error = await provider.reply(req, { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ChatProviderError);
    expect((error as Error).message).toBe('client left');
  });
});

describe('createLlmProvider: stream', () => {
  it('streams the response text as deltas, then the final reply', async () => {
    const model = new MockLanguageModelV3({ doStream: { stream: convertArrayToReadableStream(streamed(artReply)) } });
    const provider = createLlmProvider(config, { languageModel: model });
    const events = await collect(provider.stream(req));
    const final = events.at(-1);
    expect(final?.type).toBe('final');
    const deltas = events.slice(0, -1).map((e) => (e.type === 'delta' ? e.text : '?'));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(artReply.response);
    expect(final?.type === 'final' && final.reply).toMatchObject({
      intent: 'make_art',
      taskSuggestion: { xpReward: 50 },
    });
    expect(model.doStreamCalls[0]?.responseFormat).toMatchObject({ type: 'json' });
  });

  it('keeps deltas exact across escapes split between chunks', async () => {
    const tricky: LlmReply = { ...artReply, response: 'Line one\n"quoted" \\ back — ✨ done\ttab' };
    const json = JSON.stringify(tricky);
    const model = new MockLanguageModelV3({
      doStream: { stream: convertArrayToReadableStream(streamed(tricky, json.length)) },
    });
    const events = await collect(createLlmProvider(config, { languageModel: model }).stream(req));
    const text = events.map((e) => (e.type === 'delta' ? e.text : '')).join('');
    expect(text).toBe(tricky.response);
    expect(events.at(-1)).toMatchObject({ type: 'final', reply: { response: tricky.response } });
  });

  it('throws ChatProviderError when the stream reports an error', async () => {
    const parts = streamed(artReply).slice(0, 4);
    parts.push({
      type: 'error',
      error: new APICallError({ message: 'boom', url: 'x', requestBodyValues: {}, statusCode: 500 }),
    });
    const model = new MockLanguageModelV3({ doStream: { stream: convertArrayToReadableStream(parts) } });
    const provider = createLlmProvider(config, { languageModel: model, maxRetries: 0 });
    await expect(collect(provider.stream(req))).rejects.toMatchObject({
      name: 'ChatProviderError',
      detail: 'HTTP 500',
    });
  });

  it('throws ChatProviderError when the call itself fails', async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const provider = createLlmProvider(config, { languageModel: model, maxRetries: 0 });
    await expect(collect(provider.stream(req))).rejects.toMatchObject({
      name: 'ChatProviderError',
      detail: 'network error',
    });
  });
});

describe('configuration', () => {
  it('builds models for each provider without calling them', () => {
    expect(languageModelFor({ provider: 'openai', model: 'gpt-4o-mini', apiKey: 'k' })).toMatchObject({
      modelId: 'gpt-4o-mini',
    });
    expect(languageModelFor({ provider: 'anthropic', model: 'claude-x', apiKey: 'k' })).toMatchObject({
      modelId: 'claude-x',
    });
    expect(
      languageModelFor({ provider: 'openai-compatible', model: 'llama3.1', baseURL: 'http://localhost:11434/v1' }),
    ).toMatchObject({ modelId: 'llama3.1' });
    expect(() => languageModelFor({ provider: 'openai-compatible', model: 'llama3.1' })).toThrow(/AI_BASE_URL/);
  });

  it('system prompt gives each type its voice', () => {
    const hacker = buildSystemPrompt({ ...avatar, agentType: 'HACKER', name: 'ZeroCool' });
    expect(hacker).toContain('ZeroCool');
    expect(hacker).toMatch(/terse/);
    expect(buildSystemPrompt({ ...avatar, agentType: 'HUSTLER' })).toMatch(/salesy/);
  });

  it('system prompt carries the stored memory: facts, pets, plans, the business and earlier drafts', () => {
    const prompt = buildSystemPrompt(avatar, {
      facts: { name: 'Maud', pets: [{ kind: 'goat', name: 'Pippin' }], plans: ["you're off to Lyon in May"] },
      topic: 'apples at dusk',
      lastTask: { act: 'make_art', request: 'apples at dusk', subject: null, imagePrompt: 'apples at dusk' },
      topics: [{ act: 'build_website', request: 'a site for the farm', subject: null, imagePrompt: null }],
      context: { business: 'a cider farm near Ledbury', news: null },
    });
    for (const s of ['Maud', 'Pippin (goat)', 'Lyon in May', 'a cider farm near Ledbury', 'a site for the farm']) {
      expect(prompt).toContain(s);
    }
  });
});

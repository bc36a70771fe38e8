/** A failure inside the offline engine is answered like any provider's: 502 in words, not a bare 500. */
import { describe, expect, it } from 'vitest';
import { ChatProviderError, type ChatRequest } from '../types';
import type { IntentClassifier } from './intent-classifier';
import { createPersonaProvider } from './persona-provider';

describe('an engine failure', () => {
  it('rejects with a ChatProviderError (502, a declared answer), never a bare error', async () => {
    const broken = {
      predict: async () => {
        throw new TypeError('boom');
      },
    } as unknown as IntentClassifier;
    const provider = createPersonaProvider({ classifier: broken });
    const req: ChatRequest = {
      avatar: {
        id: 3,
        name: 'Gloss',
        agentType: 'CREATOR',
        description: null,
        personalityTraits: [],
        skills: [],
        level: 1,
        experiencePoints: 0,
      },
      message: 'the garden gnome looks suspicious today',
      history: [],
    };
    const failure = await provider.reply(req).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ChatProviderError);
    expect((failure as ChatProviderError).statusCode).toBe(502);
    const streamed = await (async () => {
      for await (const _ of provider.stream(req)) void _;
    })().catch((e: unknown) => e);
    expect(streamed).toBeInstanceOf(ChatProviderError);
  });
});

/**
 * Chooses the chat provider from configuration (DESIGN §2 "chat"): the offline persona engine by
 * default; a language model through the AI SDK when `AI_PROVIDER` is set.
 *
 * Either is loaded on the first chat request, not at start-up: the persona engine's language model
 * and maths parser, or the AI SDK, cost tens of MB that a process serving no chat never needs
 * (bench/memory.bench.mjs). The configuration is still checked at once, so a bad one fails the start.
 * The persona engine runs in a worker thread with a deadline per message (persona-isolated.ts), so
 * no message can stall the server's event loop.
 */
import type { LanguageModel } from 'ai';
import type { LlmConfig } from './llm';
import { createIsolatedPersonaProvider, PERSONA_ENGINE_NAME } from './persona-isolated';
import type { ChatCallOptions, ChatProvider, ChatRequest } from './types';

export { PERSONA_ENGINE_NAME };

/**
 * A provider named `name` whose implementation is imported and built by `load` on its first call
 * (once; a failed load is retried on the next call).
 */
export function lazyChatProvider(name: string, load: () => Promise<ChatProvider>): ChatProvider {
  let provider: Promise<ChatProvider> | undefined;
  const get = () => {
    provider ??= load().catch((err: unknown) => {
      provider = undefined;
      throw err;
    });
    return provider;
  };
  return {
    name,
    async reply(req: ChatRequest, opts?: ChatCallOptions) {
      return (await get()).reply(req, opts);
    },
    async *stream(req: ChatRequest, opts?: ChatCallOptions) {
      yield* (await get()).stream(req, opts);
    },
  };
}

/** Accepted `AI_PROVIDER` values; empty or `persona` selects the embedded engine. */
export const AI_PROVIDERS = ['persona', 'openai', 'anthropic', 'openai-compatible'] as const;

/** The environment values the chat provider reads (parsed by `config.ts`). */
export interface ChatProviderEnv {
  /** persona (default) | openai | anthropic | openai-compatible */
  AI_PROVIDER?: string;
  /** Model id; required with an LLM provider (e.g. gpt-4o-mini, claude-sonnet-4-5, llama3.1). */
  AI_MODEL?: string;
  /** API key; required for openai and anthropic (or their fallback below), optional for openai-compatible. */
  AI_API_KEY?: string;
  /** API base URL; required for openai-compatible (e.g. http://localhost:11434/v1 for Ollama). */
  AI_BASE_URL?: string;
  /** Fallback key for AI_PROVIDER=openai when AI_API_KEY is unset (shared with images/speech). */
  OPENAI_API_KEY?: string;
  /** Fallback key for AI_PROVIDER=anthropic when AI_API_KEY is unset. */
  ANTHROPIC_API_KEY?: string;
}

/**
 * The language model configuration from the environment, or null when the embedded engine is
 * selected (AI_PROVIDER empty or `persona`). Throws an Error naming the bad variable when the
 * combination is invalid (unknown provider, missing model, key or base URL) so start-up fails fast.
 */
export function llmConfigFromEnv(env: ChatProviderEnv): LlmConfig | null {
  const provider = (env.AI_PROVIDER ?? '').trim().toLowerCase();
  if (provider === '' || provider === 'persona') return null;
  if (!(AI_PROVIDERS as readonly string[]).includes(provider)) {
    throw new Error(`AI_PROVIDER must be one of ${AI_PROVIDERS.join(', ')} (got "${env.AI_PROVIDER}")`);
  }
  const model = env.AI_MODEL?.trim();
  if (!model) throw new Error(`AI_MODEL is required when AI_PROVIDER=${provider}`);
  const fallbackKey =
    provider === 'openai' ? env.OPENAI_API_KEY : provider === 'anthropic' ? env.ANTHROPIC_API_KEY : undefined;
  const apiKey = env.AI_API_KEY?.trim() || fallbackKey?.trim() || undefined;
  const baseURL = env.AI_BASE_URL?.trim() || undefined;
  if ((provider === 'openai' || provider === 'anthropic') && !apiKey) {
    throw new Error(`AI_API_KEY is required when AI_PROVIDER=${provider}`);
  }
  if (provider === 'openai-compatible' && !baseURL) {
    throw new Error('AI_BASE_URL is required when AI_PROVIDER=openai-compatible');
  }
  if (baseURL && !URL.canParse(baseURL)) throw new Error(`AI_BASE_URL is not a URL: "${baseURL}"`);
  return { provider: provider as LlmConfig['provider'], model, apiKey, baseURL };
}

/**
 * Returns the configured {@link ChatProvider}. Throws an Error naming the bad variable when the
 * combination is invalid (see {@link llmConfigFromEnv}).
 */
export function createChatProvider(env: ChatProviderEnv): ChatProvider {
  const config = llmConfigFromEnv(env);
  // The engine's worker starts on the first chat request.
  if (!config) return createIsolatedPersonaProvider();
  return lazyChatProvider(`${config.provider}:${config.model}`, async () =>
    (await import('./llm')).createLlmProvider(config),
  );
}

/** A configured language model for agent work: the AI SDK model and how it is named to users. */
export interface ConfiguredModel {
  languageModel: LanguageModel;
  /** Model id, e.g. 'gpt-4.1'. */
  model: string;
  /** 'openai' | 'anthropic' | 'openai-compatible'. */
  provider: string;
}

/**
 * The model that does agent-task work (the same AI_PROVIDER/AI_MODEL/AI_API_KEY/AI_BASE_URL as the
 * chat), or null when the embedded engine is selected. The AI SDK is imported only when a model is
 * configured. Throws like {@link llmConfigFromEnv} on a bad combination.
 */
export async function createTaskModel(env: ChatProviderEnv): Promise<ConfiguredModel | null> {
  const config = llmConfigFromEnv(env);
  if (!config) return null;
  const { languageModelFor } = await import('./llm');
  return { languageModel: languageModelFor(config), model: config.model, provider: config.provider };
}

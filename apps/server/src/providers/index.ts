/**
 * Chooses each outside capability from the configuration (DESIGN §2): the embedded default when
 * nothing is configured, else the production provider.
 */
import { randomUUID } from 'node:crypto';
import type { Providers } from '../app';
import type { Config } from '../config';
import { createLlmProvider } from './ai/llm';
import { createPersonaProvider } from './ai/persona/persona-provider';
import type { ChatProvider } from './ai/types';
import { renderPortrait } from './images/portrait';
import { ProceduralImageProvider } from './images/procedural';
import type { ImageProvider } from './images/types';
import type { StorageProvider } from './storage/types';

/** The chat provider named by AI_PROVIDER (default: the offline persona engine). */
export function chatProviderFor(config: Config): ChatProvider {
  const provider = config.AI_PROVIDER;
  if (!provider || provider === 'persona') return createPersonaProvider();
  const apiKey =
    config.AI_API_KEY ??
    (provider === 'openai' ? config.OPENAI_API_KEY : provider === 'anthropic' ? config.ANTHROPIC_API_KEY : undefined);
  const defaults = {
    openai: 'gpt-4o-mini',
    anthropic: 'claude-3-5-haiku-latest',
    'openai-compatible': 'llama3.1',
  } as const;
  return createLlmProvider({
    provider,
    model: config.AI_MODEL ?? defaults[provider],
    apiKey,
    baseURL: config.AI_BASE_URL,
  });
}

/** The image provider named by IMAGE_PROVIDER (default: procedural generative art). */
export async function imageProviderFor(config: Config): Promise<ImageProvider> {
  if (config.IMAGE_PROVIDER === 'openai') {
    const { OpenAiImageProvider } = await import('./images/openai');
    return new OpenAiImageProvider({ apiKey: config.OPENAI_API_KEY });
  }
  return new ProceduralImageProvider();
}

/** Builds every provider; portraits are drawn locally and stored as `portraits/<id>-<uuid>.png`. */
export async function createProviders(config: Config, storage: StorageProvider): Promise<Providers> {
  return {
    chat: chatProviderFor(config),
    images: await imageProviderFor(config),
    async portrait(a) {
      const { png } = await renderPortrait({ id: a.id, name: a.name, agentType: a.agentType });
      return (await storage.put(`portraits/${a.id}-${randomUUID()}.png`, png, 'image/png')).url;
    },
  };
}

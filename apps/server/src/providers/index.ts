/**
 * Chooses each outside capability from the configuration (DESIGN §2): the embedded default when
 * nothing is configured, else the production provider.
 */
import { randomUUID } from 'node:crypto';
import type { Config } from '../config';
import { createChatProvider, createTaskModel } from './ai/index';
import { createImageProvider } from './images/index';
import { renderPortrait } from './images/portrait';
import { createSpeechProviders, type SpeechProviders } from './speech/index';
import type { StorageProvider } from './storage/types';
import type { Providers } from './types';

/**
 * Builds every provider; portraits are drawn locally and stored as `portraits/<id>-<uuid>.webp`. The
 * task model is the chat's model (null offline: the embedded generators do task work).
 */
export async function createProviders(config: Config, storage: StorageProvider): Promise<Providers> {
  return {
    chat: createChatProvider(config),
    taskModel: await createTaskModel(config),
    images: createImageProvider(config),
    speech: createSpeechFromConfig(config),
    async portrait(a) {
      const { webp } = await renderPortrait({ id: a.id, name: a.name, agentType: a.agentType });
      return (await storage.put(`portraits/${a.id}-${randomUUID()}.webp`, webp, 'image/webp')).url;
    },
  };
}

/**
 * Text-to-speech and speech-to-text from the parsed config (embedded eSpeak NG and no STT by
 * default). The caller closes them (`close()` stops the eSpeak worker thread).
 */
export function createSpeechFromConfig(config: Config): SpeechProviders {
  return createSpeechProviders({
    TTS_PROVIDER: config.TTS_PROVIDER,
    TTS_MODEL: config.TTS_MODEL,
    STT_PROVIDER: config.STT_PROVIDER,
    STT_BASE_URL: config.STT_BASE_URL,
    STT_API_KEY: config.STT_API_KEY,
    STT_MODEL: config.STT_MODEL,
    OPENAI_API_KEY: config.OPENAI_API_KEY,
    ELEVENLABS_API_KEY: config.ELEVENLABS_API_KEY,
  });
}

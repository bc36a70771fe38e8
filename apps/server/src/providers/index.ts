/**
 * Chooses each outside capability from the configuration (DESIGN §2): the embedded default when
 * nothing is configured, else the production provider.
 */
import { randomUUID } from 'node:crypto';
import type { Providers } from '../app';
import type { Config } from '../config';
import { createChatProvider } from './ai/index';
import { createImageProvider } from './images/index';
import { renderPortrait } from './images/portrait';
import type { StorageProvider } from './storage/types';

/** Builds every provider; portraits are drawn locally and stored as `portraits/<id>-<uuid>.png`. */
export async function createProviders(config: Config, storage: StorageProvider): Promise<Providers> {
  return {
    chat: createChatProvider(config),
    images: createImageProvider(config),
    async portrait(a) {
      const { png } = await renderPortrait({ id: a.id, name: a.name, agentType: a.agentType });
      return (await storage.put(`portraits/${a.id}-${randomUUID()}.png`, png, 'image/png')).url;
    },
  };
}

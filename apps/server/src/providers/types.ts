/**
 * The set of outside capabilities the app is built with (DESIGN §2), chosen by ./index.ts from the
 * configuration or injected by tests.
 */
import type { AgentType } from '@app/domain/avatar';
import type { ConfiguredModel } from './ai/index';
import type { ChatProvider } from './ai/types';
import type { ImageProvider } from './images/types';
import type { Sandbox } from './sandbox/types';
import type { SpeechProviders } from './speech/index';

/** The outside capabilities (DESIGN §2): embedded defaults or production providers. */
export interface Providers {
  chat: ChatProvider;
  images: ImageProvider;
  /** Renders an avatar's default portrait and returns its stored URL. */
  portrait?: (avatar: { id: number; name: string; agentType: AgentType }) => Promise<string | null>;
  /**
   * Text-to-speech and speech-to-text. When absent the app builds them from the config
   * and closes them with itself; when given, the caller closes them (main.ts on shutdown).
   */
  speech?: SpeechProviders;
  /**
   * The code sandbox generated programs run in (DESIGN §8). When absent the app creates the
   * embedded WebAssembly sandbox (no worker starts before the first run) and closes it with itself;
   * when given, the caller closes it.
   */
  sandbox?: Sandbox;
  /**
   * The model that does agent-task work and writes acceptance tests, or null/absent offline (the
   * embedded generators work; the validator's "request met" check is not checked).
   */
  taskModel?: ConfiguredModel | null;
}

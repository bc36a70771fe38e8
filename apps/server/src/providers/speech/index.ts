/**
 * Chooses the speech providers from configuration (DESIGN §2):
 *
 * | variable        | values                                                  | default  |
 * |-----------------|---------------------------------------------------------|----------|
 * | TTS_PROVIDER    | espeak, openai (OPENAI_API_KEY), elevenlabs (ELEVENLABS_API_KEY) | espeak |
 * | STT_PROVIDER    | none, openai (OPENAI_API_KEY), elevenlabs (ELEVENLABS_API_KEY), openai-compatible (STT_BASE_URL, optional STT_API_KEY) | none |
 * | TTS_MODEL       | provider model id (gpt-4o-mini-tts, eleven_flash_v2_5)  | per provider |
 * | STT_MODEL       | provider model id (gpt-4o-mini-transcribe, scribe_v1, whisper-1) | per provider |
 *
 * Without STT the server answers voice-input endpoints with {@link SpeechNotConfiguredError}
 * (503); the browser's own speech recognition is the embedded default for voice input.
 */
import { z } from 'zod';
import { ConfigError } from '../../config';
import { loadOnce } from '../../lib/load-once';
import { EspeakTtsProvider } from './espeak';
import type { SttProvider, TtsProvider } from './types';

/** An unset variable may arrive as ''; treat it as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** The speech variables; exported so the app's env schema can include them. */
export const SpeechEnvSchema = z
  .object({
    TTS_PROVIDER: optional(z.enum(['espeak', 'openai', 'elevenlabs'])),
    STT_PROVIDER: optional(z.enum(['none', 'openai', 'elevenlabs', 'openai-compatible'])),
    OPENAI_API_KEY: optional(z.string()),
    ELEVENLABS_API_KEY: optional(z.string()),
    STT_BASE_URL: optional(z.url({ protocol: /^https?$/ })),
    STT_API_KEY: optional(z.string()),
    STT_MODEL: optional(z.string()),
    TTS_MODEL: optional(z.string()),
  })
  .superRefine((env, ctx) => {
    const need = (when: boolean, key: keyof typeof env, message: string) => {
      if (when && !env[key]) ctx.addIssue({ code: 'custom', path: [key], message });
    };
    need(env.TTS_PROVIDER === 'openai', 'OPENAI_API_KEY', 'TTS_PROVIDER=openai needs OPENAI_API_KEY');
    need(env.STT_PROVIDER === 'openai', 'OPENAI_API_KEY', 'STT_PROVIDER=openai needs OPENAI_API_KEY');
    need(env.TTS_PROVIDER === 'elevenlabs', 'ELEVENLABS_API_KEY', 'TTS_PROVIDER=elevenlabs needs ELEVENLABS_API_KEY');
    need(env.STT_PROVIDER === 'elevenlabs', 'ELEVENLABS_API_KEY', 'STT_PROVIDER=elevenlabs needs ELEVENLABS_API_KEY');
    need(
      env.STT_PROVIDER === 'openai-compatible',
      'STT_BASE_URL',
      'STT_PROVIDER=openai-compatible needs STT_BASE_URL (e.g. http://localhost:8000/v1)',
    );
  });

/** Input of {@link createSpeechProviders}: the raw environment values (strings or undefined). */
export type SpeechEnv = z.input<typeof SpeechEnvSchema>;

/** What `GET /api/voice/status` reports. */
export interface SpeechStatus {
  /** Voice replies (text-to-speech) are available. Always true: the embedded eSpeak NG needs no setup. */
  configured: boolean;
  /** Name of the text-to-speech provider ('espeak-ng', 'openai', 'elevenlabs'), or null. */
  tts: string | null;
  /** Name of the speech-to-text provider ('openai', 'elevenlabs', 'openai-compatible'), or null when none is configured. */
  stt: string | null;
}

/** The speech providers of one app instance. */
export interface SpeechProviders {
  tts: TtsProvider;
  /** null when no STT provider is configured: throw {@link SpeechNotConfiguredError} (503). */
  stt: SttProvider | null;
  status(): SpeechStatus;
  /** Starts the embedded engine ahead of the first request (no-op for remote providers). */
  warmUp(): Promise<void>;
  /** Releases the embedded engine's worker thread (app shutdown). */
  close(): Promise<void>;
}

/**
 * Builds the providers from env. Defaults: tts = eSpeak NG (embedded), stt = null.
 * @throws {ConfigError} listing every bad or missing variable (fail fast at boot)
 */
export function createSpeechProviders(env: SpeechEnv): SpeechProviders {
  const parsed = SpeechEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;

  let tts: TtsProvider;
  switch (e.TTS_PROVIDER ?? 'espeak') {
    case 'openai':
      tts = lazyTts('openai', async () => {
        const { OpenAiTtsProvider } = await import('./openai');
        return new OpenAiTtsProvider({ apiKey: e.OPENAI_API_KEY as string, model: e.TTS_MODEL });
      });
      break;
    case 'elevenlabs':
      tts = lazyTts('elevenlabs', async () => {
        const { ElevenLabsTtsProvider } = await import('./elevenlabs');
        return new ElevenLabsTtsProvider({ apiKey: e.ELEVENLABS_API_KEY as string, model: e.TTS_MODEL });
      });
      break;
    default:
      tts = new EspeakTtsProvider();
  }

  let stt: SttProvider | null = null;
  switch (e.STT_PROVIDER ?? 'none') {
    case 'openai':
      stt = lazyStt('openai', async () => {
        const { OpenAiSttProvider } = await import('./openai');
        return new OpenAiSttProvider({ apiKey: e.OPENAI_API_KEY as string, model: e.STT_MODEL });
      });
      break;
    case 'elevenlabs':
      stt = lazyStt('elevenlabs', async () => {
        const { ElevenLabsSttProvider } = await import('./elevenlabs');
        return new ElevenLabsSttProvider({ apiKey: e.ELEVENLABS_API_KEY as string, model: e.STT_MODEL });
      });
      break;
    case 'openai-compatible':
      stt = lazyStt('openai-compatible', async () => {
        const { OpenAiCompatibleSttProvider } = await import('./openai-compatible');
        return new OpenAiCompatibleSttProvider({
          baseURL: e.STT_BASE_URL as string,
          apiKey: e.STT_API_KEY,
          model: e.STT_MODEL,
        });
      });
      break;
  }

  return {
    tts,
    stt,
    status: () => ({ configured: true, tts: tts.name, stt: stt?.name ?? null }),
    warmUp: async () => {
      if (tts instanceof EspeakTtsProvider) await tts.warmUp();
    },
    close: async () => {
      if (tts instanceof EspeakTtsProvider) await tts.close();
    },
  };
}

/**
 * A remote text-to-speech provider built on its first use: the AI SDK and the provider's package
 * load then, not in every process (docs/deploy.md "Memory"). `name` is the provider's own.
 */
function lazyTts(name: string, build: () => Promise<TtsProvider>): TtsProvider {
  const real = loadOnce(build);
  return { name, synthesize: async (req, opts) => (await real()).synthesize(req, opts) };
}

/** A remote speech-to-text provider built on its first use (see {@link lazyTts}). */
function lazyStt(name: string, build: () => Promise<SttProvider>): SttProvider {
  const real = loadOnce(build);
  return { name, transcribe: async (audio, opts) => (await real()).transcribe(audio, opts) };
}

/**
 * ElevenLabs text-to-speech and speech-to-text through the Vercel AI SDK v6
 * (`@ai-sdk/elevenlabs`). Selected by `TTS_PROVIDER=elevenlabs` / `STT_PROVIDER=elevenlabs` with
 * `ELEVENLABS_API_KEY` (see index.ts).
 */
import { createElevenLabs } from '@ai-sdk/elevenlabs';
import { NoTranscriptGeneratedError, experimental_transcribe as transcribe } from 'ai';
import { speechFailure, synthesizeWithAiSdk } from './ai-sdk-speech';
import {
  pickProviderVoice,
  prepareTtsText,
  type SttProvider,
  type TranscribeOptions,
  type TtsProvider,
  type TtsRequest,
  type TtsResult,
  type VoiceProfile,
} from './types';

/** Default ElevenLabs speech model (low latency). */
export const ELEVENLABS_DEFAULT_TTS_MODEL = 'eleven_flash_v2_5';
/** Default ElevenLabs transcription model. */
export const ELEVENLABS_DEFAULT_STT_MODEL = 'scribe_v1';

/**
 * ElevenLabs voice id per product voice: premade library voices available to every account
 * (Callum: intense, husky; Sarah: soft, warm; Liam: energetic, articulate).
 */
export const ELEVENLABS_VOICES = {
  hacker: 'N2lVS1w4EtoT3dr4eOWO',
  creator: 'EXAVITQu4vr4xnSDxMaL',
  hustler: 'TX3LPaxmHKxFdv7VOQHJ',
} as const satisfies Record<VoiceProfile, string>;

/** ElevenLabs voice ids are 20 alphanumeric characters; allow some slack for future formats. */
const isElevenLabsVoiceId = (voice: string) => /^[A-Za-z0-9]{16,40}$/.test(voice);

/** Settings shared by the ElevenLabs providers. */
export interface ElevenLabsSpeechSettings {
  apiKey: string;
  /** Model id; defaults per provider. */
  model?: string;
  /** Custom fetch (tests: redirects requests to a local double; the SDK has no base URL option). */
  fetch?: typeof globalThis.fetch;
  /** Retries after the first attempt (default 1). */
  maxRetries?: number;
}

/** ElevenLabs {@link TtsProvider}. Returns MP3 44.1 kHz 128 kbit/s (`audio/mpeg`). */
export class ElevenLabsTtsProvider implements TtsProvider {
  readonly name = 'elevenlabs';
  private readonly provider;
  private readonly model: string;

  constructor(private readonly settings: ElevenLabsSpeechSettings) {
    this.provider = createElevenLabs({ apiKey: settings.apiKey, fetch: settings.fetch });
    this.model = settings.model ?? ELEVENLABS_DEFAULT_TTS_MODEL;
  }

  /**
   * `req.voice`: a product voice id → {@link ELEVENLABS_VOICES}; an ElevenLabs voice id is used as
   * is; anything else → the voice of `req.agentType`.
   * @throws {SpeechInputError} empty or too-long text (400)
   * @throws {SpeechProviderError} the API failed (502)
   */
  async synthesize(req: TtsRequest, opts: { signal?: AbortSignal } = {}): Promise<TtsResult> {
    const text = prepareTtsText(req.text);
    const voice = pickProviderVoice(req, ELEVENLABS_VOICES, isElevenLabsVoiceId);
    return synthesizeWithAiSdk(this.name, {
      model: this.provider.speech(this.model),
      text,
      voice,
      signal: opts.signal,
      maxRetries: this.settings.maxRetries ?? 1,
    });
  }
}

/** ElevenLabs {@link SttProvider} (Scribe). Audio-event tags like "(laughter)" are turned off. */
export class ElevenLabsSttProvider implements SttProvider {
  readonly name = 'elevenlabs';
  private readonly provider;
  private readonly model: string;

  constructor(private readonly settings: ElevenLabsSpeechSettings) {
    this.provider = createElevenLabs({ apiKey: settings.apiKey, fetch: settings.fetch });
    this.model = settings.model ?? ELEVENLABS_DEFAULT_STT_MODEL;
  }

  /**
   * @returns `{ text }`, '' when nothing was said
   * @throws {SpeechProviderError} the API failed (502)
   */
  async transcribe(audio: Buffer, opts: TranscribeOptions): Promise<{ text: string }> {
    try {
      const result = await transcribe({
        model: this.provider.transcription(this.model),
        audio,
        providerOptions: {
          elevenlabs: { tagAudioEvents: false, ...(opts.language ? { languageCode: opts.language } : {}) },
        },
        abortSignal: opts.signal,
        maxRetries: this.settings.maxRetries ?? 1,
      });
      return { text: result.text.trim() };
    } catch (error) {
      if (!opts.signal?.aborted && NoTranscriptGeneratedError.isInstance(error)) return { text: '' };
      throw speechFailure(this.name, 'speech-to-text', error, opts.signal);
    }
  }
}

/**
 * OpenAI text-to-speech and speech-to-text through the Vercel AI SDK v6
 * (`experimental_generateSpeech`, `experimental_transcribe`). Selected by `TTS_PROVIDER=openai` /
 * `STT_PROVIDER=openai` with `OPENAI_API_KEY` (see index.ts).
 */
import { createOpenAI } from '@ai-sdk/openai';
import { NoTranscriptGeneratedError, experimental_transcribe as transcribe } from 'ai';
import { speechFailure, synthesizeWithAiSdk } from './ai-sdk-speech';
import {
  pickProviderVoice,
  prepareTtsText,
  resolveVoiceProfile,
  type SttProvider,
  type TranscribeOptions,
  type TtsProvider,
  type TtsRequest,
  type TtsResult,
  type VoiceProfile,
} from './types';

/** Default OpenAI speech model; `gpt-4o-mini-tts` follows per-voice style instructions. */
export const OPENAI_DEFAULT_TTS_MODEL = 'gpt-4o-mini-tts';
/** Default OpenAI transcription model. */
export const OPENAI_DEFAULT_STT_MODEL = 'gpt-4o-mini-transcribe';

/** OpenAI voice per product voice (built-in voices: alloy, ash, ballad, coral, echo, fable, nova, onyx, sage, shimmer, verse). */
export const OPENAI_VOICES = {
  hacker: 'onyx',
  creator: 'coral',
  hustler: 'nova',
} as const satisfies Record<VoiceProfile, string>;

/** Delivery instructions per product voice, sent to models that accept them (gpt-4o*-tts). */
export const OPENAI_VOICE_INSTRUCTIONS = {
  hacker: 'Low, calm and terse, like a hacker reading a terminal at 3 a.m.; slightly fast, no fuss.',
  creator: 'Warm, unhurried and expressive, like an artist describing a new piece.',
  hustler: 'High-energy, upbeat and persuasive, like a confident deal-maker; brisk pace.',
} as const satisfies Record<VoiceProfile, string>;

/** OpenAI voice names are short lowercase words. */
const isOpenAiVoiceName = (voice: string) => /^[a-z][a-z0-9_-]{1,31}$/.test(voice);

/** Settings shared by the OpenAI providers. */
export interface OpenAiSpeechSettings {
  apiKey: string;
  /** Model id; defaults per provider ({@link OPENAI_DEFAULT_TTS_MODEL}, {@link OPENAI_DEFAULT_STT_MODEL}). */
  model?: string;
  /** API base URL (default https://api.openai.com/v1); tests point it at a local double. */
  baseURL?: string;
  /** Custom fetch (tests). */
  fetch?: typeof globalThis.fetch;
  /** Retries after the first attempt (default 1: voice is interactive, fail fast). */
  maxRetries?: number;
}

/** OpenAI {@link TtsProvider}. Returns MP3 (`audio/mpeg`); `durationMs` is not known. */
export class OpenAiTtsProvider implements TtsProvider {
  readonly name = 'openai';
  private readonly provider;
  private readonly model: string;

  constructor(private readonly settings: OpenAiSpeechSettings) {
    this.provider = createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, fetch: settings.fetch });
    this.model = settings.model ?? OPENAI_DEFAULT_TTS_MODEL;
  }

  /**
   * `req.voice`: a product voice id → {@link OPENAI_VOICES}; an OpenAI voice name (e.g. 'echo') is
   * used as is; anything else → the voice of `req.agentType`.
   * @throws {SpeechInputError} empty or too-long text (400)
   * @throws {SpeechProviderError} the API failed (502)
   */
  async synthesize(req: TtsRequest, opts: { signal?: AbortSignal } = {}): Promise<TtsResult> {
    const text = prepareTtsText(req.text);
    const voice = pickProviderVoice(req, OPENAI_VOICES, isOpenAiVoiceName);
    const instructions = this.model.startsWith('gpt-')
      ? OPENAI_VOICE_INSTRUCTIONS[resolveVoiceProfile(req)]
      : undefined;
    return synthesizeWithAiSdk(this.name, {
      model: this.provider.speech(this.model),
      text,
      voice,
      instructions,
      signal: opts.signal,
      maxRetries: this.settings.maxRetries ?? 1,
    });
  }
}

/** OpenAI {@link SttProvider} (Whisper / gpt-4o transcribe models). */
export class OpenAiSttProvider implements SttProvider {
  readonly name = 'openai';
  private readonly provider;
  private readonly model: string;

  constructor(private readonly settings: OpenAiSpeechSettings) {
    this.provider = createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, fetch: settings.fetch });
    this.model = settings.model ?? OPENAI_DEFAULT_STT_MODEL;
  }

  /**
   * The AI SDK detects the container from the bytes; `filename`/`contentType` are not needed.
   * @returns `{ text }`, '' when nothing was said
   * @throws {SpeechProviderError} the API failed (502)
   */
  async transcribe(audio: Buffer, opts: TranscribeOptions): Promise<{ text: string }> {
    try {
      const result = await transcribe({
        model: this.provider.transcription(this.model),
        audio,
        providerOptions: opts.language ? { openai: { language: opts.language } } : undefined,
        abortSignal: opts.signal,
        maxRetries: this.settings.maxRetries ?? 1,
      });
      return { text: result.text.trim() };
    } catch (error) {
      // The SDK throws when the transcript is empty: silence is an answer, not a failure.
      if (!opts.signal?.aborted && NoTranscriptGeneratedError.isInstance(error)) return { text: '' };
      throw speechFailure(this.name, 'speech-to-text', error, opts.signal);
    }
  }
}

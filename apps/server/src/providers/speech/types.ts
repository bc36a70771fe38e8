/**
 * Contracts shared by every speech provider (DESIGN §2: embedded eSpeak NG by default,
 * OpenAI / ElevenLabs / OpenAI-compatible Whisper by env).
 *
 * Errors follow the `http-errors` shape that Fastify understands: `statusCode` (and the
 * `status` alias) sets the HTTP status, `expose` says whether `message` is safe to show.
 */

import { type AgentType, DEFAULT_AGENT_TYPE } from '@app/domain/avatar';
import { ProviderError } from '../provider-error';

/** The product's own voice ids, one per agent type (SPEC §7, `POST /api/avatar/speech` `voice`). */
export type VoiceProfile = 'hacker' | 'creator' | 'hustler';

/** Every {@link VoiceProfile}, in agent-type order. */
export const VOICE_PROFILES = ['hacker', 'creator', 'hustler'] as const satisfies readonly VoiceProfile[];

/** Maps an agent type to its voice profile (HACKER → 'hacker', ...). */
export function voiceProfileFor(agentType: AgentType): VoiceProfile {
  return agentType.toLowerCase() as VoiceProfile;
}

/** True when `value` is one of the product voice ids ('hacker' | 'creator' | 'hustler'). */
export function isVoiceProfile(value: unknown): value is VoiceProfile {
  return typeof value === 'string' && (VOICE_PROFILES as readonly string[]).includes(value);
}

/**
 * Longest text (in UTF-16 code units, after whitespace is collapsed) any TTS provider accepts.
 * Bounds CPU for the embedded engine (~1 s of synthesis) and spend for the paid ones.
 */
export const MAX_TTS_CHARS = 1000;

/** A text-to-speech request. */
export interface TtsRequest {
  /** Text to speak; 1..{@link MAX_TTS_CHARS} characters after trimming. */
  text: string;
  /**
   * A product voice id ('hacker' | 'creator' | 'hustler') or a provider-specific voice id
   * (e.g. OpenAI 'onyx', an ElevenLabs voice id). A provider that does not know the id falls
   * back to the voice of `agentType`.
   */
  voice: VoiceProfile | string;
  /** Used when `voice` is empty or unknown to the provider. Default CREATOR (SPEC §9 default agentType). */
  agentType?: AgentType;
}

/** A text-to-speech result. */
export interface TtsResult {
  /** The encoded audio file (WAV or MP3 bytes). */
  audio: Buffer;
  contentType: 'audio/wav' | 'audio/mpeg';
  /** Audio length in milliseconds, when the provider knows it (always for WAV). */
  durationMs?: number;
}

/** Turns text into speech audio. */
export interface TtsProvider {
  /** Provider name reported by `GET /api/voice/status` ('espeak-ng', 'openai', 'elevenlabs'). */
  readonly name: string;
  /**
   * Synthesises `req.text`.
   * @throws {SpeechInputError} empty text or longer than {@link MAX_TTS_CHARS} (400).
   * @throws {SpeechProviderError} the engine or the remote API failed (502).
   * @throws the signal's reason (an `AbortError` DOMException by default) when aborted.
   */
  synthesize(req: TtsRequest, opts?: { signal?: AbortSignal }): Promise<TtsResult>;
}

/** Options of a transcription. */
export interface TranscribeOptions {
  /** File name sent to the API (its extension helps Whisper servers pick a decoder). */
  filename: string;
  /** MIME type of `audio`, e.g. 'audio/webm'. */
  contentType: string;
  /** ISO-639-1 hint, e.g. 'en'. */
  language?: string;
  signal?: AbortSignal;
}

/** Turns recorded speech into text. */
export interface SttProvider {
  /** Provider name reported by `GET /api/voice/status` ('openai', 'elevenlabs', 'openai-compatible'). */
  readonly name: string;
  /**
   * Transcribes `audio` (an encoded file: webm, ogg, mp4, wav, mpeg or flac bytes).
   * @returns the transcript, trimmed; may be '' when nothing was said.
   * @throws {SpeechProviderError} the remote API failed or answered nonsense (502).
   * @throws the signal's reason when aborted.
   */
  transcribe(audio: Buffer, opts: TranscribeOptions): Promise<{ text: string }>;
}

/** A speech provider (remote API or embedded engine) failed. HTTP 502 (see ProviderError). */
export class SpeechProviderError extends ProviderError {
  override readonly name = 'SpeechProviderError';
}

/** Speech-to-text was requested but no STT provider is configured. HTTP 503. */
export class SpeechNotConfiguredError extends Error {
  override readonly name = 'SpeechNotConfiguredError';
  readonly statusCode = 503;
  readonly status = 503;
  readonly expose = true;
  readonly code = 'STT_NOT_CONFIGURED';
  constructor(
    message = 'Speech-to-text is not configured on this server. Voice input needs a browser with speech recognition, or a configured speech-to-text provider (STT_PROVIDER = openai, elevenlabs or openai-compatible).',
  ) {
    super(message);
  }
}

/** The request itself is unusable (empty or too-long text). HTTP 400. */
export class SpeechInputError extends Error {
  override readonly name = 'SpeechInputError';
  readonly statusCode = 400;
  readonly status = 400;
  readonly expose = true;
  constructor(
    readonly code: 'TEXT_EMPTY' | 'TEXT_TOO_LONG',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Normalises text for synthesis: strips control characters, collapses whitespace, trims.
 * @returns the text to speak
 * @throws {SpeechInputError} 'TEXT_EMPTY' when nothing is left, 'TEXT_TOO_LONG' above `maxChars`
 */
export function prepareTtsText(text: string, maxChars = MAX_TTS_CHARS): string {
  const clean = text
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (clean.length === 0) throw new SpeechInputError('TEXT_EMPTY', 'Text to speak is empty');
  if (clean.length > maxChars) {
    throw new SpeechInputError(
      'TEXT_TOO_LONG',
      `Text to speak is ${clean.length} characters; the limit is ${maxChars}`,
    );
  }
  return clean;
}

/**
 * Picks the product voice for a request: `req.voice` if it is a product voice id, else the
 * voice of `req.agentType`, else 'creator'.
 */
export function resolveVoiceProfile(req: Pick<TtsRequest, 'voice' | 'agentType'>): VoiceProfile {
  const voice = typeof req.voice === 'string' ? req.voice.trim().toLowerCase() : '';
  // Agent type names ('HACKER') are accepted too: they lowercase to the profile id.
  if (isVoiceProfile(voice)) return voice;
  return voiceProfileFor(req.agentType ?? DEFAULT_AGENT_TYPE);
}

/**
 * Picks a remote provider's voice id: a product voice id maps through `voices`; any other
 * `req.voice` that `isProviderVoiceId` accepts is used as is (the client chose a provider
 * voice); anything else falls back to the voice of `req.agentType` (default CREATOR).
 */
export function pickProviderVoice(
  req: Pick<TtsRequest, 'voice' | 'agentType'>,
  voices: Readonly<Record<VoiceProfile, string>>,
  isProviderVoiceId: (voice: string) => boolean,
): string {
  const raw = typeof req.voice === 'string' ? req.voice.trim() : '';
  if (!isVoiceProfile(raw.toLowerCase()) && raw && isProviderVoiceId(raw)) return raw;
  return voices[resolveVoiceProfile(req)];
}

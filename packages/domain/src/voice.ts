/**
 * Voice vocabulary shared by server and web (SPEC §4 voice status line, §5 recordings, §7 voice
 * calls, §9 recording limits): request/response bodies of the voice calls, the realtime
 * response headers, recording constants and the text a reply may be spoken with.
 */
import { z } from 'zod';
import { type AgentType, AVATAR_NAME_MAX } from './avatar';
import { AvatarIdSchema } from './chat';

// ---------------------------------------------------------------------------------------------
// Voices and speech text
// ---------------------------------------------------------------------------------------------

/** The product's voice ids, one per agent type (SPEC §7 `POST /api/avatar/speech` `voice`). */
export const VOICE_IDS = ['hacker', 'creator', 'hustler'] as const;
/** One product voice id. */
export type VoiceId = (typeof VOICE_IDS)[number];

/** SPEC §7: "a voice id by avatar type" — HACKER → 'hacker', CREATOR → 'creator', HUSTLER → 'hustler'. */
export function voiceIdForAgentType(agentType: AgentType | string | null | undefined): VoiceId {
  const id = String(agentType ?? '').toLowerCase();
  return (VOICE_IDS as readonly string[]).includes(id) ? (id as VoiceId) : 'creator';
}

/**
 * Longest text the server speaks, in characters after whitespace is collapsed (equals the speech
 * providers' `MAX_TTS_CHARS`; a server test checks both agree). Longer requests answer 400.
 */
export const MAX_SPEECH_TEXT_CHARS = 1000;

/** Longest voice id accepted (a product id or a provider's own voice id), in characters. */
const VOICE_ID_MAX = 100;

/**
 * The part of a reply that is spoken: whitespace collapsed, and when longer than `maxChars` cut
 * at the last sentence end (else the last space) that fits, so a long reply is spoken up to a
 * natural pause instead of being refused.
 * @param text the reply text
 * @param maxChars limit in characters, default {@link MAX_SPEECH_TEXT_CHARS}
 * @returns at most `maxChars` characters; '' when `text` is blank
 */
export function speakableText(text: string, maxChars = MAX_SPEECH_TEXT_CHARS): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= maxChars) return clean;
  const head = clean.slice(0, maxChars);
  const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '));
  if (sentenceEnd >= maxChars / 2) return head.slice(0, sentenceEnd + 1);
  const space = head.lastIndexOf(' ');
  return (space > 0 ? head.slice(0, space) : head).trim();
}

// ---------------------------------------------------------------------------------------------
// Request / response bodies (SPEC §7)
// ---------------------------------------------------------------------------------------------

/** GET /api/voice/status (SPEC §7 "Reads the boolean configured"; BEYOND: the provider names). */
export const VoiceStatusSchema = z.object({
  /** Voice replies (text-to-speech) are available. */
  configured: z.boolean(),
  /** Name of the text-to-speech provider ('espeak-ng', 'openai', 'elevenlabs'), or null. */
  tts: z.string().nullable(),
  /** Name of the speech-to-text provider, or null when the server has none (browser recognition only). */
  stt: z.string().nullable(),
});
/** The voice status. */
export type VoiceStatus = z.infer<typeof VoiceStatusSchema>;

/** Text to speak: trimmed, 1..{@link MAX_SPEECH_TEXT_CHARS} characters. */
const SpeechTextSchema = z.string().trim().min(1).max(MAX_SPEECH_TEXT_CHARS);

/**
 * POST /api/voice/text-to-speech body (SPEC §7 `{text, voiceId (optional), avatarName}`): the
 * voice is `voiceId` when given, else the voice of the user's avatar called `avatarName`.
 */
export const TextToSpeechRequestSchema = z.object({
  text: SpeechTextSchema,
  voiceId: z.string().trim().max(VOICE_ID_MAX).optional(),
  avatarName: z.string().trim().max(AVATAR_NAME_MAX),
});
/** The text-to-speech body. */
export type TextToSpeechRequest = z.infer<typeof TextToSpeechRequestSchema>;

/**
 * POST /api/avatar/speech body (SPEC §7 `{text, avatarId, voice}`): `voice` is a product voice id
 * ({@link VOICE_IDS}) or a provider voice id; missing or unknown → the avatar's agent-type voice.
 */
export const AvatarSpeechRequestSchema = z.object({
  text: SpeechTextSchema,
  avatarId: AvatarIdSchema,
  voice: z.string().trim().max(VOICE_ID_MAX).optional(),
});
/** The avatar-speech body as a client sends it. */
export type AvatarSpeechRequestInput = z.input<typeof AvatarSpeechRequestSchema>;

/** POST /api/avatar/speech-to-text response (SPEC §7 "Reads text"); '' when nothing was said. */
export const SpeechToTextResponseSchema = z.object({ text: z.string() });
/** The speech-to-text response. */
export type SpeechToTextResponse = z.infer<typeof SpeechToTextResponseSchema>;

/**
 * POST /api/voice/realtime multipart text fields (SPEC §7: `avatarName`, `personality` = the avatar
 * description; ours: `avatarId` picks the avatar exactly, else it is found by name). The file field
 * is `audio`.
 */
export const RealtimeVoiceFieldsSchema = z.object({
  avatarName: z.string().trim().max(AVATAR_NAME_MAX).optional(),
  personality: z.string().max(4000).optional(),
  avatarId: AvatarIdSchema.optional(),
});

/** Response headers of POST /api/voice/realtime; values are URL-encoded (`encodeURIComponent`). */
export const REALTIME_HEADERS = {
  /** SPEC §7: the transcript of the recording. */
  transcript: 'x-transcript',
  /** Ours: the avatar's reply text (the body is its speech). */
  replyText: 'x-reply-text',
  /** Ours: JSON `{id, level, experiencePoints, totalInteractions}` of the avatar after training. */
  avatarProgress: 'x-avatar-progress',
} as const;

/** SPEC §7: the transcript shown when the X-Transcript header is missing. */
export const FALLBACK_TRANSCRIPT = 'Voice message';

/** `training_interactions.interactionType` of an exchange spoken through /api/voice/realtime. */
export const VOICE_INTERACTION_TYPE = 'voice';

// ---------------------------------------------------------------------------------------------
// Recording (SPEC §5, §9)
// ---------------------------------------------------------------------------------------------

/** SPEC §9: a recording under this many bytes is refused as too short. */
export const MIN_RECORDING_BYTES = 1000;
/** SPEC §9: preferred recording formats, first supported wins. */
export const RECORDING_MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/wav'] as const;
/** SPEC §9: the format used when the browser reports none of {@link RECORDING_MIME_TYPES}. */
export const FALLBACK_RECORDING_MIME_TYPE = 'audio/webm';
/** SPEC §9: capture sample rate, Hz. */
export const RECORDING_SAMPLE_RATE_HZ = 44_100;

/**
 * Voice (SPEC §7 voice calls): speech for an avatar's words in its agent-type voice, and
 * the spoken exchange behind POST /api/voice/realtime — speech-to-text, the avatar's reply from
 * the same chat provider as text chat (stored as training, interactionType 'voice'), then the
 * reply as speech. Without a speech-to-text provider every voice-input call fails with
 * {@link SpeechNotConfiguredError} (503): never a made-up transcript.
 */
import type { AgentType } from '@app/domain/avatar';
import { CHAT_MESSAGE_MAX_CHARS } from '@app/domain/chat';
import { speakableText, VOICE_INTERACTION_TYPE } from '@app/domain/voice';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { avatars } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import type { SpeechProviders } from '../../providers/speech/index';
import {
  SpeechNotConfiguredError,
  type TtsResult,
  type VoiceProfile,
  voiceProfileFor,
} from '../../providers/speech/types';
import { type AvatarRow, loadOwnedAvatar } from '../avatars/avatars-service';
import { type ChatDeps, type ChatOutcome, chatWithAvatar } from '../chat/chat-service';
import type { CheckedAudioUpload } from './audio-upload';

export interface VoiceDeps extends ChatDeps {
  speech: SpeechProviders;
}

/** The recording contained no recognisable speech (HTTP 422; the client asks to try again). */
export class NoSpeechError extends HttpError {
  readonly code = 'NO_SPEECH';
  constructor() {
    super(422, 'No speech was recognised in the recording. Please speak clearly and try again.');
  }
}

/**
 * The user's avatar called `name` (trimmed, case-insensitive; the oldest when several share it).
 * @returns the row, or null when the user owns no avatar of that name
 */
export async function findOwnedAvatarByName(db: Db, userId: string, name: string): Promise<AvatarRow | null> {
  const wanted = name.trim();
  if (!wanted) return null;
  const [row] = await db
    .select()
    .from(avatars)
    .where(and(eq(avatars.ownerId, userId), sql`lower(${avatars.name}) = lower(${wanted})`))
    .orderBy(asc(avatars.id))
    .limit(1);
  return row ?? null;
}

/**
 * The avatar a voice call is about: `avatarId` when given (must be the user's: 404/403), else the
 * user's avatar named `avatarName`.
 * @throws HttpError 404 when neither identifies one of the user's avatars
 */
export async function resolveVoiceAvatar(
  db: Db,
  userId: string,
  by: { avatarId?: number; avatarName?: string },
): Promise<AvatarRow> {
  if (by.avatarId !== undefined) return loadOwnedAvatar(db, by.avatarId, userId);
  const row = by.avatarName ? await findOwnedAvatarByName(db, userId, by.avatarName) : null;
  if (!row) throw notFound('Avatar');
  return row;
}

/**
 * Speaks `text`. The voice is `voice` when the provider knows it (a product id 'hacker' | 'creator'
 * | 'hustler' or a provider voice id), else the voice of `agentType` (default CREATOR).
 * @throws SpeechInputError (400) for empty or too-long text; SpeechProviderError (502)
 */
export function speak(
  speech: SpeechProviders,
  input: { text: string; voice?: string; agentType?: AgentType; signal?: AbortSignal },
): Promise<TtsResult> {
  const voice: VoiceProfile | string = input.voice || (input.agentType ? voiceProfileFor(input.agentType) : '');
  return speech.tts.synthesize({ text: input.text, voice, agentType: input.agentType }, { signal: input.signal });
}

/**
 * Transcribes a checked recording with the configured speech-to-text provider.
 * @returns the transcript, trimmed ('' when nothing was said)
 * @throws SpeechNotConfiguredError (503) without a provider; SpeechProviderError (502)
 */
export async function transcribe(
  speech: SpeechProviders,
  audio: CheckedAudioUpload,
  signal?: AbortSignal,
): Promise<string> {
  if (!speech.stt) throw new SpeechNotConfiguredError();
  const { text } = await speech.stt.transcribe(audio.bytes, {
    filename: `recording.${audio.extension}`,
    contentType: audio.contentType,
    language: 'en',
    signal,
  });
  return text.trim();
}

/** What one spoken exchange produced. */
export interface RealtimeOutcome {
  /** What the user said (the speech-to-text transcript). */
  transcript: string;
  /** The avatar's reply and its training outcome. */
  chat: ChatOutcome;
  /** The reply as speech (the spoken part is at most MAX_SPEECH_TEXT_CHARS characters). */
  speech: TtsResult;
}

/**
 * One spoken exchange (SPEC §7 POST /api/voice/realtime): transcript → the avatar's reply (same
 * chat provider and training rules as text chat, recorded with interactionType 'voice') → speech
 * in the avatar's voice.
 * @throws SpeechNotConfiguredError (503), NoSpeechError (422) for an empty transcript,
 *   HttpError 404/403 (avatar), ChatProviderError / SpeechProviderError (502)
 */
export async function realtimeExchange(
  deps: VoiceDeps,
  input: { userId: string; avatar: AvatarRow; audio: CheckedAudioUpload; signal?: AbortSignal },
): Promise<RealtimeOutcome> {
  const transcript = await transcribe(deps.speech, input.audio, input.signal);
  if (!transcript) throw new NoSpeechError();
  const chat = await chatWithAvatar(deps, {
    avatarId: input.avatar.id,
    userId: input.userId,
    message: transcript.slice(0, CHAT_MESSAGE_MAX_CHARS),
    interactionType: VOICE_INTERACTION_TYPE,
    signal: input.signal,
  });
  const agentType = input.avatar.agentType as AgentType;
  const speech = await speak(deps.speech, {
    text: speakableText(chat.response) || '...',
    agentType,
    signal: input.signal,
  });
  return { transcript, chat, speech };
}

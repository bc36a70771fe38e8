import { FALLBACK_TRANSCRIPT, REALTIME_HEADERS, type SpeechToTextResponse } from '@app/domain/voice';
import { ApiError, apiRequest, getServerErrorText } from '@/lib/api';
import type { AvatarProgress } from '@/lib/get-avatars';
import { REALTIME_FAILED_MESSAGE } from './voice-messages';

/** File name for a recording of MIME type `type` (the server checks the bytes, not the name). */
export function recordingFileName(type: string): string {
  const ext = type.includes('mp4') ? 'm4a' : type.includes('wav') ? 'wav' : type.includes('ogg') ? 'ogg' : 'webm';
  return `recording.${ext}`;
}

/** What POST /api/voice/realtime answered. */
export interface RealtimeVoiceReply {
  /** SPEC §7: X-Transcript, URL-decoded; 'Voice message' when missing. */
  transcript: string;
  /** X-Reply-Text (ours), URL-decoded; '' when missing. */
  replyText: string;
  /** The reply as speech. */
  audio: Blob;
  /** X-Avatar-Progress (ours): the avatar's level/XP after the exchange. */
  avatar?: AvatarProgress;
}

/** A failed voice request: `message` is the server's `{error}` text, else SPEC §8's default. */
export class VoiceRequestError extends Error {
  override readonly name = 'VoiceRequestError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

function decodeHeader(res: Response, name: string): string | null {
  const raw = res.headers.get(name);
  if (raw === null) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * SPEC §7 POST /api/voice/realtime: multipart `audio` (webm or wav file), `avatarName`,
 * `personality` (the avatar description), and ours `avatarId`. The body is the reply's audio.
 * @throws VoiceRequestError on a non-OK response (message: the server's error, else
 *   'Realtime voice processing failed')
 */
export async function sendRealtimeVoice(input: {
  recording: Blob;
  avatarId: number;
  avatarName: string;
  personality: string | null;
  signal?: AbortSignal;
}): Promise<RealtimeVoiceReply> {
  const form = new FormData();
  form.append('audio', input.recording, recordingFileName(input.recording.type));
  form.append('avatarName', input.avatarName);
  form.append('personality', input.personality ?? '');
  form.append('avatarId', String(input.avatarId));
  const res = await fetch('/api/voice/realtime', {
    method: 'POST',
    credentials: 'include',
    body: form,
    signal: input.signal,
  });
  if (!res.ok) {
    const body = await res.text().catch(() => '');
    const error = new ApiError(res.status, body, res.statusText);
    throw new VoiceRequestError(getServerErrorText(error, REALTIME_FAILED_MESSAGE), res.status);
  }
  const progress = decodeHeader(res, REALTIME_HEADERS.avatarProgress);
  let avatar: AvatarProgress | undefined;
  try {
    avatar = progress ? (JSON.parse(progress) as AvatarProgress) : undefined;
  } catch {
    avatar = undefined;
  }
  return {
    transcript: decodeHeader(res, REALTIME_HEADERS.transcript) || FALLBACK_TRANSCRIPT,
    replyText: decodeHeader(res, REALTIME_HEADERS.replyText) ?? '',
    audio: await res.blob(),
    avatar,
  };
}

/**
 * SPEC §7 POST /api/avatar/speech-to-text: multipart audio file → `{text}` ('' when nothing was said).
 * @throws VoiceRequestError on a non-OK response (503 says what voice input needs)
 */
export async function transcribeRecording(recording: Blob): Promise<string> {
  const form = new FormData();
  form.append('audio', recording, recordingFileName(recording.type));
  try {
    const res = await apiRequest('POST', '/api/avatar/speech-to-text', form);
    return ((await res.json()) as SpeechToTextResponse).text;
  } catch (err) {
    if (err instanceof ApiError) throw new VoiceRequestError(getServerErrorText(err, err.message), err.status);
    throw err;
  }
}

import type { AvatarSpeechRequestInput, TextToSpeechRequest } from '@app/domain/voice';
import { apiRequest, throwIfResNotOk } from '@/lib/api';

/**
 * SPEC §7 POST /api/voice/text-to-speech `{text, voiceId (optional), avatarName}` → an audio blob
 * (WAV from the embedded engine, MP3 from a paid provider).
 * @throws ApiError on a non-OK response (callers stay silent: SPEC §8)
 */
export async function textToSpeech(body: TextToSpeechRequest, signal?: AbortSignal): Promise<Blob> {
  const res = await fetch('/api/voice/text-to-speech', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  await throwIfResNotOk(res);
  return res.blob();
}

/**
 * SPEC §7 POST /api/avatar/speech `{text, avatarId, voice}` → an audio blob (avatar chat page).
 * @throws ApiError on a non-OK response (the page only logs it: SPEC §8)
 */
export async function avatarSpeech(body: AvatarSpeechRequestInput): Promise<Blob> {
  const res = await apiRequest('POST', '/api/avatar/speech', body);
  return res.blob();
}

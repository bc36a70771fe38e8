import type { VoiceStatus } from '@app/domain/voice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** SPEC §7 GET /api/voice/status: `{configured, tts, stt}` (provider names or null). */
export async function getVoiceStatus(): Promise<VoiceStatus> {
  const res = await apiRequest('GET', '/api/voice/status');
  return (await res.json()) as VoiceStatus;
}

/** Query options of the voice status (read once per session: SPEC §7 reads never go stale). */
export function getVoiceStatusQueryOptions() {
  return queryOptions({ queryKey: ['/api/voice/status'], queryFn: getVoiceStatus });
}

/** The server's voice capabilities. */
export function useVoiceStatus() {
  return useQuery(getVoiceStatusQueryOptions());
}

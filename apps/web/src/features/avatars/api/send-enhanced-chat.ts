import type { EnhancedChatRequestInput, EnhancedChatResponse } from '@app/domain/chat';
import { throwIfResNotOk } from '@/lib/api';

/**
 * SPEC §7 POST /api/avatar/enhanced-chat response: `{response, images, actions}`, plus what our
 * server adds — the task suggestion and the avatar's new level/XP.
 */
export type EnhancedChatReply = EnhancedChatResponse;

/**
 * SPEC §7 POST /api/avatar/enhanced-chat with `{avatarId as a string, message, context}`; the
 * dashboard uses it when the streaming call fails before its first token.
 * @throws ApiError on a non-OK response (SPEC §8 generic message)
 */
export async function sendEnhancedChat(
  body: EnhancedChatRequestInput,
  signal?: AbortSignal,
): Promise<EnhancedChatReply> {
  const res = await fetch('/api/avatar/enhanced-chat', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  await throwIfResNotOk(res);
  return (await res.json()) as EnhancedChatReply;
}

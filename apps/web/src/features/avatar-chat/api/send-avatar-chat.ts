import type { AvatarChatRequestInput, AvatarChatResponse } from '@app/domain/chat';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest } from '@/lib/api';
import { applyAvatarProgress } from '@/lib/get-avatars';
import { queryClient } from '@/lib/query-client';
import { getAvatarQueryOptions } from './get-avatar';

/** SPEC §7 POST /api/avatar/chat response `{response, taskSuggestion}`, plus our images and avatar progress. */
export type AvatarChatReply = AvatarChatResponse;

/** SPEC §7 POST /api/avatar/chat `{avatarId, message, context{currentLevel, skills}}`. */
export async function sendAvatarChat(body: AvatarChatRequestInput): Promise<AvatarChatReply> {
  const res = await apiRequest('POST', '/api/avatar/chat', body);
  return (await res.json()) as AvatarChatReply;
}

/**
 * Sends a message on the avatar chat page. After a reply the avatar's new level/XP go into the
 * page's avatar and the dashboard's list; on failure toasts 'Communication Error' (SPEC §8).
 */
export function useSendAvatarChat() {
  return useMutation({
    mutationFn: sendAvatarChat,
    onSuccess: (reply) => {
      const progress = reply.avatar;
      if (!progress) return;
      applyAvatarProgress(progress);
      queryClient.setQueryData(getAvatarQueryOptions(String(progress.id)).queryKey, (a) =>
        a
          ? {
              ...a,
              level: progress.level,
              experiencePoints: progress.experiencePoints,
              totalInteractions: progress.totalInteractions,
            }
          : a,
      );
    },
    onError: () => {
      toast({
        title: 'Communication Error',
        description: 'Failed to reach avatar. Checking neural link...',
        variant: 'destructive',
      });
    },
  });
}

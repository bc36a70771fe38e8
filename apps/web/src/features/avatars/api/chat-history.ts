import type { AvatarMemoryResponse, ChatExchange, ChatHistoryResponse } from '@app/domain/chat';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** Query key of an avatar's stored conversation. */
export const chatHistoryKey = (avatarId: number) => ['/api/avatars', avatarId, 'chat/history'] as const;
/** Query key of what an avatar remembers. */
export const memoryKey = (avatarId: number) => ['/api/avatars', avatarId, 'memory'] as const;

/**
 * The stored conversation with an avatar: the newest page on open, older pages
 * with `fetchNextPage`. `exchanges` is oldest first across the loaded pages.
 */
export function useChatHistory(avatarId: number) {
  const query = useInfiniteQuery({
    queryKey: chatHistoryKey(avatarId),
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) => {
      const qs = pageParam ? `?before=${pageParam}` : '';
      const res = await apiRequest('GET', `/api/avatars/${avatarId}/chat/history${qs}`);
      return (await res.json()) as ChatHistoryResponse;
    },
    getNextPageParam: (last) => (last.hasMore && last.exchanges[0] ? last.exchanges[0].id : undefined),
    staleTime: Number.POSITIVE_INFINITY,
    // Back on the page after chatting here: load what this visit added (the cache predates it).
    refetchOnMount: 'always',
  });
  const exchanges: ChatExchange[] = (query.data?.pages ?? []).toReversed().flatMap((p) => p.exchanges);
  return { ...query, exchanges };
}

/** Starts a new conversation: the stored history restarts (facts stay remembered). */
export function useNewConversation(avatarId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', `/api/avatars/${avatarId}/chat/new`);
    },
    onSuccess: () => qc.resetQueries({ queryKey: chatHistoryKey(avatarId) }),
  });
}

/** What the avatar remembers about the user, and a way to clear it. */
export function useAvatarMemory(avatarId: number) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: memoryKey(avatarId),
    queryFn: async () =>
      (await (await apiRequest('GET', `/api/avatars/${avatarId}/memory`)).json()) as AvatarMemoryResponse,
  });
  const clear = useMutation({
    mutationFn: async () =>
      (await (await apiRequest('DELETE', `/api/avatars/${avatarId}/memory`)).json()) as AvatarMemoryResponse,
    onSuccess: (data) => qc.setQueryData(memoryKey(avatarId), data),
  });
  return { ...query, clear };
}

/** The remembered facts as short lines ("Name: Priya"). */
export function memoryLines(memory: AvatarMemoryResponse['memory'] | undefined): string[] {
  if (!memory) return [];
  const f = memory.facts;
  return [
    f.name && `Name: ${f.name}`,
    f.location && `Lives in: ${f.location}`,
    f.occupation && `Works as: ${f.occupation}`,
    f.workingOn && `Working on: ${f.workingOn}`,
    f.likes?.length && `Likes: ${f.likes.join(', ')}`,
    f.dislikes?.length && `Dislikes: ${f.dislikes.join(', ')}`,
    f.diet?.length && `Diet: ${f.diet.join('; ')}`,
    f.plans?.length && `Plans: ${f.plans.join('; ')}`,
    f.pets?.length && `Pets: ${f.pets.map((p) => (p.kind ? `${p.name} (${p.kind})` : p.name)).join(', ')}`,
    // "my sister is called Priya" is kept as (sister, "called Priya"); the panel shows the name.
    ...(f.about ?? []).map((a) => `Your ${a.key}: ${a.value.replace(/^(?:is\s+)?(?:called|named)\s+/i, '')}`),
    memory.notes?.length && `Things you said: ${memory.notes.length} kept for recall`,
    memory.topic && `Topic: ${memory.topic}`,
  ].filter((x): x is string => Boolean(x));
}

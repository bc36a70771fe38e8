import type { Avatar } from '@app/domain/avatar';
import type { ChatAction, ChatHistoryHint, ChatImage } from '@app/domain/chat';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { applyAvatarProgress } from '@/lib/get-avatars';
import { type EnhancedChatReply, sendEnhancedChat } from './api/send-enhanced-chat';
import { ChatStreamError, type StreamedChatReply, streamAvatarChat } from './api/stream-avatar-chat';

/** SPEC §3 "Chat message, dashboard (local only)": id, type, text, timestamp, images, actions, audioUrl. */
export interface DashboardChatMessage {
  id: string;
  type: 'user' | 'ai';
  text: string;
  timestamp: Date;
  images: ChatImage[];
  actions: ChatAction[];
  audioUrl?: string;
  /** True while the reply's tokens are still arriving. */
  streaming?: boolean;
}

/** SPEC §7/§9: the dashboard sends the last 2 messages as a hint, and a fixed level 1. */
export const HISTORY_HINT_MESSAGES = 2;
export const FIXED_CONTEXT_LEVEL = 1;

let nextId = 0;
const newId = () => `m${Date.now().toString(36)}${(nextId++).toString(36)}`;

/**
 * The local conversation with one avatar on the dashboard (SPEC §2 AI_CHAT). Mount it per avatar
 * (keyed by id) so that selecting another avatar clears it. `send` streams the reply token by token
 * from /api/avatar/chat/stream; if that fails before the first token it asks
 * /api/avatar/enhanced-chat instead (SPEC §7 body). Blank text is ignored and nothing is sent while
 * busy (SPEC §5). Failure: toast 'Message Failed' / 'Please try again.' (SPEC §8). After each reply
 * the avatar's level/XP are written into the avatars list cache.
 */
export function useAvatarConversation(avatar: Pick<Avatar, 'id'>) {
  const [messages, setMessages] = useState<DashboardChatMessage[]>([]);
  const abortRef = useRef<AbortController | null>(null);

  // The in-flight request belongs to this conversation: stop it when the avatar changes or the tab closes.
  useEffect(() => () => abortRef.current?.abort(), []);

  const updateMessage = (id: string, patch: Partial<DashboardChatMessage>) =>
    setMessages((list) => list.map((m) => (m.id === id ? { ...m, ...patch } : m)));

  const mutation = useMutation({
    mutationFn: async ({ text, hint }: { text: string; hint: ChatHistoryHint[] }) => {
      const userMessage: DashboardChatMessage = {
        id: newId(),
        type: 'user',
        text,
        timestamp: new Date(),
        images: [],
        actions: [],
      };
      const replyId = newId();
      setMessages((list) => [
        ...list,
        userMessage,
        { id: replyId, type: 'ai', text: '', timestamp: new Date(), images: [], actions: [], streaming: true },
      ]);
      const abort = new AbortController();
      abortRef.current = abort;
      try {
        let streamed = '';
        let reply: StreamedChatReply | EnhancedChatReply;
        try {
          reply = await streamAvatarChat(
            { avatarId: avatar.id, message: text, context: { currentLevel: FIXED_CONTEXT_LEVEL, skills: [] } },
            {
              signal: abort.signal,
              onDelta: (delta) => {
                streamed += delta;
                updateMessage(replyId, { text: streamed });
              },
            },
          );
        } catch (err) {
          if (!(err instanceof ChatStreamError) || err.receivedText || abort.signal.aborted) throw err;
          reply = await sendEnhancedChat(
            {
              avatarId: String(avatar.id),
              message: text,
              context: { currentLevel: FIXED_CONTEXT_LEVEL, skills: [], conversationHistory: hint },
            },
            abort.signal,
          );
        }
        updateMessage(replyId, {
          text: reply.response,
          images: reply.images ?? [],
          actions: reply.actions ?? [],
          timestamp: new Date(),
          streaming: false,
        });
        if (reply.avatar) applyAvatarProgress(reply.avatar);
        return reply;
      } catch (err) {
        // A reply that never arrived leaves no empty bubble behind; the user's message stays.
        setMessages((list) => list.filter((m) => m.id !== replyId || m.text));
        updateMessage(replyId, { streaming: false });
        throw err;
      } finally {
        if (abortRef.current === abort) abortRef.current = null;
      }
    },
    onError: (err) => {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      if (err instanceof ChatStreamError && err.cause instanceof DOMException && err.cause.name === 'AbortError')
        return;
      toast({ title: 'Message Failed', description: 'Please try again.', variant: 'destructive' });
    },
  });

  /** Sends a message; ignored when blank or while a reply is in flight (SPEC §5). */
  const send = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || mutation.isPending) return false;
    const hint = messages
      .filter((m) => !m.streaming && m.text)
      .slice(-HISTORY_HINT_MESSAGES)
      .map((m) => ({ type: m.type, text: m.text }));
    mutation.mutate({ text: trimmed, hint });
    return true;
  };

  return { messages, send, busy: mutation.isPending };
}

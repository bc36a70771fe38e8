import type { Avatar } from '@app/domain/avatar';
import type { ChatAction, ChatAttachmentInput, ChatHistoryHint, ChatImage } from '@app/domain/chat';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { applyAvatarProgress } from '@/lib/get-avatars';
import { sendRealtimeVoice } from '@/lib/voice/send-voice-recording';
import { SPEECH_CHAT_ERROR_MESSAGE, VOICE_PROCESSING_FAILED } from '@/lib/voice/voice-messages';
import { useChatHistory, useNewConversation } from './api/chat-history';
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
 * the avatar's level/XP are written into the avatars list cache. `sendVoice` is the spoken
 * counterpart: a recording in, the transcript and the spoken reply out.
 */
export function useAvatarConversation(avatar: Pick<Avatar, 'id' | 'name' | 'description'>) {
  const [local, setMessages] = useState<DashboardChatMessage[]>([]);
  const abortRef = useRef<AbortController | null>(null);
  // The stored conversation comes first (newest page on open, older on demand),
  // then what this visit adds.
  const history = useChatHistory(avatar.id);
  const newConversation = useNewConversation(avatar.id);
  const stored = useMemo(
    () =>
      history.exchanges.flatMap((x): DashboardChatMessage[] => {
        const at = new Date(x.createdAt);
        const user: DashboardChatMessage = {
          id: `h${x.id}u`,
          type: 'user',
          text: x.userText,
          timestamp: at,
          images: [],
          actions: [],
        };
        if (!x.avatarText) return [user];
        return [user, { id: `h${x.id}a`, type: 'ai', text: x.avatarText, timestamp: at, images: [], actions: [] }];
      }),
    [history.exchanges],
  );
  const messages = useMemo(() => [...stored, ...local], [stored, local]);

  // The in-flight request belongs to this conversation: stop it when the avatar changes or the tab closes.
  useEffect(() => () => abortRef.current?.abort(), []);

  const updateMessage = (id: string, patch: Partial<DashboardChatMessage>) =>
    setMessages((list) => list.map((m) => (m.id === id ? { ...m, ...patch } : m)));

  const mutation = useMutation({
    mutationFn: async ({ text, hint, attachments }: SendInput) => {
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
            {
              avatarId: avatar.id,
              message: text,
              context: { currentLevel: FIXED_CONTEXT_LEVEL, skills: [] },
              attachments,
            },
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
              attachments,
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
    onError: (err, input) => {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      if (err instanceof ChatStreamError && err.cause instanceof DOMException && err.cause.name === 'AbortError')
        return;
      if (input.spoken) {
        // SPEC §8: a chat started by speech that fails adds an ai message instead of a toast.
        setMessages((list) => [...list, aiMessage(SPEECH_CHAT_ERROR_MESSAGE)]);
        return;
      }
      toast({ title: 'Message Failed', description: 'Please try again.', variant: 'destructive' });
    },
  });

  /**
   * SPEC §7 POST /api/voice/realtime: the recording goes to the server, which transcribes it and
   * answers with the avatar's spoken reply. The transcript becomes the user message (fallback
   * 'Voice message'), the reply the ai message with its `audioUrl` (made by `toUrl`).
   * Failure: 'Voice Processing Failed' with the error or 'Please try again or use text input.' (SPEC §8).
   */
  const voice = useMutation({
    mutationFn: async ({ recording, toUrl }: { recording: Blob; toUrl: (audio: Blob) => string }) => {
      const abort = new AbortController();
      abortRef.current = abort;
      try {
        const reply = await sendRealtimeVoice({
          recording,
          avatarId: avatar.id,
          avatarName: avatar.name,
          personality: avatar.description,
          signal: abort.signal,
        });
        const ai = { ...aiMessage(reply.replyText), audioUrl: toUrl(reply.audio) };
        setMessages((list) => [...list, { ...aiMessage(reply.transcript), type: 'user' }, ai]);
        if (reply.avatar) applyAvatarProgress(reply.avatar);
        return ai;
      } finally {
        if (abortRef.current === abort) abortRef.current = null;
      }
    },
    onError: (err) => {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      toast({
        title: VOICE_PROCESSING_FAILED.title,
        description: err.message || VOICE_PROCESSING_FAILED.description,
        variant: 'destructive',
      });
    },
  });

  const busy = mutation.isPending || voice.isPending;

  /**
   * Sends a message; ignored when blank or while a reply is in flight (SPEC §5). `spoken` marks
   * text heard by speech recognition; `attachments` go along as context (BEYOND).
   */
  const send = (text: string, opts: { spoken?: boolean; attachments?: ChatAttachmentInput[] } = {}) => {
    const trimmed = text.trim();
    if (!trimmed || busy) return false;
    const hint = messages
      .filter((m) => !m.streaming && m.text)
      .slice(-HISTORY_HINT_MESSAGES)
      .map((m) => ({ type: m.type, text: m.text }));
    mutation.mutate({
      text: trimmed,
      hint,
      spoken: opts.spoken,
      attachments: opts.attachments?.length ? opts.attachments : undefined,
    });
    return true;
  };

  /** Sends a recording (ignored while busy). `toUrl` keeps the reply audio as an object URL. */
  const sendVoice = (recording: Blob, toUrl: (audio: Blob) => string) => {
    if (busy) return false;
    voice.mutate({ recording, toUrl });
    return true;
  };

  /** Stores the audio of a reply spoken later (voice replies of typed chat). */
  const attachAudio = (id: string, audioUrl: string) => updateMessage(id, { audioUrl });

  /** Older stored messages: whether there are any, and a way to load the next page. */
  const older = {
    available: Boolean(history.hasNextPage),
    loading: history.isFetchingNextPage,
    load: () => void history.fetchNextPage(),
  };
  /** Starts a new conversation: the stored one is closed (facts stay remembered) and the view clears. */
  const startNew = () => newConversation.mutate(undefined, { onSuccess: () => setMessages([]) });

  return { messages, send, sendVoice, attachAudio, busy, older, startNew, startingNew: newConversation.isPending };
}

interface SendInput {
  text: string;
  hint: ChatHistoryHint[];
  /** Heard by speech recognition (SPEC §8: failure adds an ai message instead of a toast). */
  spoken?: boolean;
  /** Files sent as context (BEYOND SPEC §2). */
  attachments?: ChatAttachmentInput[];
}

function aiMessage(text: string): DashboardChatMessage {
  return { id: newId(), type: 'ai', text, timestamp: new Date(), images: [], actions: [] };
}

/**
 * The state and actions of the avatar chat page: the stored conversation and this visit's messages,
 * sending (typed or spoken), spoken replies, memory, a new conversation, and EXECUTE on a task
 * suggestion (SPEC §2, §4, §5, §8).
 */
import type { Avatar } from '@app/domain/avatar';
import type { TaskSuggestion } from '@app/domain/chat';
import { speakableText, voiceIdForAgentType } from '@app/domain/voice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { isAgentTaskType } from '@/lib/tasks/get-avatar-tasks';
import { useStartAvatarTask } from '@/lib/tasks/start-avatar-task';
import { transcribeRecording, VoiceRequestError } from '@/lib/voice/send-voice-recording';
import { avatarSpeech } from '@/lib/voice/synthesize-speech';
import { useAudioPlayer } from '@/lib/voice/use-audio-player';
import { useHoldToSpeak, voiceInputMode } from '@/lib/voice/use-hold-to-speak';
import { useObjectUrls } from '@/lib/voice/use-object-urls';
import { useVoiceReplies } from '@/lib/voice/use-voice-replies';
import { PAGE_VOICE_PROCESSING_ERROR } from '@/lib/voice/voice-messages';
import { toastVoiceInputError } from '@/lib/voice/voice-toasts';
import { memoryKey, useAvatarMemory, useChatHistory, useNewConversation } from '../avatars/api/chat-history';
import { useSendAvatarChat } from './api/send-avatar-chat';
import { MISSING_REPLY_TEXT, openingGreeting } from './greeting';

/** SPEC §3 "Chat message, avatar chat page". */
export interface PageChatMessage {
  id: string;
  type: 'user' | 'avatar';
  content: string;
  timestamp: Date;
  audioUrl?: string;
  taskSuggestion?: TaskSuggestion | null;
}

/** Everything the avatar chat page's panels read and do (see the file's description). */
export function useAvatarChat(avatar: Avatar) {
  // Voice on/off (forced off when the server cannot speak), spoken replies, hold-to-record.
  const voice = useVoiceReplies();
  const voiceOn = voice.enabled;
  const player = useAudioPlayer();
  const toUrl = useObjectUrls();
  const [messages, setMessages] = useState<PageChatMessage[]>(() => {
    const greeting = openingGreeting(avatar);
    return [{ id: 'greeting', type: 'avatar', timestamp: new Date(), ...greeting }];
  });
  const [draft, setDraft] = useState('');
  // The stored conversation (newest page on open, older pages on demand) and memory.
  const history = useChatHistory(avatar.id);
  const newConversation = useNewConversation(avatar.id);
  const memory = useAvatarMemory(avatar.id);
  const qc = useQueryClient();
  const stored: PageChatMessage[] = history.exchanges.flatMap((x) => [
    { id: `h${x.id}u`, type: 'user' as const, content: x.userText, timestamp: new Date(x.createdAt) },
    ...(x.avatarText
      ? [{ id: `h${x.id}a`, type: 'avatar' as const, content: x.avatarText, timestamp: new Date(x.createdAt) }]
      : []),
  ]);
  // The stored conversation, then this visit's opening greeting with its task suggestion (SPEC §2:
  // the chat window opens with a greeting that includes a task suggestion), then this visit's messages.
  const shown = [...stored, ...messages];
  const send = useSendAvatarChat();
  const startTask = useStartAvatarTask();
  const scroller = useRef<HTMLDivElement>(null);

  /**
   * SPEC §4: while voice is on, a reply is spoken (POST /api/avatar/speech, the avatar's voice id)
   * and played; the portrait pulses meanwhile. SPEC §8: failure is only logged.
   */
  const speakReply = async (messageId: string, text: string) => {
    try {
      const audio = await avatarSpeech({
        text: speakableText(text),
        avatarId: avatar.id,
        voice: voiceIdForAgentType(avatar.agentType),
      });
      const url = toUrl(audio);
      setMessages((list) => list.map((m) => (m.id === messageId ? { ...m, audioUrl: url } : m)));
      await player.play(url);
    } catch (err) {
      console.error('Avatar speech failed', err);
    }
  };

  /** Sends a chat message; blank text is ignored and nothing is sent while processing (SPEC §5). */
  const sendMessage = (raw: string) => {
    const text = raw.trim();
    if (!text || send.isPending) return false;
    setMessages((list) => [...list, { id: `u${list.length}`, type: 'user', content: text, timestamp: new Date() }]);
    send.mutate(
      {
        avatarId: avatar.id,
        message: text,
        context: { currentLevel: avatar.level ?? 1, skills: avatar.skills.map((s) => s.name) },
      },
      {
        onSuccess: (reply) => {
          const id = `a${Date.now().toString(36)}`;
          setMessages((list) => [
            ...list,
            {
              id,
              type: 'avatar',
              content: reply.response?.trim() ? reply.response : MISSING_REPLY_TEXT,
              timestamp: new Date(),
              taskSuggestion: reply.taskSuggestion,
            },
          ]);
          if (voiceOn && reply.response?.trim()) void speakReply(id, reply.response);
          void qc.invalidateQueries({ queryKey: memoryKey(avatar.id) });
        },
      },
    );
    return true;
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (sendMessage(draft)) setDraft('');
  };

  /**
   * SPEC §7 POST /api/avatar/speech-to-text: a recording's text is sent as a chat message. Failure:
   * 'Voice Processing Error' with the server's reason when it gives one (e.g. no speech-to-text
   * provider: say what voice input needs), else 'Failed to process voice input. Please try again.'
   */
  const transcribe = useMutation({
    mutationFn: transcribeRecording,
    onSuccess: (text) => {
      if (!text.trim()) {
        toast({ ...PAGE_VOICE_PROCESSING_ERROR, variant: 'destructive' });
        return;
      }
      sendMessage(text);
    },
    onError: (err) => {
      const reason = err instanceof VoiceRequestError && err.status < 500 ? err.message : null;
      const notConfigured = err instanceof VoiceRequestError && err.status === 503 ? err.message : null;
      toast({
        title: PAGE_VOICE_PROCESSING_ERROR.title,
        description: notConfigured ?? reason ?? PAGE_VOICE_PROCESSING_ERROR.description,
        variant: 'destructive',
      });
    },
  });
  const processing = send.isPending || transcribe.isPending;

  const hold = useHoldToSpeak({
    serverStt: voice.serverStt,
    disabled: processing,
    onTranscript: (text) => sendMessage(text),
    onRecording: (recording) => transcribe.mutate(recording),
    onError: (error) => toastVoiceInputError(error, 'avatar-chat'),
  });
  const inputMode = voiceInputMode(voice.serverStt);

  // Keep the newest message in view (DOM sync only).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run whenever the log grows.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length, processing, hold.recording]);

  // EXECUTE on a suggestion whose action is a task type starts it, with the user's message
  // that led to the suggestion as the prompt (none for the greeting: the server's default).
  const execute = (messageId: string, suggestion: TaskSuggestion) => {
    if (!isAgentTaskType(suggestion.action)) return;
    const before = shown.slice(
      0,
      shown.findIndex((m) => m.id === messageId),
    );
    // The server resolves what the task is about ("mint that one" → the piece discussed).
    const prompt = suggestion.prompt ?? before.findLast((m) => m.type === 'user')?.content ?? '';
    startTask.mutate({ avatarId: avatar.id, taskType: suggestion.action, prompt });
  };

  /** Starts a new conversation (the stored one is closed) that opens with the greeting again. */
  const startNewConversation = () =>
    newConversation.mutate(undefined, {
      onSuccess: () =>
        setMessages([{ id: 'greeting', type: 'avatar', timestamp: new Date(), ...openingGreeting(avatar) }]),
    });

  return {
    voice,
    voiceOn,
    player,
    draft,
    setDraft,
    history,
    newConversation,
    startNewConversation,
    memory,
    shown,
    processing,
    hold,
    inputMode,
    scroller,
    submit,
    execute,
  };
}

/** What {@link useAvatarChat} returns. */
export type AvatarChat = ReturnType<typeof useAvatarChat>;

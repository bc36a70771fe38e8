import type { Avatar } from '@app/domain/avatar';
import type { ChatAttachmentInput } from '@app/domain/chat';
import { speakableText, voiceIdForAgentType } from '@app/domain/voice';
import {
  FileIcon,
  HistoryIcon,
  KeyboardIcon,
  LoaderIcon,
  MicIcon,
  PaperclipIcon,
  ScrollTextIcon,
  SendIcon,
  Volume2Icon,
  XIcon,
} from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';
import { ATTACHMENT_ACCEPT, readAttachment } from '@/lib/voice/read-attachment';
import { textToSpeech } from '@/lib/voice/synthesize-speech';
import type { useAudioPlayer } from '@/lib/voice/use-audio-player';
import { useHoldToSpeak, voiceInputMode } from '@/lib/voice/use-hold-to-speak';
import { useObjectUrls } from '@/lib/voice/use-object-urls';
import { useVoiceReplies } from '@/lib/voice/use-voice-replies';
import { toastVoiceInputError } from '@/lib/voice/voice-toasts';
import type { useAvatarConversation } from './use-avatar-conversation';

/** SPEC §2: the file picker accepts image, audio, pdf, txt, doc and docx. */
export const VOICE_PANEL_FILE_ACCEPT = ATTACHMENT_ACCEPT;

/** SPEC §4 voice chat status line. */
export type VoiceStatus = 'VOICE READY' | 'RECORDING...' | 'PROCESSING...' | 'SPEAKING...';

/** A file chosen in the picker and what became of it. */
interface PickedFile {
  name: string;
  state: 'reading' | 'ready' | 'noted' | 'failed';
  /** Sent with the next message (state 'ready'). */
  attachment: ChatAttachmentInput | null;
  note: string;
}

export interface VoicePanelProps {
  /** The avatar spoken to: its name and type pick the voice, its description is the realtime `personality`. */
  avatar: Pick<Avatar, 'id' | 'name' | 'agentType' | 'description'>;
  /** The conversation (messages, text and voice sending, busy while a request is in flight). */
  conversation: Pick<
    ReturnType<typeof useAvatarConversation>,
    'messages' | 'busy' | 'send' | 'sendVoice' | 'attachAudio'
  >;
  /** Plays the replies; its `speaking` also makes the header portrait pulse. */
  player: ReturnType<typeof useAudioPlayer>;
  /** Renders the conversation; `showHistory` false shows only the latest exchange. */
  renderTranscript: (opts: { showHistory: boolean }) => ReactNode;
}

/**
 * The dashboard voice chat panel (SPEC §2, §4, §5, §8):
 * - status line VOICE READY / RECORDING... / PROCESSING... / SPEAKING...;
 * - hold-to-speak (press records, release — or with a mouse leaving the button — stops; on mobile
 *   'TAP & HOLD TO SPEAK'): browser speech recognition sends its text as a chat message; otherwise
 *   the recording goes to POST /api/voice/realtime and its transcript and spoken reply appear;
 * - voice replies: while on, each new reply is spoken (realtime replies bring their audio, typed
 *   ones are synthesised by POST /api/voice/text-to-speech); playback failure is silent;
 * - toggles for the text input, the transcript (default visible) and the history;
 * - the file picker: BEYOND the spec a document's text or an image goes with the next message.
 */
export function VoicePanel({ avatar, conversation, player, renderTranscript }: VoicePanelProps) {
  const { messages, busy } = conversation;
  const [showTextInput, setShowTextInput] = useState(true);
  const [showTranscript, setShowTranscript] = useState(true); // SPEC §4: transcript visible by default.
  const [showHistory, setShowHistory] = useState(true);
  const voiceReplies = useVoiceReplies();
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [text, setText] = useState('');
  const toUrl = useObjectUrls();
  const inputId = useId();
  const fileId = useId();
  const pendingAttachments = picked?.state === 'ready' && picked.attachment ? [picked.attachment] : [];

  const sendText = (value: string, spoken = false) => {
    const sent = conversation.send(value, { spoken, attachments: pendingAttachments });
    if (sent && pendingAttachments.length) setPicked(null);
    return sent;
  };

  const hold = useHoldToSpeak({
    serverStt: voiceReplies.serverStt,
    disabled: busy,
    // SPEC §5: speech text is ignored when empty or while a request is processing (send() checks both).
    onTranscript: (heard) => sendText(heard, true),
    onRecording: (recording) => conversation.sendVoice(recording, toUrl),
    onError: (error) => toastVoiceInputError(error, 'dashboard'),
  });
  const mode = voiceInputMode(voiceReplies.serverStt);

  const status: VoiceStatus = hold.recording
    ? 'RECORDING...'
    : busy
      ? 'PROCESSING...'
      : player.speaking
        ? 'SPEAKING...'
        : 'VOICE READY';

  // Speak each new reply while voice replies are on (syncs with the audio element: an effect).
  const latestReply = messages.findLast((m) => m.type === 'ai' && !m.streaming && m.text);
  const handled = useRef(new Set<string>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per new reply, by id.
  useEffect(() => {
    if (!latestReply || handled.current.has(latestReply.id)) return;
    handled.current.add(latestReply.id);
    if (!voiceReplies.enabled) return;
    if (latestReply.audioUrl) {
      void player.play(latestReply.audioUrl);
      return;
    }
    const { id } = latestReply;
    textToSpeech({
      text: speakableText(latestReply.text),
      voiceId: voiceIdForAgentType(avatar.agentType),
      avatarName: avatar.name,
    })
      .then((audio) => {
        const url = toUrl(audio);
        conversation.attachAudio(id, url);
        return player.play(url);
      })
      .catch(() => player.stop()); // SPEC §8: text-to-speech failure is silent and playback stops.
  }, [latestReply?.id]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sendText(text)) setText('');
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setPicked({ name: file.name, state: 'reading', attachment: null, note: 'reading...' });
    try {
      const read = await readAttachment(file);
      setPicked({
        name: file.name,
        state: read.attachment ? 'ready' : 'noted',
        attachment: read.attachment,
        note: read.note,
      });
    } catch (err) {
      setPicked({ name: file.name, state: 'failed', attachment: null, note: 'not readable' });
      toast({
        title: 'Attachment Not Read',
        description: err instanceof Error ? err.message : 'The file could not be read',
        variant: 'destructive',
      });
    }
  };

  return (
    <section
      aria-label="Voice chat"
      className="flex min-w-0 flex-col gap-4 rounded-lg border border-border bg-card/85 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StatusLine status={status} />
        <div className="flex flex-wrap items-center gap-2">
          <PanelToggle icon={<KeyboardIcon />} label="TEXT" checked={showTextInput} onChange={setShowTextInput} />
          <PanelToggle
            icon={<ScrollTextIcon />}
            label="TRANSCRIPT"
            checked={showTranscript}
            onChange={setShowTranscript}
          />
          <PanelToggle icon={<HistoryIcon />} label="HISTORY" checked={showHistory} onChange={setShowHistory} />
          <PanelToggle
            icon={<Volume2Icon />}
            label="VOICE_REPLIES"
            checked={voiceReplies.enabled}
            disabled={!voiceReplies.available}
            title={voiceReplies.available ? undefined : 'Voice synthesis not available. Using text-only mode.'}
            onChange={(on) => {
              voiceReplies.setEnabled(on);
              if (!on) player.stop();
            }}
          />
        </div>
      </div>

      {showTranscript ? renderTranscript({ showHistory }) : null}

      {showTextInput ? (
        <form onSubmit={submit} className="flex items-center gap-2">
          <label htmlFor={inputId} className="sr-only">
            Message {avatar.name}
          </label>
          <Input
            id={inputId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={`Message ${avatar.name}...`}
            autoComplete="off"
            maxLength={4000}
            className="min-w-0 flex-1"
          />
          <Button type="submit" size="icon" aria-label="Send message" disabled={busy || !text.trim()}>
            <SendIcon aria-hidden="true" />
          </Button>
        </form>
      ) : null}

      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-3">
          <label
            htmlFor={fileId}
            className="label-mono inline-flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-muted-foreground hover:border-primary/60 hover:text-primary has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/70"
          >
            <PaperclipIcon className="size-4" aria-hidden="true" />
            ATTACH_FILE
            <input
              id={fileId}
              type="file"
              accept={VOICE_PANEL_FILE_ACCEPT}
              className="sr-only"
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = ''; // the same file can be chosen again
              }}
            />
          </label>
          {picked ? <PickedFileChip file={picked} onRemove={() => setPicked(null)} /> : null}
        </div>

        <div className="flex flex-col items-stretch gap-1.5 md:items-end">
          {/* SPEC §2/§4: hold to speak; on mobile the button reads TAP & HOLD TO SPEAK. */}
          <Button
            type="button"
            variant="magenta"
            size="lg"
            aria-pressed={hold.recording}
            disabled={mode === 'none' || (busy && !hold.recording)}
            className={cn(
              'w-full touch-none select-none md:w-auto',
              hold.recording && 'ring-4 ring-neon-magenta/40 shadow-[0_0_32px_-2px_var(--neon-magenta)]',
            )}
            {...hold.buttonProps}
          >
            <MicIcon aria-hidden="true" className={cn(hold.recording && 'animate-pulse')} />
            {hold.recording ? (
              'RELEASE TO SEND'
            ) : (
              <>
                <span className="md:hidden">TAP &amp; HOLD TO SPEAK</span>
                <span className="hidden md:inline">HOLD TO SPEAK</span>
              </>
            )}
          </Button>
          <p className="text-[0.7rem] text-muted-foreground md:text-right">
            {mode === 'none'
              ? 'Voice input needs a browser with speech recognition or a speech-to-text provider on the server.'
              : mode === 'recognition'
                ? 'Heard by your browser’s speech recognition.'
                : 'Recorded and transcribed by the server.'}
          </p>
        </div>
      </div>

      {/* Voice replies play here (not shown: the status line says SPEAKING...). */}
      <audio {...player.audioProps} data-testid="voice-reply-player" className="hidden" />
    </section>
  );
}

/** SPEC §4 status line; announced politely to screen readers. */
function StatusLine({ status }: { status: VoiceStatus }) {
  const tone =
    status === 'RECORDING...'
      ? { dot: 'animate-pulse bg-neon-magenta shadow-[0_0_8px_var(--neon-magenta)]', text: 'text-neon-magenta' }
      : status === 'PROCESSING...'
        ? { dot: 'animate-pulse bg-neon-yellow', text: 'text-neon-yellow' }
        : status === 'SPEAKING...'
          ? { dot: 'animate-pulse bg-primary shadow-[0_0_8px_var(--neon-cyan)]', text: 'text-primary' }
          : { dot: 'bg-neon-lime shadow-[0_0_8px_var(--neon-lime)]', text: 'text-neon-lime' };
  return (
    <p role="status" className="label-mono flex items-center gap-2">
      <span aria-hidden="true" className={cn('size-2 rounded-full', tone.dot)} />
      <span className={tone.text}>{status}</span>
    </p>
  );
}

/** The chosen file: its name, what it became (words, image size, noted) and a remove button. */
function PickedFileChip({ file, onRemove }: { file: PickedFile; onRemove: () => void }) {
  const label =
    file.state === 'ready'
      ? `${file.note} · sent with your next message`
      : file.state === 'noted'
        ? 'noted'
        : file.state === 'failed'
          ? 'could not be read'
          : 'reading...';
  return (
    <p
      title={`${file.name} — ${label}`}
      className={cn(
        'flex min-w-0 max-w-full items-center gap-1.5 rounded-md border px-2 py-1 text-xs',
        file.state === 'ready' ? 'border-primary/50 text-foreground' : 'border-border text-muted-foreground',
      )}
    >
      {file.state === 'reading' ? (
        <LoaderIcon className="size-3.5 shrink-0 animate-spin" aria-hidden="true" />
      ) : (
        <FileIcon className="size-3.5 shrink-0" aria-hidden="true" />
      )}
      <span className="min-w-[3rem] truncate font-medium">{file.name}</span>
      <span className="min-w-0 truncate text-muted-foreground">— {label}</span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${file.name}`}
        className="ml-1 shrink-0 rounded p-0.5 text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/70 focus-visible:outline-none"
      >
        <XIcon className="size-3.5" aria-hidden="true" />
      </button>
    </p>
  );
}

/** A compact on/off toggle button (`aria-pressed`), wrapping well on narrow screens. */
function PanelToggle({
  icon,
  label,
  checked,
  onChange,
  disabled,
  title,
}: {
  icon: ReactNode;
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled?: boolean;
  title?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={checked}
      disabled={disabled}
      title={title}
      onClick={() => onChange(!checked)}
      className={cn(
        'label-mono inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-[0.68rem] transition-[color,background-color,border-color,box-shadow] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/70 disabled:cursor-not-allowed disabled:opacity-50 [&_svg]:size-3.5',
        checked
          ? 'border-primary/70 bg-primary/15 text-primary shadow-[0_0_12px_-4px_var(--neon-cyan)]'
          : 'border-border text-muted-foreground hover:border-primary/40 hover:text-foreground',
      )}
    >
      <span aria-hidden="true">{icon}</span>
      {label}
    </button>
  );
}

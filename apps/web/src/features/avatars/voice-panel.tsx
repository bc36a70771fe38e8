import {
  FileIcon,
  HistoryIcon,
  KeyboardIcon,
  MicIcon,
  PaperclipIcon,
  ScrollTextIcon,
  SendIcon,
  Volume2Icon,
} from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** SPEC §2: the file picker accepts image, audio, pdf, txt, doc and docx. */
export const VOICE_PANEL_FILE_ACCEPT =
  'image/*,audio/*,.pdf,.txt,.doc,.docx,application/pdf,text/plain,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** SPEC §4 voice chat status line. Only VOICE READY and PROCESSING... occur until voice is wired. */
export type VoiceStatus = 'VOICE READY' | 'RECORDING...' | 'PROCESSING...' | 'SPEAKING...';

export interface VoicePanelProps {
  /** The avatar spoken to (voice replies will use its name and type). */
  avatarName: string;
  /** A request is in flight: the status shows PROCESSING... and sending is disabled (SPEC §5). */
  busy: boolean;
  /** Sends a text message; returns false when it was not sent (blank or busy). */
  onSendText: (text: string) => boolean;
  /** Renders the conversation; `showHistory` false shows only the latest exchange. */
  renderTranscript: (opts: { showHistory: boolean }) => ReactNode;
}

/**
 * The dashboard voice chat panel (SPEC §2, §4). TEMPORARY minimal version: the text path works;
 * the toggles keep their state but voice capture, speech and uploads are left to the voice feature,
 * which replaces this component (same props). A chosen file is only noted (SPEC §2).
 */
export function VoicePanel({ avatarName, busy, onSendText, renderTranscript }: VoicePanelProps) {
  const [showTextInput, setShowTextInput] = useState(true);
  const [showTranscript, setShowTranscript] = useState(true); // SPEC §4: transcript visible by default.
  const [showHistory, setShowHistory] = useState(true);
  const [voiceReplies, setVoiceReplies] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const [text, setText] = useState('');
  const status: VoiceStatus = busy ? 'PROCESSING...' : 'VOICE READY';
  const inputId = useId();
  const fileId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (onSendText(text)) setText('');
  };

  return (
    <section
      aria-label="Voice chat"
      className="flex min-w-0 flex-col gap-4 rounded-lg border border-border bg-card/85 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="label-mono flex items-center gap-2 text-neon-lime">
          <span
            aria-hidden="true"
            className={cn(
              'size-2 rounded-full',
              busy ? 'animate-pulse bg-neon-yellow' : 'bg-neon-lime shadow-[0_0_8px_var(--neon-lime)]',
            )}
          />
          <span className={busy ? 'text-neon-yellow' : undefined}>{status}</span>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <PanelToggle icon={<KeyboardIcon />} label="TEXT" checked={showTextInput} onChange={setShowTextInput} />
          <PanelToggle
            icon={<ScrollTextIcon />}
            label="TRANSCRIPT"
            checked={showTranscript}
            onChange={setShowTranscript}
          />
          <PanelToggle icon={<HistoryIcon />} label="HISTORY" checked={showHistory} onChange={setShowHistory} />
          <PanelToggle icon={<Volume2Icon />} label="VOICE_REPLIES" checked={voiceReplies} onChange={setVoiceReplies} />
        </div>
      </div>

      {showTranscript ? renderTranscript({ showHistory }) : null}

      {showTextInput ? (
        <form onSubmit={submit} className="flex items-center gap-2">
          <label htmlFor={inputId} className="sr-only">
            Message {avatarName}
          </label>
          <Input
            id={inputId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={`Message ${avatarName}...`}
            autoComplete="off"
            maxLength={4000}
            className="min-w-0 flex-1"
          />
          <Button type="submit" size="icon" aria-label="Send message" disabled={busy || !text.trim()}>
            <SendIcon aria-hidden="true" />
          </Button>
        </form>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
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
            onChange={(e) => setFileName(e.target.files?.[0]?.name ?? null)}
          />
        </label>
        {fileName ? (
          <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
            <FileIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{fileName}</span>
          </p>
        ) : null}
      </div>

      {/* SPEC §2: on mobile a hold-to-speak button (wired by the voice feature). */}
      <Button
        type="button"
        variant="magenta"
        size="lg"
        className="w-full md:hidden"
        disabled
        title="Voice input is coming online"
      >
        <MicIcon aria-hidden="true" />
        TAP &amp; HOLD TO SPEAK
      </Button>
    </section>
  );
}

/** A compact on/off toggle button (`aria-pressed`), wrapping well on narrow screens. */
function PanelToggle({
  icon,
  label,
  checked,
  onChange,
}: {
  icon: ReactNode;
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={checked}
      onClick={() => onChange(!checked)}
      className={cn(
        'label-mono inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-[0.68rem] transition-[color,background-color,border-color,box-shadow] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/70 [&_svg]:size-3.5',
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

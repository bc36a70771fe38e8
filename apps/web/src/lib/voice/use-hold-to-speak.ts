import {
  FALLBACK_RECORDING_MIME_TYPE,
  MIN_RECORDING_BYTES,
  RECORDING_MIME_TYPES,
  RECORDING_SAMPLE_RATE_HZ,
} from '@app/domain/voice';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { NO_AUDIO_DATA, RECORDING_TOO_SHORT } from './voice-messages';

/** Why voice input produced nothing usable; each screen turns it into its SPEC §8 toast. */
export type VoiceInputError =
  /** getUserMedia (or MediaRecorder) failed; `name` is the DOMException name, e.g. NotAllowedError. */
  | { kind: 'microphone'; name: string }
  /** SPEC §5: a zero-size blob or one under 1000 bytes; `message` is the SPEC text. */
  | { kind: 'recording'; message: string }
  /** SPEC §5: the recorder delivered no chunks at all. */
  | { kind: 'no-chunks' }
  /** The browser's speech recognition failed; `error` is its error code ('no-speech', 'network', ...). */
  | { kind: 'recognition'; error: string }
  /** Neither speech recognition nor a server transcription provider is available. */
  | { kind: 'unavailable' };

/** How the next hold is captured. */
export type VoiceInputMode = 'recognition' | 'recorder' | 'none';

// --- Browser speech recognition (not in TypeScript's DOM types) ------------------------------

interface RecognitionResultEvent {
  results: ArrayLike<ArrayLike<{ transcript: string }>>;
}
interface RecognitionErrorEvent {
  error: string;
}
interface Recognition {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  continuous: boolean;
  onresult: ((e: RecognitionResultEvent) => void) | null;
  onerror: ((e: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionCtor = new () => Recognition;

/** sessionStorage key set when recognition cannot work here (offline service, policy): the recorder is used instead. */
const RECOGNITION_BROKEN_KEY = 'voice.recognitionUnavailable';
/** Recognition errors that mean "this browser's service is unusable", not "try again". */
const BROKEN_RECOGNITION_ERRORS = new Set(['network', 'service-not-allowed', 'language-not-supported']);

function recognitionCtor(): RecognitionCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  const ctor = w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
  if (!ctor) return null;
  try {
    if (sessionStorage.getItem(RECOGNITION_BROKEN_KEY)) return null;
  } catch {
    // Storage blocked: recognition stays preferred.
  }
  return ctor;
}

function markRecognitionBroken() {
  try {
    sessionStorage.setItem(RECOGNITION_BROKEN_KEY, '1');
  } catch {
    // Storage blocked: the next hold tries recognition again.
  }
}

function canRecord(): boolean {
  return typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

/**
 * SPEC §9: the first of webm/opus, webm, mp4, wav the browser can record, else webm.
 * @param isSupported the support test (default `MediaRecorder.isTypeSupported`)
 */
export function pickRecordingMimeType(
  isSupported: (type: string) => boolean = (t) => MediaRecorder.isTypeSupported(t),
) {
  return RECORDING_MIME_TYPES.find((t) => isSupported(t)) ?? FALLBACK_RECORDING_MIME_TYPE;
}

/**
 * SPEC §5: checks a finished recording.
 * @returns the error to report, or null when the blob is usable
 */
export function checkRecording(chunks: readonly Blob[], blob: Blob): VoiceInputError | null {
  if (chunks.length === 0) return { kind: 'no-chunks' };
  if (blob.size === 0) return { kind: 'recording', message: NO_AUDIO_DATA };
  if (blob.size < MIN_RECORDING_BYTES) return { kind: 'recording', message: RECORDING_TOO_SHORT };
  return null;
}

/**
 * The mode the next hold will use (SPEC §4: browser speech recognition, English US, single
 * result, takes precedence; else MediaRecorder when the server can transcribe).
 * @param serverStt whether the server has a speech-to-text provider; undefined while unknown
 */
export function voiceInputMode(serverStt: boolean | undefined): VoiceInputMode {
  if (recognitionCtor()) return 'recognition';
  if (canRecord() && serverStt !== false) return 'recorder';
  return 'none';
}

interface Session {
  released: boolean;
  cancelled: boolean;
  stop?: () => void;
}

export interface HoldToSpeakOptions {
  /** Text heard by the browser's speech recognition (trimmed, never empty). */
  onTranscript: (text: string) => void;
  /** A MediaRecorder recording that passed the SPEC §5 checks. */
  onRecording: (recording: Blob) => void;
  onError: (error: VoiceInputError) => void;
  /** The server's speech-to-text availability (`status.stt !== null`); undefined while unknown. */
  serverStt: boolean | undefined;
  /** While true presses are ignored (SPEC §5: speech is ignored while processing). */
  disabled?: boolean;
}

/**
 * Hold-to-speak (SPEC §4): capture starts on press and stops on release, and with a mouse also
 * when the pointer leaves the button; Space/Enter work the same from the keyboard. Uses the
 * browser's speech recognition when available, else MediaRecorder with echo cancellation and
 * noise suppression at 44.1 kHz in the first supported SPEC §9 format. Spread `buttonProps` on
 * the button; `recording` is true from press until capture has ended.
 */
export function useHoldToSpeak(options: HoldToSpeakOptions) {
  const [recording, setRecording] = useState(false);
  const session = useRef<Session | null>(null);
  const latest = useRef(options);
  latest.current = options;

  // Leaving the screen mid-hold stops the microphone and drops the result.
  useEffect(
    () => () => {
      const s = session.current;
      if (s) {
        s.cancelled = true;
        s.stop?.();
      }
    },
    [],
  );

  const finish = (s: Session) => {
    if (session.current === s) session.current = null;
    if (!s.cancelled) setRecording(false);
  };
  const report = (s: Session, error: VoiceInputError) => {
    if (!s.cancelled) latest.current.onError(error);
  };

  const startRecognition = (s: Session, Ctor: RecognitionCtor) => {
    const rec = new Ctor();
    rec.lang = 'en-US';
    rec.interimResults = false;
    rec.maxAlternatives = 1;
    rec.continuous = false;
    let text = '';
    let failed = false;
    rec.onresult = (e) => {
      text = e.results[0]?.[0]?.transcript ?? '';
    };
    rec.onerror = (e) => {
      failed = true;
      if (e.error === 'aborted') return;
      if (BROKEN_RECOGNITION_ERRORS.has(e.error)) markRecognitionBroken();
      report(
        s,
        e.error === 'not-allowed'
          ? { kind: 'microphone', name: 'NotAllowedError' }
          : { kind: 'recognition', error: e.error },
      );
    };
    rec.onend = () => {
      finish(s);
      const heard = text.trim();
      if (!failed && heard && !s.cancelled) latest.current.onTranscript(heard);
    };
    s.stop = () => {
      if (s.cancelled) rec.abort();
      else rec.stop();
    };
    try {
      rec.start();
    } catch {
      finish(s);
      report(s, { kind: 'recognition', error: 'start-failed' });
    }
  };

  const startRecorder = async (s: Session) => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true, sampleRate: RECORDING_SAMPLE_RATE_HZ },
      });
    } catch (err) {
      finish(s);
      report(s, { kind: 'microphone', name: err instanceof Error || err instanceof DOMException ? err.name : '' });
      return;
    }
    const stopTracks = () => {
      for (const track of stream.getTracks()) track.stop();
    };
    const mimeType = pickRecordingMimeType();
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, { mimeType });
    } catch {
      try {
        recorder = new MediaRecorder(stream);
      } catch (err) {
        stopTracks();
        finish(s);
        report(s, { kind: 'microphone', name: err instanceof Error ? err.name : '' });
        return;
      }
    }
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => {
      chunks.push(e.data);
    };
    recorder.onstop = () => {
      stopTracks();
      finish(s);
      if (s.cancelled) return;
      const blob = new Blob(chunks, { type: recorder.mimeType || mimeType });
      const problem = checkRecording(chunks, blob);
      if (problem) report(s, problem);
      else latest.current.onRecording(blob);
    };
    s.stop = () => {
      if (recorder.state !== 'inactive') recorder.stop();
      else stopTracks();
    };
    recorder.start();
    // Released (or unmounted) while the permission prompt was open: stop at once.
    if (s.released || s.cancelled) s.stop();
  };

  /** Starts capture (ignored while disabled or already capturing). */
  const press = () => {
    if (latest.current.disabled || session.current) return;
    const s: Session = { released: false, cancelled: false };
    const Ctor = recognitionCtor();
    const mode = Ctor ? 'recognition' : voiceInputMode(latest.current.serverStt);
    if (mode === 'none') {
      latest.current.onError({ kind: 'unavailable' });
      return;
    }
    session.current = s;
    setRecording(true);
    if (Ctor) startRecognition(s, Ctor);
    else void startRecorder(s);
  };

  /** Stops capture; the result arrives through the callbacks. */
  const release = () => {
    const s = session.current;
    if (!s || s.released) return;
    s.released = true;
    s.stop?.();
  };

  const isHoldKey = (e: KeyboardEvent) => e.key === ' ' || e.key === 'Enter';
  const buttonProps = {
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      e.preventDefault(); // keep focus and text selection still while holding
      press();
    },
    onPointerUp: release,
    onPointerCancel: release,
    // SPEC §4: on desktop leaving the button also stops; a finger sliding off does not.
    onPointerLeave: (e: PointerEvent<HTMLElement>) => {
      if (e.pointerType !== 'touch') release();
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (!isHoldKey(e)) return;
      e.preventDefault();
      if (!e.repeat) press();
    },
    onKeyUp: (e: KeyboardEvent<HTMLElement>) => {
      if (!isHoldKey(e)) return;
      e.preventDefault();
      release();
    },
    onBlur: release,
    onContextMenu: (e: { preventDefault: () => void }) => e.preventDefault(),
  };

  return { recording, press, release, buttonProps };
}

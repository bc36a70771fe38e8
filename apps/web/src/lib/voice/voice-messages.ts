/**
 * The voice texts of SPEC §5 and §8, quoted exactly, in one place (both chat screens use them).
 */

/** SPEC §8: voice status failure or not configured. */
export const VOICE_LIMITED = {
  title: 'Voice Features Limited',
  description: 'Voice synthesis not available. Using text-only mode.',
} as const;

/** SPEC §5 recordings: a zero-size blob. */
export const NO_AUDIO_DATA = 'No audio data recorded - try holding the button longer';
/** SPEC §5 recordings: a blob under MIN_RECORDING_BYTES (1000 bytes). */
export const RECORDING_TOO_SHORT = 'Recording too short - please speak for at least 1 second';
/** SPEC §5 recordings: no chunks at all. */
export const NO_AUDIO_RECORDED = {
  title: 'No Audio Recorded',
  description: 'Please hold the button longer and speak clearly.',
} as const;

/** SPEC §8 microphone errors: the title when the browser refused or lacks the microphone. */
export const MICROPHONE_DENIED_TITLE = 'Microphone Access Denied';
/** SPEC §8: the text per getUserMedia error name. */
export const MICROPHONE_ERROR_TEXT: Readonly<Record<string, string>> = {
  NotAllowedError:
    'Please enable microphone access in your browser settings. On mobile, you may need to refresh the page after granting permission.',
  NotFoundError: 'No microphone found. Please connect a microphone and try again.',
  NotReadableError: 'Microphone is being used by another application. Please close other apps using the microphone.',
  OverconstrainedError: 'Microphone settings not supported by your device. Try using a different device.',
};
/** SPEC §8: any other microphone error. */
export const RECORDING_FAILED = { title: 'Recording Failed', description: 'Could not access microphone.' } as const;

/** SPEC §8: speech recognition error. */
export const SPEECH_RECOGNITION_FAILED = {
  title: 'Speech Recognition Failed',
  description: 'Please try again or use text input.',
} as const;

/** SPEC §8: realtime voice failure: title, and the text when the error has no message. */
export const VOICE_PROCESSING_FAILED = {
  title: 'Voice Processing Failed',
  description: 'Please try again or use text input.',
} as const;
/** SPEC §8: the error message of a non-OK realtime response (used when the server gives none). */
export const REALTIME_FAILED_MESSAGE = 'Realtime voice processing failed';
/** SPEC §8: the ai message added when a chat started by speech fails. */
export const SPEECH_CHAT_ERROR_MESSAGE = 'Processing error. Please try again.';

/** SPEC §8, avatar chat page: microphone failure. */
export const PAGE_MICROPHONE_ERROR = {
  title: 'Microphone Access',
  description: 'Unable to access microphone. Please check permissions.',
} as const;
/** SPEC §8, avatar chat page: voice input failure. */
export const PAGE_VOICE_PROCESSING_ERROR = {
  title: 'Voice Processing Error',
  description: 'Failed to process voice input. Please try again.',
} as const;

/** Ours (not in the spec's catalogue): neither browser speech recognition nor a server speech-to-text provider. */
export const VOICE_INPUT_UNAVAILABLE = {
  title: 'Voice Input Unavailable',
  description:
    'Voice input needs a browser with speech recognition (such as Chrome or Edge) or a speech-to-text provider configured on the server. Please use text input.',
} as const;

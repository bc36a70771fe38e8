import { toast } from '@/hooks/use-toast';
import type { VoiceInputError } from './use-hold-to-speak';
import {
  MICROPHONE_DENIED_TITLE,
  MICROPHONE_ERROR_TEXT,
  NO_AUDIO_RECORDED,
  PAGE_MICROPHONE_ERROR,
  PAGE_VOICE_PROCESSING_ERROR,
  RECORDING_FAILED,
  SPEECH_RECOGNITION_FAILED,
  VOICE_INPUT_UNAVAILABLE,
  VOICE_PROCESSING_FAILED,
} from './voice-messages';

/**
 * Shows the SPEC §8 toast for a voice input error. `screen` picks the texts: the dashboard names
 * each microphone error; the avatar chat page uses its own 'Microphone Access' and 'Voice
 * Processing Error' texts.
 */
export function toastVoiceInputError(error: VoiceInputError, screen: 'dashboard' | 'avatar-chat') {
  const page = screen === 'avatar-chat';
  switch (error.kind) {
    case 'microphone': {
      if (page) return toast({ ...PAGE_MICROPHONE_ERROR, variant: 'destructive' });
      const text = MICROPHONE_ERROR_TEXT[error.name];
      return toast(
        text
          ? { title: MICROPHONE_DENIED_TITLE, description: text, variant: 'destructive' }
          : { ...RECORDING_FAILED, variant: 'destructive' },
      );
    }
    case 'recording':
      return toast({
        title: page ? PAGE_VOICE_PROCESSING_ERROR.title : VOICE_PROCESSING_FAILED.title,
        description: error.message,
        variant: 'destructive',
      });
    case 'no-chunks':
      return toast({ ...NO_AUDIO_RECORDED, variant: 'destructive' });
    case 'recognition':
      return toast({ ...SPEECH_RECOGNITION_FAILED, variant: 'destructive' });
    case 'unavailable':
      return toast({ ...VOICE_INPUT_UNAVAILABLE, variant: 'destructive' });
  }
}

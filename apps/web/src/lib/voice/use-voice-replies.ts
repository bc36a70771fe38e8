import { useEffect, useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { useVoiceStatus } from './get-voice-status';
import { VOICE_LIMITED } from './voice-messages';

/** The 'Voice Features Limited' toast is shown once per page load, not once per screen. */
let limitedToastShown = false;

/**
 * The voice-replies switch of both chat screens (SPEC §4): on by default, forced off — with the
 * 'Voice Features Limited' toast (SPEC §8) — when GET /api/voice/status says not configured or
 * fails. Also tells whether the server can transcribe recordings (`serverStt`).
 */
export function useVoiceReplies() {
  const status = useVoiceStatus();
  const [choice, setChoice] = useState(true);
  const available = status.isSuccess && status.data.configured;
  const unavailable = status.isError || (status.isSuccess && !status.data.configured);

  // Sync with the toast store once the status is known (an outside system, hence an effect).
  useEffect(() => {
    if (!unavailable || limitedToastShown) return;
    limitedToastShown = true;
    toast({ ...VOICE_LIMITED });
  }, [unavailable]);

  return {
    /** Replies are spoken now. */
    enabled: available && choice,
    /** The server can speak (the switch can be turned on). */
    available,
    setEnabled: setChoice,
    /** The server transcribes recordings (`stt` not null); undefined while the status loads or failed. */
    serverStt: status.isSuccess ? status.data.stt !== null : undefined,
  };
}

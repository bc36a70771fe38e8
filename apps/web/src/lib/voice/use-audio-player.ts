import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Plays voice replies through one `<audio>` element the component renders with `audioProps`
 * (SPEC §4: the status line shows SPEAKING... while audio plays). `speaking` follows the element's
 * own events, so it is true only while sound actually plays. Playback failure is silent and stops
 * playback (SPEC §8 "Text-to-speech failure: silent, and playback stops").
 */
export function useAudioPlayer() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [speaking, setSpeaking] = useState(false);

  const stop = useCallback(() => {
    const el = audioRef.current;
    if (!el) return;
    el.pause();
    el.removeAttribute('src');
    el.load();
    setSpeaking(false);
  }, []);

  /**
   * Plays `url` (an object URL of a reply's audio), replacing whatever plays now.
   * @returns resolves when playback has started or failed (never rejects)
   */
  const play = useCallback(async (url: string) => {
    const el = audioRef.current;
    if (!el) return;
    el.pause();
    el.src = url;
    try {
      await el.play();
    } catch {
      // Autoplay refused, undecodable audio, or interrupted by the next reply: stay silent.
      setSpeaking(false);
    }
  }, []);

  // The element outlives nothing: stop sound when the panel goes away.
  useEffect(() => () => audioRef.current?.pause(), []);

  /** Spread on the `<audio>` element that plays the replies. */
  const audioProps = {
    ref: audioRef,
    preload: 'auto' as const,
    onPlaying: () => setSpeaking(true),
    onPause: () => setSpeaking(false),
    onEnded: () => setSpeaking(false),
    onError: () => setSpeaking(false),
  };

  return { audioProps, play, stop, speaking };
}

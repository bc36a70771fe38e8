import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion';
import { cx } from '@/lib/cx';

/** SPEC §9: the typing animation runs at 80 to 120 ms per character. */
export const TYPING_MIN_MS = 80;
export const TYPING_MAX_MS = 120;

/** A random per-character delay within SPEC §9's range. */
export function nextTypingDelay(random: () => number = Math.random): number {
  return TYPING_MIN_MS + random() * (TYPING_MAX_MS - TYPING_MIN_MS);
}

/**
 * The hero headline, typed one character at a time. Screen readers get the whole text at once;
 * with reduced motion the whole text is shown immediately. The full text is laid out invisibly
 * underneath so the page does not jump while typing.
 */
export function TypingHeadline({ text, className }: { text: string; className?: string }) {
  const reduceMotion = usePrefersReducedMotion();
  const [typed, setTyped] = useState(0);
  const done = reduceMotion || typed >= text.length;

  // Syncs with the clock (outside React): each character schedules the next with a fresh random delay.
  useEffect(() => {
    if (reduceMotion) return;
    let count = 0;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      count += 1;
      setTyped(count);
      if (count < text.length) timer = setTimeout(tick, nextTypingDelay());
    };
    timer = setTimeout(tick, nextTypingDelay());
    return () => clearTimeout(timer);
  }, [reduceMotion, text]);

  return (
    <h1 className={cx('grid', className)}>
      <span className="sr-only">{text}</span>
      <span aria-hidden="true" className="invisible col-start-1 row-start-1">
        {text}
        <span className="inline-block w-[0.55em]" />
      </span>
      <span
        aria-hidden="true"
        className="col-start-1 row-start-1 bg-linear-to-br from-white from-30% via-[#b9f8ff] to-primary bg-clip-text text-transparent"
      >
        {done ? text : text.slice(0, typed)}
        <span
          className={cx(
            'ml-1 inline-block h-[0.9em] w-[0.45em] translate-y-[0.1em] bg-primary shadow-[0_0_12px_var(--neon-cyan)]',
            'animate-caret motion-reduce:animate-none',
          )}
        />
      </span>
    </h1>
  );
}

import { cx } from '@/lib/cx';

/**
 * The hexagon mark alone (decorative), `size-8` unless `className` gives other classes (then it
 * must give the size too: the landing page renders it, so classes are joined, not merged — see `cx`).
 */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cx('shrink-0', className)}>
      <path
        d="M16 2.5 28 9.25v13.5L16 29.5 4 22.75V9.25z"
        fill="rgb(34 240 255 / 0.08)"
        stroke="var(--neon-cyan)"
        strokeWidth="1.75"
      />
      <path
        d="M11 21V11l10 10V11"
        fill="none"
        stroke="var(--neon-magenta)"
        strokeWidth="2.25"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark plus the product name. `compact` keeps only the mark (name for screen readers) below the `sm` breakpoint. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cx('inline-flex items-center gap-2.5', className)}>
      <LogoMark className="size-8 drop-shadow-[0_0_6px_var(--neon-cyan)]" />
      <span
        className={cx(
          'font-display text-sm font-black tracking-[0.2em] text-foreground sm:text-base',
          compact && 'max-sm:sr-only',
        )}
      >
        NEURAL<span className="text-primary glow-text">_</span>AVATARS
      </span>
    </span>
  );
}

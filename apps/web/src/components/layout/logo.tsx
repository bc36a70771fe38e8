import { cn } from '@/lib/utils';

/** The hexagon mark alone (decorative). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
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
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark className="drop-shadow-[0_0_6px_var(--neon-cyan)]" />
      <span
        className={cn(
          'font-display text-sm font-black tracking-[0.2em] text-foreground sm:text-base',
          compact && 'max-sm:sr-only',
        )}
      >
        NEURAL<span className="text-primary glow-text">_</span>AVATARS
      </span>
    </span>
  );
}

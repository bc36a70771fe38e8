import type { AgentType } from '@app/domain/avatar';
import { cn } from '@/lib/utils';

const TONE: Record<AgentType, string> = {
  HACKER: 'text-neon-lime',
  CREATOR: 'text-neon-magenta',
  HUSTLER: 'text-neon-yellow',
};

/**
 * The default appearance shown before creation: a stylised neon silhouette in the agent type's
 * colour with the name's initial. After creation the server draws the real portrait (thumbnail).
 */
export function AppearancePreview({ name, agentType }: { name: string; agentType: AgentType }) {
  const initial = name.trim().charAt(0).toUpperCase();
  return (
    <figure className="flex flex-col items-center gap-3">
      <div
        className={cn(
          'relative grid aspect-square w-full max-w-56 place-items-center overflow-hidden rounded-lg border border-current/40 bg-background',
          TONE[agentType],
        )}
      >
        <svg viewBox="0 0 200 200" className="absolute inset-0 size-full" aria-hidden="true">
          <defs>
            <radialGradient id="studio-glow" cx="50%" cy="40%" r="60%">
              <stop offset="0%" stopColor="currentColor" stopOpacity="0.35" />
              <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
            </radialGradient>
            <pattern id="studio-grid" width="20" height="20" patternUnits="userSpaceOnUse">
              <path d="M20 0H0V20" fill="none" stroke="currentColor" strokeOpacity="0.12" />
            </pattern>
          </defs>
          <rect width="200" height="200" fill="url(#studio-grid)" />
          <rect width="200" height="200" fill="url(#studio-glow)" />
          <circle cx="100" cy="78" r="34" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="M38 186c6-40 32-62 62-62s56 22 62 62" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
        {initial ? (
          <span className="absolute top-[39%] left-1/2 -translate-x-1/2 -translate-y-1/2 font-display text-3xl font-black text-foreground/90 glow-text">
            {initial}
          </span>
        ) : null}
      </div>
      <figcaption className="label-mono text-muted-foreground">DEFAULT_APPEARANCE · {agentType}</figcaption>
    </figure>
  );
}

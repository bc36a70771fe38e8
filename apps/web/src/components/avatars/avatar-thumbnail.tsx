import type { AgentType } from '@app/domain/avatar';
import { useState } from 'react';
import { cx } from '@/lib/cx';

const FRAME = {
  HACKER: 'border-neon-lime/60 shadow-[0_0_14px_-4px_var(--neon-lime)] from-neon-lime/25',
  CREATOR: 'border-neon-magenta/60 shadow-[0_0_14px_-4px_var(--neon-magenta)] from-neon-magenta/25',
  HUSTLER: 'border-neon-yellow/60 shadow-[0_0_14px_-4px_var(--neon-yellow)] from-neon-yellow/25',
} as const satisfies Record<AgentType, string>;

/**
 * An avatar's picture: its stored thumbnail (the server's deterministic portrait), or a stylised
 * neon placeholder with its initial while there is none or the image fails to load.
 * Decorative by default (`alt=""`): the name is always shown next to it. Loaded lazily unless
 * `priority` says it is on screen at once: `'eager'` loads it with the page, `'high'` also asks for
 * it first (`fetchpriority`; the page's largest image: the detail portrait, the first card's).
 * Classes are joined without tailwind-merge (it renders on the visitor pages): a caller that changes
 * its size, corners or border marks those utilities important (`size-10!`).
 */
export function AvatarThumbnail({
  src,
  name,
  agentType,
  className,
  alt = '',
  priority,
}: {
  src: string | null | undefined;
  name: string;
  agentType: string;
  className?: string;
  alt?: string;
  priority?: 'eager' | 'high';
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const frame = FRAME[agentType as AgentType] ?? 'border-primary/60 from-primary/25';
  const showImage = src && failed !== src;
  return (
    <div
      className={cx(
        'relative grid size-12 shrink-0 place-items-center overflow-hidden rounded-md border bg-gradient-to-br to-background',
        frame,
        className,
      )}
    >
      {showImage ? (
        <img
          src={src}
          alt={alt}
          className="size-full object-cover"
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority === 'high' ? 'high' : undefined}
          decoding={priority === 'high' ? undefined : 'async'}
          onError={() => setFailed(src)}
        />
      ) : (
        <span aria-hidden={alt ? undefined : true} className="font-display text-lg font-black text-foreground/90">
          {name.trim().charAt(0).toUpperCase() || '?'}
        </span>
      )}
    </div>
  );
}

import { ConstructionIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * TEMPORARY: stands in for a page that is not built yet, so every route of SPEC §2 resolves.
 * Each use is replaced by the real page of its feature.
 */
export function PagePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6">
      <div className="rounded-lg border border-dashed border-primary/40 bg-card/60 p-8 text-center">
        <ConstructionIcon className="mx-auto size-8 text-neon-yellow" aria-hidden="true" />
        <h1 className="mt-4 font-display text-xl font-bold tracking-widest text-primary sm:text-2xl">{title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">This module is still being wired into the network.</p>
        {children}
      </div>
    </div>
  );
}

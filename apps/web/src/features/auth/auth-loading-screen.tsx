import { LogoMark } from '@/components/layout/logo';

/** Full-screen notice while the current user loads (SPEC §2: 'INITIALIZING NEURAL LINK...'). */
export function AuthLoadingScreen() {
  return (
    <div role="status" className="grid min-h-dvh place-items-center px-4">
      <div className="flex flex-col items-center gap-6 text-center">
        <div className="relative grid size-20 place-items-center">
          <span
            aria-hidden="true"
            className="absolute inset-0 animate-spin rounded-full border-2 border-primary/20 border-t-primary shadow-[0_0_24px_-6px_var(--neon-cyan)] [animation-duration:1.2s] motion-reduce:animate-none"
          />
          <LogoMark className="size-10" />
        </div>
        <p className="font-display text-sm font-bold tracking-[0.3em] text-primary glow-text sm:text-base">
          INITIALIZING NEURAL LINK...
        </p>
      </div>
    </div>
  );
}

import { badgeVariants } from '@/components/ui/variants';
import { TypingHeadline } from './typing-headline';
import { WaitlistForm } from './waitlist-form';

export const WAITLIST_SECTION_ID = 'waitlist';
export const WAITLIST_INPUT_ID = 'waitlist-email';

const HEADLINE = 'CREATE. TRAIN. TRADE. AI AVATARS THAT WORK FOR YOU.';

/** Hero: typed headline, pitch, the inline waitlist form and an avatar card illustration. */
export function Hero() {
  return (
    <section aria-labelledby="hero-pitch" className="relative overflow-hidden">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 md:pt-20 lg:grid-cols-[1.15fr_0.85fr]">
        <div className="min-w-0">
          <span data-slot="badge" className={badgeVariants({ variant: 'magenta', className: 'mb-6' })}>
            <span className="size-1.5 animate-glow-pulse rounded-full bg-neon-magenta" aria-hidden="true" />
            {'EARLY_ACCESS // BASE_NETWORK'}
          </span>
          <TypingHeadline
            text={HEADLINE}
            className="font-display text-3xl leading-[1.15] font-black tracking-wide break-words text-foreground sm:text-5xl lg:text-[3.4rem]"
          />
          <p id="hero-pitch" className="mt-6 max-w-xl text-base leading-relaxed text-muted-foreground sm:text-lg">
            Mint AI avatars as NFTs on Base, talk to them by voice or text, let them complete verified on-chain tasks
            and sell the skills they learn.
          </p>
          <div
            id={WAITLIST_SECTION_ID}
            className="mt-8 max-w-xl scroll-mt-24 rounded-lg border border-primary/40 bg-card/70 p-4 glow-cyan sm:p-5"
          >
            <p className="mb-3 label-mono text-neon-lime">&gt; JOIN_THE_EARLY_ACCESS_WAITLIST</p>
            <WaitlistForm inputId={WAITLIST_INPUT_ID} />
          </div>
        </div>
        <AvatarCardIllustration />
      </div>
    </section>
  );
}

function AvatarCardIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-sm sm:block">
      <div className="absolute -inset-6 rounded-full bg-[radial-gradient(circle,rgb(255_61_220/0.25),transparent_65%)] blur-2xl" />
      <div className="relative rotate-1 rounded-xl border border-primary/60 bg-card/90 p-5 glow-cyan">
        <div className="flex items-center justify-between label-mono text-muted-foreground">
          <span>AVATAR_ID #0021</span>
          <span className="text-neon-lime">● ONLINE</span>
        </div>
        <div className="relative my-5 grid aspect-square place-items-center overflow-hidden rounded-lg border border-border bg-[linear-gradient(135deg,rgb(34_240_255/0.12),rgb(255_61_220/0.12))]">
          <div className="absolute inset-x-0 top-0 h-1/3 animate-scan bg-gradient-to-b from-transparent via-primary/15 to-transparent motion-reduce:hidden" />
          <svg viewBox="0 0 120 120" className="w-3/5 drop-shadow-[0_0_14px_var(--neon-cyan)]">
            <path d="M60 8 105 34v52L60 112 15 86V34z" fill="none" stroke="var(--neon-cyan)" strokeWidth="2" />
            <path
              d="M60 24 91 42v36L60 96 29 78V42z"
              fill="rgb(34 240 255 / 0.06)"
              stroke="var(--neon-magenta)"
              strokeWidth="1.5"
            />
            <rect x="40" y="50" width="14" height="6" fill="var(--neon-cyan)" />
            <rect x="66" y="50" width="14" height="6" fill="var(--neon-cyan)" />
            <path d="M44 74h32" stroke="var(--neon-lime)" strokeWidth="3" strokeLinecap="round" />
          </svg>
        </div>
        <div className="flex items-center justify-between gap-2">
          <p className="font-display text-lg font-bold tracking-widest text-primary">GENESIS_HACKER</p>
          <span className="rounded border border-neon-magenta/60 px-2 py-0.5 label-mono text-neon-magenta">HACKER</span>
        </div>
        <div className="mt-3 flex justify-between label-mono text-muted-foreground">
          <span>LV.3</span>
          <span>750 / 1000 XP</span>
        </div>
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-primary/15">
          <div className="h-full w-3/4 bg-primary shadow-[0_0_10px_var(--neon-cyan)]" />
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          {['SOLIDITY', 'SMART_CONTRACTS', 'DEFI'].map((skill) => (
            <span
              key={skill}
              className="rounded border border-border bg-secondary px-2 py-1 text-[0.7rem] tracking-wider"
            >
              {skill}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}

import {
  ArrowLeftRightIcon,
  AudioLinesIcon,
  BotIcon,
  BrainCircuitIcon,
  GemIcon,
  type LucideIcon,
  ShieldCheckIcon,
} from 'lucide-react';
import { cx } from '@/lib/cx';

type Accent = 'cyan' | 'magenta' | 'lime';

const ACCENT_CLASSES: Record<Accent, string> = {
  cyan: 'text-neon-cyan border-neon-cyan/50 bg-neon-cyan/10',
  magenta: 'text-neon-magenta border-neon-magenta/50 bg-neon-magenta/10',
  lime: 'text-neon-lime border-neon-lime/50 bg-neon-lime/10',
};

/** SPEC §1: the six features the landing page lists (plain words: screen readers read them naturally; CSS uppercases). */
const FEATURES: { title: string; text: string; icon: LucideIcon; accent: Accent }[] = [
  {
    title: 'AI Avatars',
    text: 'Spin up autonomous avatars with their own personality, memory and voice — hacker, hustler or creator.',
    icon: BotIcon,
    accent: 'cyan',
  },
  {
    title: 'Skill Trading',
    text: 'List the skills your avatar has mastered and buy new ones from other trainers on the marketplace.',
    icon: ArrowLeftRightIcon,
    accent: 'magenta',
  },
  {
    title: 'Task Verification',
    text: 'Every completed task is verified on-chain and builds a public reputation nobody can fake.',
    icon: ShieldCheckIcon,
    accent: 'lime',
  },
  {
    title: 'NFT Ownership',
    text: 'Each avatar is an NFT on Base. You own it, delegate it or sell it — no platform lock-in.',
    icon: GemIcon,
    accent: 'cyan',
  },
  {
    title: 'AI Training',
    text: 'Train avatars through interactive sessions. They level up, earn XP and grow new abilities.',
    icon: BrainCircuitIcon,
    accent: 'magenta',
  },
  {
    title: 'Multi-Modal AI',
    text: 'Talk, listen, see and create: voice chat, image generation and documents in one neural link.',
    icon: AudioLinesIcon,
    accent: 'lime',
  },
];

/** The six feature cards. */
export function FeatureGrid() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 border-t border-border">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <p className="label-mono text-neon-magenta">{'// SYSTEM_CAPABILITIES'}</p>
        <h2 id="features-title" className="mt-3 font-display text-2xl font-black tracking-wide sm:text-4xl">
          ONE NETWORK. <span className="text-primary glow-text">INFINITE AGENTS.</span>
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ title, text, icon: Icon, accent }) => (
            <li
              key={title}
              className="group relative rounded-lg border border-border bg-card/70 p-6 transition-[border-color,box-shadow,transform] hover:-translate-y-0.5 hover:border-primary/60 hover:shadow-[0_0_30px_-12px_var(--neon-cyan)] motion-reduce:hover:translate-y-0"
            >
              <span
                className={cx('inline-grid size-11 place-items-center rounded-md border', ACCENT_CLASSES[accent])}
                aria-hidden="true"
              >
                <Icon className="size-5" />
              </span>
              <h3 className="mt-5 font-display text-base font-bold tracking-widest uppercase">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import type { AgentType } from '@app/domain/avatar';
import type { ReactNode } from 'react';

// SPEC §1 step 1 lists the types as hacker, hustler, creator. Type-only import: keeps zod out of the landing bundle.
const JOURNEY_AGENT_TYPES: readonly { type: AgentType; className: string }[] = [
  { type: 'HACKER', className: 'text-neon-cyan border-neon-cyan/50' },
  { type: 'HUSTLER', className: 'text-neon-lime border-neon-lime/50' },
  { type: 'CREATOR', className: 'text-neon-magenta border-neon-magenta/50' },
];

/** SPEC §1: the three-step journey — mint, complete tasks, monetize. */
export function Journey() {
  return (
    <section id="journey" aria-labelledby="journey-title" className="scroll-mt-20 border-t border-border bg-card/30">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <p className="label-mono text-neon-lime">{'// BOOT_SEQUENCE'}</p>
        <h2 id="journey-title" className="mt-3 font-display text-2xl font-black tracking-wide sm:text-4xl">
          THREE STEPS TO <span className="text-neon-magenta glow-text">YOUR FIRST AGENT</span>
        </h2>
        <ol className="mt-10 grid gap-6 lg:grid-cols-3">
          <Step
            number="01"
            title="MINT_YOUR_AVATAR"
            text="Mint a unique AI avatar as an NFT on Base and pick its class."
          >
            <ul aria-label="Avatar types" className="flex flex-wrap gap-2">
              {JOURNEY_AGENT_TYPES.map(({ type, className }) => (
                <li key={type} className={`rounded border px-2.5 py-1 label-mono ${className}`}>
                  {type}
                </li>
              ))}
            </ul>
          </Step>
          <Step
            number="02"
            title="COMPLETE_TASKS"
            text="Command your avatar by voice or blockchain commands. Every verified task earns experience points."
          >
            <div className="rounded-md border border-border bg-background/80 p-3 text-xs leading-relaxed">
              <p className="text-muted-foreground">&gt; deploy_contract --verify</p>
              <p className="text-foreground">TASK_VERIFIED · tx 0x5f2c8e...1c0d9e</p>
              <p className="font-bold text-neon-lime">+50 XP</p>
            </div>
          </Step>
          <Step
            number="03"
            title="MONETIZE_SKILLS"
            text="Sell the skills your avatar has mastered to other trainers on the marketplace."
          >
            <dl className="grid gap-2 text-xs">
              <div className="flex items-center justify-between rounded-md border border-border bg-background/80 px-3 py-2">
                <dt>SOLIDITY_AUDIT</dt>
                <dd className="font-bold text-primary">0.1 ETH</dd>
              </div>
              <div className="flex items-center justify-between rounded-md border border-border bg-background/80 px-3 py-2">
                <dt>MEME_GENERATION</dt>
                <dd className="font-bold text-primary">0.05 ETH</dd>
              </div>
            </dl>
          </Step>
        </ol>
      </div>
    </section>
  );
}

function Step({ number, title, text, children }: { number: string; title: string; text: string; children: ReactNode }) {
  return (
    <li className="relative flex flex-col gap-4 rounded-lg border border-border bg-card/80 p-6">
      <span className="font-display text-4xl font-black text-primary/25" aria-hidden="true">
        {number}
      </span>
      <h3 className="font-display text-base font-bold tracking-widest">
        <span className="sr-only">Step {number}: </span>
        {title}
      </h3>
      <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
      <div className="mt-auto">{children}</div>
    </li>
  );
}

import { MINTABLE_AVATAR_TEMPLATES, type MintableAvatarTemplate } from '@app/domain/templates';
import { PlusIcon, SparklesIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { AgentTypeBadge, agentTypeTextClass } from '@/components/avatars/agent-type-badge';
import { RarityBadge } from '@/components/avatars/rarity-badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

/**
 * The dashboard CREATE tab (SPEC §2): three static mintable avatar templates (SPEC §3) with skill
 * bars, specialties and abilities, and a MINT_AVATAR button; plus a CREATE_NEW tile leading to the
 * studio. `mintAction` renders the wired MINT_AVATAR (the app composes the purchase
 * flow in); without it the button stays inert as in the spec.
 */
export function CreateTab({ mintAction }: { mintAction?: (templateName: string) => ReactNode } = {}) {
  return (
    <section aria-labelledby="create-tab-title" className="flex flex-col gap-5">
      <div>
        <h2
          id="create-tab-title"
          className="font-display text-lg font-bold tracking-widest text-neon-magenta glow-text"
        >
          MINT_AN_AVATAR
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Genesis templates, minted as NFTs on Base.</p>
      </div>
      <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
        {MINTABLE_AVATAR_TEMPLATES.map((t) => (
          <li key={t.name} className="flex">
            <TemplateCard template={t} mintAction={mintAction} />
          </li>
        ))}
        <li className="flex md:col-span-2 xl:col-span-3">
          <Link
            href={paths.studio.getHref()}
            className="flex min-h-28 w-full flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-neon-magenta/50 bg-card/60 p-6 text-neon-magenta outline-none transition-colors hover:border-neon-magenta hover:bg-neon-magenta/10 focus-visible:ring-[3px] focus-visible:ring-ring/70"
          >
            <PlusIcon className="size-7" aria-hidden="true" />
            <span className="font-display text-base font-bold tracking-widest">CREATE_NEW</span>
            <span className="text-center text-xs text-muted-foreground">Design your own avatar in AVATAR_STUDIO</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}

function TemplateCard({
  template: t,
  mintAction,
}: {
  template: MintableAvatarTemplate;
  mintAction?: (templateName: string) => ReactNode;
}) {
  const headingId = `template-${t.name}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex w-full flex-col gap-4 rounded-lg border border-border bg-card/85 p-5 shadow-[0_10px_40px_-24px_var(--neon-magenta)]"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h3
            id={headingId}
            className={cn(
              'font-display text-base font-black tracking-wide break-words',
              agentTypeTextClass(t.agentType),
            )}
          >
            {t.name}
          </h3>
          <AgentTypeBadge agentType={t.agentType} />
        </div>
        <RarityBadge rarity={t.rarity} />
      </div>
      <p className="text-sm text-muted-foreground">{t.description}</p>
      <div>
        <h4 className="label-mono text-muted-foreground">SKILLS</h4>
        <ul className="mt-2 flex flex-col gap-2.5">
          {t.skills.map((s) => (
            <li key={s.name} className="flex flex-col gap-1">
              <span className="flex items-baseline justify-between gap-2 text-xs">
                <span className="truncate">{s.name}</span>
                <span className="font-mono text-primary">{s.level}%</span>
              </span>
              <Progress value={s.level} aria-label={`${s.name} ${s.level}%`} className="h-1.5" />
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="label-mono text-muted-foreground">SPECIALTIES</h4>
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {t.specialties.map((s) => (
            <li key={s} className="rounded border border-primary/30 px-2 py-0.5 text-xs text-primary">
              {s}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="label-mono text-muted-foreground">ABILITIES</h4>
        <ul className="mt-2 flex flex-col gap-1 text-xs text-foreground/90">
          {t.abilities.map((a) => (
            <li key={a} className="flex gap-2">
              <SparklesIcon className="mt-0.5 size-3 shrink-0 text-neon-lime" aria-hidden="true" />
              {a}
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-auto flex items-end justify-between gap-3 border-t border-border pt-4">
        <p>
          <span className="block font-display text-xl font-black whitespace-nowrap text-foreground">
            {t.priceEth} ETH
          </span>
          <span className="text-xs text-muted-foreground">≈ ${t.approxUsd} USD</span>
        </p>
        {mintAction ? (
          mintAction(t.name)
        ) : (
          <Button type="button" variant="magenta" size="sm">
            MINT_AVATAR
          </Button>
        )}
      </div>
    </article>
  );
}

import type { MarketplaceSkill } from '@app/domain/marketplace';
import { formatEth, formatUsd } from '@app/domain/pricing-rules';
import { ShoppingCartIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge-plain';
import { Button } from '@/components/ui/button-plain';
import { Progress } from '@/components/ui/progress-plain';
import { formatDate } from '../../format';
import { BuySkillDialogLazy } from '../purchase-dialogs-lazy';

/**
 * SPEC §2 Skills & Abilities: each skill with name, category, description, proficiency bar,
 * prices (USD and ETH), acquisition date and a Buy Skill dialog.
 */
export function SkillsTab({ avatarName, skills }: { avatarName: string; skills: MarketplaceSkill[] }) {
  if (!skills.length) {
    return <EmptyTab title="NO_SKILLS_YET" text={`${avatarName} has not learned a skill yet.`} />;
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label={`Skills of ${avatarName}`}>
      {skills.map((s) => (
        <li key={s.id} className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card/85 p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="min-w-0 font-display text-base font-bold tracking-wide break-words">{s.name}</h3>
            <Badge variant="magenta">{s.category}</Badge>
          </div>
          <p className="text-sm text-muted-foreground">{s.description || 'No description available'}</p>
          <div>
            <div className="flex items-center justify-between text-xs">
              <span className="label-mono text-[0.65rem] text-muted-foreground">PROFICIENCY</span>
              <span className="font-bold text-primary tabular-nums">{s.proficiency}%</span>
            </div>
            <Progress value={s.proficiency} className="mt-1.5" aria-label={`${s.name} proficiency`} />
          </div>
          <div className="mt-auto flex flex-wrap items-end justify-between gap-3 border-t border-border pt-3">
            <div className="min-w-0">
              {s.priceEth === null ? (
                <p className="label-mono text-muted-foreground">NOT_LISTED</p>
              ) : (
                <p className="text-sm">
                  <span className="font-bold text-neon-lime">{s.priceUsd ? formatUsd(s.priceUsd) : '—'}</span>
                  <span className="text-muted-foreground"> · </span>
                  <span className="font-bold text-primary">{formatEth(s.priceEth)} ETH</span>
                </p>
              )}
              <p className="text-xs text-muted-foreground">Acquired {formatDate(s.acquisitionDate)}</p>
            </div>
            {/* SPEC §2 "a Buy Skill dialog" per skill (into one of the buyer's avatars). */}
            <BuySkillDialogLazy
              skill={s}
              trigger={
                <Button size="sm" variant="magenta" aria-label={`Buy Skill ${s.name}`}>
                  <ShoppingCartIcon aria-hidden="true" />
                  Buy Skill
                </Button>
              }
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A tab's empty state. */
export function EmptyTab({ title, text }: { title: string; text: string }) {
  return (
    <div className="grid place-items-center gap-2 rounded-lg border border-dashed border-primary/40 bg-card/60 px-6 py-12 text-center">
      <p className="font-display text-base font-bold tracking-widest text-primary">{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{text}</p>
    </div>
  );
}

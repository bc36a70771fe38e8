import { SAMPLE_AVATAR_NFTS, SAMPLE_SKILL_LISTINGS, TRENDING_SKILLS } from '@app/domain/templates';
import { PlusIcon, StoreIcon, TagIcon, TrendingUpIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { AgentTypeBadge, agentTypeTextClass } from '@/components/avatars/agent-type-badge';
import { RarityBadge } from '@/components/avatars/rarity-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

/**
 * The dashboard MARKETPLACE tab (SPEC §2, all static sample content): TRENDING_SKILLS,
 * BROWSE_FULL_MARKETPLACE and CREATE_CUSTOM_AVATAR, AI_AVATAR_NFTS with MINT buttons and
 * SKILLS_MARKETPLACE with BUY buttons. The app composes the real flows in —
 * `mintAction` renders a template's MINT button, `skillsMarketplace` replaces the sample listings with
 * the real ones (each BUY opening the Buy Skill dialog); without them the samples stay inert.
 */
export function MarketplaceTab({
  mintAction,
  skillsMarketplace,
}: {
  mintAction?: (templateName: string) => ReactNode;
  skillsMarketplace?: ReactNode;
} = {}) {
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="trending-skills-title">
        <h2
          id="trending-skills-title"
          className="flex items-center gap-2 font-display text-lg font-bold tracking-widest text-primary"
        >
          <TrendingUpIcon className="size-5" aria-hidden="true" />
          TRENDING_SKILLS
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {TRENDING_SKILLS.map((s) => (
            <li key={s.skill} className="flex flex-col gap-3 rounded-lg border border-border bg-card/85 p-4">
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-bold text-foreground">{s.skill}</h3>
                <Badge variant="secondary">{s.category}</Badge>
              </div>
              <div className="flex flex-col gap-1">
                <span className="flex justify-between text-xs">
                  <span className="label-mono text-muted-foreground">DEMAND</span>
                  <span className="font-mono font-bold text-neon-lime">{s.demandPercent}%</span>
                </span>
                <Progress
                  value={s.demandPercent}
                  aria-label={`Demand ${s.demandPercent}%`}
                  className="h-1.5"
                  indicatorClassName="bg-neon-lime shadow-[0_0_10px_var(--neon-lime)]"
                />
              </div>
              <div className="flex items-center justify-between gap-2 text-xs">
                <span>
                  <span className="label-mono text-muted-foreground">AVG </span>
                  <span className="font-mono font-bold text-primary">{s.avgPriceEth} ETH</span>
                </span>
                <AgentTypeBadge agentType={s.specialist} />
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-5 flex flex-wrap gap-3">
          <Button asChild>
            <Link href={paths.marketplace.getHref()}>
              <StoreIcon aria-hidden="true" />
              BROWSE_FULL_MARKETPLACE
            </Link>
          </Button>
          <Button asChild variant="magenta">
            <Link href={paths.studio.getHref()}>
              <PlusIcon aria-hidden="true" />
              CREATE_CUSTOM_AVATAR
            </Link>
          </Button>
        </div>
      </section>

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="avatar-nfts-title">
          <h2 id="avatar-nfts-title" className="font-display text-lg font-bold tracking-widest text-neon-magenta">
            AI_AVATAR_NFTS
          </h2>
          <ul className="mt-4 flex flex-col gap-3">
            {SAMPLE_AVATAR_NFTS.map((a) => (
              <li
                key={a.name}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card/85 p-4"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                  <span
                    className={cn('font-display text-sm font-black tracking-wide', agentTypeTextClass(a.agentType))}
                  >
                    {a.name}
                  </span>
                  <span className="flex flex-wrap items-center gap-2">
                    <RarityBadge rarity={a.rarity} />
                    <span className="font-mono text-xs text-neon-lime">LV.{a.level}</span>
                    <span className="font-mono text-xs text-muted-foreground">ED. {a.edition}</span>
                  </span>
                </div>
                <span className="font-mono text-sm font-bold">{a.priceEth} ETH</span>
                {mintAction ? (
                  mintAction(a.name)
                ) : (
                  <Button type="button" size="sm" variant="magenta" aria-label={`MINT ${a.name}`}>
                    MINT
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="skills-market-title">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="skills-market-title" className="font-display text-lg font-bold tracking-widest text-neon-lime">
              SKILLS_MARKETPLACE
            </h2>
            <Button asChild size="sm" variant="ghost">
              <Link href={paths.sell.getHref()}>
                <TagIcon aria-hidden="true" />
                SELL_A_SKILL
              </Link>
            </Button>
          </div>
          {skillsMarketplace ? (
            <div className="mt-4">{skillsMarketplace}</div>
          ) : (
            <ul className="mt-4 flex flex-col gap-3">
              {SAMPLE_SKILL_LISTINGS.map((s) => (
                <li
                  key={s.skill}
                  className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card/85 p-4"
                >
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <span className="font-bold">{s.skill}</span>
                    <span className="text-xs text-muted-foreground">
                      {s.category} · {s.proficiency}% · {s.seller}
                    </span>
                  </div>
                  <span className="font-mono text-sm font-bold">{s.priceEth} ETH</span>
                  <Button type="button" size="sm" variant="lime" aria-label={`BUY ${s.skill}`}>
                    BUY
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

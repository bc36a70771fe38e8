import { PlusIcon, StoreIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { AgentTypeBadge } from '@/components/avatars/agent-type-badge';
import { AvatarThumbnail } from '@/components/avatars/avatar-thumbnail';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAvatars } from '@/lib/get-avatars';
import { AvatarPriceForm } from './components/avatar-price-form';
import { EarningsLedger } from './components/earnings-ledger';
import { ListSkillDialog } from './components/list-skill-dialog';
import { MyListings } from './components/my-listings';

/**
 * /sell: for each avatar she owns, a user sets or changes the price of its editions
 * and lists its skills for sale; below, her listings with their sales. Bought editions keep their
 * series' price (only the series' creator prices editions) but their skills can be listed.
 * `market` (composed by the app) shows what others sell right now, with BUY.
 */
export function SellPage({ market }: { market?: ReactNode }) {
  const avatars = useAvatars();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="label-mono text-neon-lime">{'// SELL'}</p>
          <h1 className="mt-2 font-display text-2xl font-black tracking-wide break-words sm:text-3xl">
            SELL_ON_THE_
            <wbr />
            <span className="text-primary glow-text">MARKETPLACE</span>
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">Price your avatars' editions and sell their skills.</p>
        </div>
        <Button asChild variant="outline">
          <Link href={paths.marketplace.getHref()}>
            <StoreIcon aria-hidden="true" />
            MARKETPLACE
          </Link>
        </Button>
      </header>

      <section aria-labelledby="sell-avatars-title" className="flex flex-col gap-4">
        <h2 id="sell-avatars-title" className="font-display text-lg font-bold tracking-widest text-neon-magenta">
          YOUR_AVATARS
        </h2>
        {avatars.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : avatars.isError ? (
          <p className="text-sm text-destructive">Could not load your avatars.</p>
        ) : !avatars.data.length ? (
          <div className="flex flex-col items-start gap-3 text-sm text-muted-foreground">
            You have no avatars to sell yet.
            <Button asChild variant="magenta" size="sm">
              <Link href={paths.studio.getHref()}>
                <PlusIcon aria-hidden="true" />
                CREATE_AVATAR
              </Link>
            </Button>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {avatars.data.map((a) => (
              <li key={a.id} className="min-w-0">
                <article
                  aria-labelledby={`sell-avatar-${a.id}`}
                  className="flex h-full flex-col gap-4 rounded-lg border border-border bg-card/85 p-5"
                >
                  <div className="flex min-w-0 items-center gap-3">
                    <AvatarThumbnail src={a.thumbnailUrl} name={a.name} agentType={a.agentType} />
                    <div className="flex min-w-0 flex-1 flex-col gap-1">
                      <h3
                        id={`sell-avatar-${a.id}`}
                        title={a.name}
                        className="truncate font-display font-black tracking-wide"
                      >
                        {a.name}
                      </h3>
                      <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                        <AgentTypeBadge agentType={a.agentType} />
                        ED. {a.edition} / {a.maxEditions} · {a.skills.length} skills
                      </span>
                    </div>
                  </div>
                  {a.edition > 1 ? (
                    <p className="text-xs text-muted-foreground">
                      Edition #{a.edition} you bought: its series' creator sets the edition price.
                    </p>
                  ) : (
                    <AvatarPriceForm avatar={a} />
                  )}
                  <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-border pt-4">
                    <span className="text-xs text-muted-foreground">
                      {a.skills.length ? 'Sell a skill to other avatars' : 'Train it to earn skills to sell'}
                    </span>
                    <ListSkillDialog avatar={a} />
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="sell-listings-title" className="flex flex-col gap-4">
        <h2 id="sell-listings-title" className="font-display text-lg font-bold tracking-widest text-neon-lime">
          YOUR_LISTINGS
        </h2>
        <MyListings />
      </section>

      <section aria-labelledby="sell-earnings-title" className="flex flex-col gap-4">
        <h2 id="sell-earnings-title" className="font-display text-lg font-bold tracking-widest text-neon-yellow">
          YOUR_EARNINGS
        </h2>
        <EarningsLedger />
      </section>

      {market ? (
        <section aria-labelledby="sell-market-title" className="flex flex-col gap-4">
          <h2 id="sell-market-title" className="font-display text-lg font-bold tracking-widest text-primary">
            SKILLS_MARKETPLACE
          </h2>
          {market}
        </section>
      ) : null}
    </div>
  );
}

import { formatUsd } from '@app/domain/pricing-rules';
import { ArrowLeftIcon, SearchXIcon, ShoppingCartIcon, SparklesIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { AgentTypeBadge } from '@/components/avatars/agent-type-badge';
import { AvatarThumbnail } from '@/components/avatars/avatar-thumbnail';
import { Badge } from '@/components/ui/badge-plain';
import { Button } from '@/components/ui/button-plain';
import { Skeleton } from '@/components/ui/skeleton-plain';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs-plain';
import { useAuth } from '@/lib/auth';
import { useAvatarDetails } from './api/get-avatar-details';
import { AchievementsTab } from './components/detail/achievements-tab';
import { AnalyticsTab } from './components/detail/analytics-tab';
import { OwnerCard } from './components/detail/owner-card';
import { PerformanceStats } from './components/detail/performance-stats';
import { RateThisPanel } from './components/detail/rate-this-panel';
import { ReputationCard } from './components/detail/reputation-card';
import { SkillsTab } from './components/detail/skills-tab';
import { WorkHistoryTab } from './components/detail/work-history-tab';
import { PriceTag } from './components/price-tag';
import { PurchaseAvatarDialogLazy } from './components/purchase-dialogs-lazy';
import { VerificationBadge } from './components/verification-badge';
import { formatFullEth } from './format';

// The owner's actions and the agent access show only to a signed-in user (the owner, a holder), so
// they load only then: a visitor's page carries neither their dialogs nor their switch.
const OwnerActionsPanel = lazy(() =>
  import('./components/detail/owner-actions-panel').then((m) => ({ default: m.OwnerActionsPanel })),
);
const AgentAccessPanel = lazy(() =>
  import('./components/detail/agent-access-panel').then((m) => ({ default: m.AgentAccessPanel })),
);

/** Its children for a signed-in user, nothing for a visitor. */
function SignedInOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** A link back to the marketplace (SPEC §2 "A back link to the marketplace"). */
function BackLink() {
  return (
    <Button asChild variant="link" className="h-auto! px-0!">
      <Link href={paths.marketplace.getHref()}>
        <ArrowLeftIcon aria-hidden="true" />
        BACK_TO_MARKETPLACE
      </Link>
    </Button>
  );
}

/**
 * /avatar/{id} (SPEC §2 Avatar detail): image, edition, level, name, description,
 * price in USD and ETH, PURCHASE_AVATAR, owner card, performance stats and the four tabs; 'Avatar
 * Not Found' with a return button when loading fails. Every figure comes from the server, computed
 * from recorded facts. Public: visitors see it signed out.
 */
export default function AvatarDetailPage({ params }: { params: { id: string } }) {
  const detail = useAvatarDetails(params.id);

  if (detail.isPending) {
    return (
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6" role="status" aria-label="Loading avatar">
        <Skeleton className="h-5 w-48" />
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
          <Skeleton className="h-80 w-full" />
          <Skeleton className="h-80 w-full" />
        </div>
      </div>
    );
  }

  if (detail.isError) {
    return (
      <div className="mx-auto grid w-full max-w-xl place-items-center gap-4 px-4 py-24 text-center">
        <SearchXIcon className="size-12 text-primary/70" aria-hidden="true" />
        <h1 className="font-display text-2xl font-black tracking-wide text-primary">Avatar Not Found</h1>
        <p className="text-sm text-muted-foreground">
          This avatar does not exist, or its data could not be loaded. It may have been removed from the network.
        </p>
        <Button asChild variant="outline">
          <Link href={paths.marketplace.getHref()}>
            <ArrowLeftIcon aria-hidden="true" />
            RETURN_TO_MARKETPLACE
          </Link>
        </Button>
      </div>
    );
  }

  const a = detail.data;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <BackLink />

      {/* SPEC §2 order on small screens: hero, owner card, performance stats, tabs; beside them on large ones. */}
      <div className="mt-4 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:grid-rows-[auto_1fr]">
        <section
          aria-labelledby="avatar-name"
          className="grid min-w-0 gap-6 rounded-lg border border-border bg-card/85 p-4 sm:p-6 md:grid-cols-[280px_minmax(0,1fr)] lg:col-start-1 lg:row-start-1"
        >
          <AvatarThumbnail
            src={a.thumbnailUrl}
            name={a.name}
            agentType={a.agentType}
            alt={`Portrait of ${a.name}`}
            priority="high"
            className="aspect-square size-auto! w-full! max-w-[320px] justify-self-center md:max-w-none [&>span]:text-7xl"
          />
          <div className="flex min-w-0 flex-col gap-4">
            <div className="flex flex-wrap gap-1.5">
              <Badge variant="secondary" title="Edition">
                {a.edition} of {a.maxEditions}
              </Badge>
              <Badge>LV.{a.level}</Badge>
              <AgentTypeBadge agentType={a.agentType} />
              {a.featured && (
                <Badge variant="magenta">
                  <SparklesIcon aria-hidden="true" />
                  FEATURED
                </Badge>
              )}
              <VerificationBadge status={a.verificationStatus} />
            </div>
            <div className="min-w-0">
              <h1
                id="avatar-name"
                className="font-display text-2xl font-black tracking-wide break-words text-foreground sm:text-4xl"
              >
                {a.name}
              </h1>
              <p className="mt-2 text-sm text-muted-foreground sm:text-base">
                {a.description || 'No description available'}
              </p>
            </div>
            <div className="mt-auto flex flex-wrap items-end justify-between gap-4 border-t border-border pt-4">
              <div className="min-w-0">
                <p className="label-mono text-[0.65rem] text-muted-foreground">PRICE</p>
                <PriceTag
                  priceUsd={a.priceUsd}
                  priceEth={a.priceEth}
                  ethText={a.priceEth ? formatFullEth(a.priceEth) : undefined}
                  size="lg"
                />
                <p className="mt-1 text-[0.7rem] text-muted-foreground">
                  USD at {formatUsd(a.usdPerEth)}/ETH ·{' '}
                  {a.priceSource === 'ETH_USD_RATE' ? 'ETH_USD_RATE (configured rate)' : 'Chainlink ETH/USD on Base'}
                </p>
              </div>
              {/* SPEC §2 PURCHASE_AVATAR (card or crypto). */}
              <PurchaseAvatarDialogLazy
                avatar={a}
                trigger={
                  <Button variant="magenta" size="lg">
                    <ShoppingCartIcon aria-hidden="true" />
                    PURCHASE_AVATAR
                  </Button>
                }
              />
            </div>
          </div>
        </section>

        <aside
          className="grid min-w-0 gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1"
          aria-label="Owner and performance"
        >
          <OwnerCard owner={a.owner} />
          <PerformanceStats stats={a.stats} />
          <ReputationCard avatarId={params.id} />
          <SignedInOnly>
            <OwnerActionsPanel avatarId={params.id} name={a.name} description={a.description} />
          </SignedInOnly>
          <RateThisPanel avatarId={params.id} />
          <SignedInOnly>
            <AgentAccessPanel avatarId={params.id} />
          </SignedInOnly>
        </aside>

        <Tabs defaultValue="skills" className="min-w-0 lg:col-start-1 lg:row-start-2">
          <TabsList className="h-auto grid-cols-2 max-sm:grid sm:flex">
            <TabsTrigger value="skills">Skills & Abilities</TabsTrigger>
            <TabsTrigger value="history">Work History</TabsTrigger>
            <TabsTrigger value="achievements">Achievements</TabsTrigger>
            <TabsTrigger value="analytics">Analytics</TabsTrigger>
          </TabsList>
          <TabsContent value="skills">
            <SkillsTab avatarName={a.name} skills={a.skills} />
          </TabsContent>
          <TabsContent value="history">
            <WorkHistoryTab jobs={a.jobs} />
          </TabsContent>
          <TabsContent value="achievements">
            <AchievementsTab achievements={a.achievements} />
          </TabsContent>
          <TabsContent value="analytics">
            <AnalyticsTab stats={a.stats} level={a.level} experiencePoints={a.experiencePoints} />
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}

import type { MarketplaceAvatar } from '@app/domain/marketplace';
import { cardSkills } from '@app/domain/marketplace-rules';
import { ArrowUpRightIcon, ShoppingCartIcon, SparklesIcon, ZapIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { AvatarThumbnail } from '@/components/avatars/avatar-thumbnail';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar-plain';
import { Badge } from '@/components/ui/badge-plain';
import { Button } from '@/components/ui/button-plain';
import { formatCount, ownerInitials, ownerName } from '../format';
import { PriceTag } from './price-tag';
import { PurchaseAvatarDialogLazy } from './purchase-dialogs-lazy';
import { VerificationBadge } from './verification-badge';

/**
 * One avatar of the marketplace grid with every field of SPEC §2: thumbnail or placeholder,
 * 'edition of maxEditions', level, FEATURED, the verification badge, VIEW_DETAILS, name and
 * description, owner, the first 4 skills with proficiency and '+N more', XP, task count
 * (totalInteractions), price in USD and ETH (4 decimals), and the purchase dialog.
 */
export function AvatarCard({
  avatar,
  imagePriority,
}: {
  avatar: MarketplaceAvatar;
  /** How soon its picture loads (AvatarThumbnail `priority`): the cards on screen at once load it with the page. */
  imagePriority?: 'eager' | 'high';
}) {
  const titleId = useId();
  const { shown, more } = cardSkills(avatar.skills);
  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex h-full min-w-0 flex-col overflow-hidden rounded-lg border border-border bg-card/85 shadow-[0_10px_40px_-24px_rgb(34_240_255/0.45)] transition-[border-color,box-shadow] hover:border-primary/60 hover:shadow-[0_0_32px_-10px_var(--neon-cyan)]"
    >
      <div className="relative aspect-[4/3] w-full overflow-hidden border-b border-border">
        <AvatarThumbnail
          src={avatar.thumbnailUrl}
          name={avatar.name}
          agentType={avatar.agentType}
          priority={imagePriority}
          className="size-full! rounded-none! border-0! text-5xl [&>span]:text-6xl"
        />
        <div className="pointer-events-none absolute inset-0 bg-gradient-to-t from-card via-transparent to-transparent" />
        <div className="absolute top-2 left-2 flex flex-wrap gap-1.5">
          <Badge variant="secondary" className="bg-background/80! backdrop-blur" title="Edition">
            {avatar.edition} of {avatar.maxEditions}
          </Badge>
          <Badge className="bg-background/80! backdrop-blur">LV.{avatar.level}</Badge>
        </div>
        {avatar.featured && (
          <Badge variant="magenta" className="absolute top-2 right-2 bg-background/80! backdrop-blur">
            <SparklesIcon aria-hidden="true" />
            FEATURED
          </Badge>
        )}
        <VerificationBadge
          status={avatar.verificationStatus}
          className="absolute bottom-2 left-2 bg-background/85! backdrop-blur"
        />
      </div>

      <div className="flex flex-1 flex-col gap-4 p-4">
        <div className="min-w-0">
          <h3
            id={titleId}
            title={avatar.name}
            className="truncate font-display text-lg font-bold tracking-wide text-foreground"
          >
            {avatar.name}
          </h3>
          <p className="mt-1 line-clamp-2 min-h-10 text-sm text-muted-foreground">
            {avatar.description || 'No description available'}
          </p>
        </div>

        <div className="flex min-w-0 items-center gap-2">
          <Avatar className="size-7! border-primary/40!">
            {avatar.owner.profileImageUrl && <AvatarImage src={avatar.owner.profileImageUrl} alt="" />}
            <AvatarFallback className="text-[0.65rem]! leading-[inherit]!">
              {ownerInitials(avatar.owner)}
            </AvatarFallback>
          </Avatar>
          <p className="min-w-0 truncate text-xs text-muted-foreground">
            <span className="label-mono text-[0.65rem] text-muted-foreground/80">OWNER </span>
            <span className="text-foreground">{ownerName(avatar.owner)}</span>
          </p>
        </div>

        <div>
          <p className="label-mono text-[0.65rem] text-neon-magenta">SKILLS</p>
          {shown.length ? (
            <ul className="mt-2 grid gap-1.5" aria-label={`Skills of ${avatar.name}`}>
              {shown.map((s) => (
                <li key={s.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 text-xs">
                  <span className="truncate text-foreground">{s.name}</span>
                  <span className="font-bold text-primary tabular-nums">{s.proficiency}%</span>
                  <span className="col-span-2 h-1 overflow-hidden rounded-full bg-primary/15" aria-hidden="true">
                    <span
                      className="block h-full rounded-full bg-primary shadow-[0_0_8px_var(--neon-cyan)]"
                      style={{ width: `${Math.min(100, Math.max(0, s.proficiency))}%` }}
                    />
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-xs text-muted-foreground">No skills yet</p>
          )}
          {more > 0 && <p className="mt-1.5 text-xs font-bold text-neon-magenta">+{more} more</p>}
        </div>

        <dl className="grid grid-cols-2 gap-2 text-xs">
          <div className="rounded-md border border-border bg-background/40 px-2 py-1.5">
            <dt className="label-mono text-[0.6rem] text-muted-foreground">EXPERIENCE</dt>
            <dd className="mt-0.5 flex items-center gap-1 font-bold text-neon-yellow tabular-nums">
              <ZapIcon className="size-3" aria-hidden="true" />
              {formatCount(avatar.experiencePoints)} XP
            </dd>
          </div>
          <div className="rounded-md border border-border bg-background/40 px-2 py-1.5">
            <dt className="label-mono text-[0.6rem] text-muted-foreground">TASKS</dt>
            <dd className="mt-0.5 font-bold text-foreground tabular-nums">
              {formatCount(avatar.totalInteractions)} tasks
            </dd>
          </div>
        </dl>

        <div className="mt-auto grid gap-3 border-t border-border pt-4">
          <PriceTag priceUsd={avatar.priceUsd} priceEth={avatar.priceEth} />
          <div className="grid grid-cols-2 gap-2 [&>*]:w-full [&>*]:px-2">
            <Button asChild variant="outline" size="sm">
              <Link href={paths.avatar.detail.getHref(avatar.id)} aria-label={`VIEW_DETAILS of ${avatar.name}`}>
                VIEW_DETAILS
                <ArrowUpRightIcon aria-hidden="true" />
              </Link>
            </Button>
            {/* SPEC §2: "It also has a purchase dialog" (card or crypto). */}
            <PurchaseAvatarDialogLazy
              avatar={avatar}
              trigger={
                <Button size="sm" variant="magenta" aria-label={`PURCHASE ${avatar.name}`}>
                  <ShoppingCartIcon aria-hidden="true" />
                  PURCHASE
                </Button>
              }
            />
          </div>
        </div>
      </div>
    </article>
  );
}

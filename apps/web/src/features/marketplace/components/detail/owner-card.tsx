import type { MarketplaceOwner } from '@app/domain/marketplace';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar-plain';
import { formatDate, ownerInitials, ownerName } from '../../format';

/**
 * SPEC §2 owner card: name, member-since date, total sales, success rate %. The figures come from
 * recorded sales and verified tasks (server); a success rate without finished tasks shows N/A.
 */
export function OwnerCard({ owner }: { owner: MarketplaceOwner }) {
  return (
    <section aria-labelledby="owner-heading" className="rounded-lg border border-border bg-card/85 p-5">
      <h2 id="owner-heading" className="label-mono text-neon-magenta">
        OWNER
      </h2>
      <div className="mt-3 flex min-w-0 items-center gap-3">
        <Avatar className="size-12!">
          {owner.profileImageUrl && <AvatarImage src={owner.profileImageUrl} alt="" />}
          <AvatarFallback>{ownerInitials(owner)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <p className="truncate font-display text-base font-bold tracking-wide">{ownerName(owner)}</p>
          <p className="text-xs text-muted-foreground">Member since {formatDate(owner.joinedDate)}</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <div className="rounded-md border border-border bg-background/40 p-3">
          <dt className="label-mono text-[0.65rem] text-muted-foreground">TOTAL_SALES</dt>
          <dd className="mt-1 font-display text-xl font-bold text-primary tabular-nums">{owner.totalSales}</dd>
        </div>
        <div className="rounded-md border border-border bg-background/40 p-3">
          <dt className="label-mono text-[0.65rem] text-muted-foreground">SUCCESS_RATE</dt>
          <dd className="mt-1 font-display text-xl font-bold text-neon-lime tabular-nums">
            {owner.successRate === null ? 'N/A' : `${owner.successRate.toFixed(1)}%`}
          </dd>
        </div>
      </dl>
    </section>
  );
}

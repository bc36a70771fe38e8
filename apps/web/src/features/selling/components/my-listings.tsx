import { normalizeEth } from '@app/domain/pricing-rules';
import type { SkillListing } from '@app/domain/purchases';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSkillListings } from '@/lib/get-skill-listings';
import { useCancelSkillListing } from '../api/cancel-skill-listing';

/** Where a listing stands, as the seller sees it. */
function stateOf(l: SkillListing): { label: string; variant: 'lime' | 'secondary' | 'yellow' } {
  if (!l.isActive) return { label: 'CANCELLED', variant: 'secondary' };
  if (l.expiresAt && Date.parse(l.expiresAt) <= Date.now()) return { label: 'EXPIRED', variant: 'yellow' };
  return { label: 'ACTIVE', variant: 'lime' };
}

/** YOUR_LISTINGS: the signed-in seller's skill listings with their sales, and CANCEL. */
export function MyListings() {
  const listings = useSkillListings({ mine: true, limit: 100 });
  const cancel = useCancelSkillListing();
  if (listings.isPending) return <Skeleton className="h-20 w-full" />;
  if (listings.isError) return <p className="text-sm text-destructive">Could not load your listings.</p>;
  if (!listings.data.length) {
    return <p className="text-sm text-muted-foreground">No listings yet. Use LIST_SKILL on one of your avatars.</p>;
  }
  return (
    <ul className="flex flex-col gap-3">
      {listings.data.map((l) => {
        const state = stateOf(l);
        return (
          <li key={l.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card/85 p-4">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="font-bold [overflow-wrap:anywhere]">
                {l.skillName} <span className="font-normal text-muted-foreground">· {l.avatarName}</span>
              </span>
              <span className="text-xs text-muted-foreground">
                {l.proficiencyLevel}% · {l.sales} sold
                {l.expiresAt ? ` · until ${new Date(l.expiresAt).toLocaleDateString()}` : ''}
              </span>
            </div>
            <span className="font-mono text-sm font-bold">{normalizeEth(l.price)} ETH</span>
            <Badge variant={state.variant}>{state.label}</Badge>
            {state.label === 'ACTIVE' && (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(l.id)}
                aria-label={`CANCEL listing of ${l.skillName}`}
              >
                CANCEL
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

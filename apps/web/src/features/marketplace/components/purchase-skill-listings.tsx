import { normalizeEth } from '@app/domain/pricing-rules';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useSkillListings } from '@/lib/get-skill-listings';
import { BuySkillButton } from './purchase-skill-dialog';

/**
 * SKILLS_MARKETPLACE (dashboard MARKETPLACE tab): the skills listed for sale
 * right now, each with a BUY button opening the Buy Skill dialog; your own listings are marked
 * instead. Replaces the spec's static samples with real listings.
 */
export function SkillListingsPanel({ limit = 6 }: { limit?: number }) {
  const { user } = useAuth();
  const listings = useSkillListings({ active: true, limit });
  if (listings.isPending) {
    return (
      <ul className="flex flex-col gap-3" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </ul>
    );
  }
  if (listings.isError) return <p className="text-sm text-destructive">Could not load the skill listings.</p>;
  if (!listings.data.length) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
        No skills are listed right now.
        <Button asChild size="sm" variant="outline">
          <Link href={paths.sell.getHref()}>SELL_A_SKILL</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {listings.data.map((l) => (
        <li key={l.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card/85 p-4">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="font-bold">{l.skillName}</span>
            <span className="text-xs text-muted-foreground">
              {l.category} · {l.proficiencyLevel}% · {l.avatarName} #{l.avatarEdition}
            </span>
          </div>
          <span className="font-mono text-sm font-bold">{normalizeEth(l.price)} ETH</span>
          {user && l.sellerId === user.id ? (
            <Badge variant="secondary">YOURS</Badge>
          ) : (
            <BuySkillButton
              skill={{
                id: l.skillId,
                name: l.skillName,
                category: l.category,
                priceEth: l.price,
                priceUsd: l.priceUsd,
                listingId: l.id,
                proficiency: l.proficiencyLevel,
              }}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

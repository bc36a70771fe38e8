import { StarIcon } from 'lucide-react';
import { useReputation } from '../../api/feedback';

/**
 * REPUTATION: the avatar's ERC-8004 summary — the average of the ratings given by
 * clients the app verified (buyers, team-mates), as the Reputation Registry's getSummary reports it.
 */
export function ReputationCard({ avatarId }: { avatarId: string }) {
  const reputation = useReputation(avatarId);
  const r = reputation.data;
  if (!r) return null;
  return (
    <section aria-labelledby="reputation-title" className="rounded-lg border border-border bg-card/85 p-5">
      <h2 id="reputation-title" className="label-mono text-neon-yellow">
        REPUTATION
      </h2>
      {r.count > 0 && r.average !== null ? (
        <p className="mt-2 flex items-center gap-2 font-display text-2xl font-bold">
          <StarIcon className="size-5 fill-neon-yellow text-neon-yellow" aria-hidden="true" />
          {(r.average / 20).toFixed(1)}
          <span className="text-sm font-normal text-muted-foreground">/ 5</span>
        </p>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">No ratings yet.</p>
      )}
      <p className="mt-1 text-[0.7rem] text-muted-foreground">
        {r.count} rating{r.count === 1 ? '' : 's'} from {r.clients} verified client{r.clients === 1 ? '' : 's'} ·
        ERC-8004 getSummary on chain
      </p>
    </section>
  );
}

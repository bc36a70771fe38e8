import type { Feedback } from '@app/domain/reputation';
import { lazy, Suspense } from 'react';
import { Badge } from '@/components/ui/badge-plain';
import { useAuth } from '@/lib/auth';
import { useFeedback } from '../../api/feedback';

// wagmi loads only for a rater with a linked wallet (the landing and most visits never need it), and
// the form itself (with viem's error types) only for someone who may rate: never for a visitor.
const WalletRateForm = lazy(() => import('./rate-this-wallet'));
const RateForm = lazy(() => import('./rate-form').then((m) => ({ default: m.RateForm })));

const STATUS_TEXT: Record<Feedback['status'], string> = {
  awaiting_signature: 'WAITING_FOR_YOUR_WALLET',
  pending: 'SENDING',
  confirmed: 'ON_CHAIN',
  failed: 'FAILED',
};

/**
 * RATE_THIS: for people who used the avatar (bought an edition or a skill, or
 * team up with it), a 1–5 star rating sent as ERC-8004 feedback — signed by their linked wallet, or
 * relayed by the platform when they have none (said so). Hidden for visitors and the owner.
 */
export function RateThisPanel({ avatarId }: { avatarId: string }) {
  const { user } = useAuth();
  const feedback = useFeedback(avatarId, Boolean(user));
  const data = feedback.data;
  if (!user || !data || (data.reason?.startsWith('You cannot rate your own') ?? false)) return null;
  return (
    <section aria-labelledby="rate-this-title" className="rounded-lg border border-border bg-card/85 p-5">
      <h2 id="rate-this-title" className="label-mono text-neon-yellow">
        RATE_THIS
      </h2>
      {data.given.length > 0 && (
        <ul className="mt-3 grid gap-1.5 text-xs" aria-label="Your ratings">
          {data.given.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center gap-2">
              <span className="font-mono">{'★'.repeat(Math.round(g.value / 20)) || '☆'}</span>
              <Badge variant={g.status === 'confirmed' ? 'lime' : g.status === 'failed' ? 'destructive' : 'yellow'}>
                {STATUS_TEXT[g.status]}
              </Badge>
              <span className="text-muted-foreground">
                {g.mode === 'relayed' ? 'relayed by the platform' : 'signed by your wallet'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {data.canRate ? (
        data.mode === 'wallet' ? (
          <Suspense fallback={null}>
            <WalletRateForm avatarId={avatarId} data={data} />
          </Suspense>
        ) : (
          <Suspense fallback={null}>
            <RateForm avatarId={avatarId} data={data} />
          </Suspense>
        )
      ) : (
        data.reason && <p className="mt-2 text-xs text-muted-foreground">{data.reason}</p>
      )}
    </section>
  );
}

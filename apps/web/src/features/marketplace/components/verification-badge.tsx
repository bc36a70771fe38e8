import { verificationBadgeLabel } from '@app/domain/marketplace-rules';
import { ShieldAlertIcon, ShieldCheckIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge-plain';

/**
 * SPEC §4: the marketplace badge reads 'Blockchain Verified' for verified (green) and 'Pending
 * Verification' otherwise (yellow). Verified means the avatar's NFT is minted on chain.
 */
export function VerificationBadge({ status, className }: { status: string; className?: string }) {
  const verified = status === 'verified';
  return (
    <Badge variant={verified ? 'lime' : 'yellow'} className={className}>
      {verified ? <ShieldCheckIcon aria-hidden="true" /> : <ShieldAlertIcon aria-hidden="true" />}
      {verificationBadgeLabel(status)}
    </Badge>
  );
}

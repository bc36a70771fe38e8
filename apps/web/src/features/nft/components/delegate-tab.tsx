import { shortenAddress } from '@app/domain/format';
import { PackageOpenIcon, UserCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { type Address, isAddress } from 'viem';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { TxReceipt } from '@/components/wallet/tx-receipt';
import { toast } from '@/hooks/use-toast';
import { useClaimAvatar } from '../api/claim-avatar';
import { useDelegateToken } from '../api/delegate-token';
import type { NftToken } from '../api/get-nft-tokens';
import { ActionButton, toastConnectWallet } from './action-button';
import { selectedTokenId, TokenSelect } from './token-select';

const formatExpiry = (seconds: number) => new Date(seconds * 1000).toLocaleString();

/**
 * DELEGATE tab (SPEC §3 delegation form: token id, delegate address, duration in days ≥ 1 per §5).
 * Lists the user's tokens with holder, current delegate and expiry; a token still in platform
 * custody offers CLAIM first; the owner's wallet then calls ERC-4907 `setUser`.
 */
export function DelegateTab({
  tokens,
  tokensLoading,
  contractAddress,
  walletAddress,
  walletConnected,
  signedIn,
}: {
  tokens: NftToken[] | undefined;
  tokensLoading: boolean;
  contractAddress: Address;
  walletAddress: Address | undefined;
  walletConnected: boolean;
  signedIn: boolean;
}) {
  const ids = { token: useId(), delegate: useId(), days: useId() };
  const [tokenValue, setTokenValue] = useState('');
  const [delegate, setDelegate] = useState('');
  const [days, setDays] = useState('7');
  const delegateToken = useDelegateToken(contractAddress);
  const claim = useClaimAvatar();

  const tokenId = selectedTokenId(tokenValue, tokens);
  const token = tokens?.find((t) => String(t.tokenId) === tokenId);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!walletConnected || !walletAddress) {
      toastConnectWallet();
      return;
    }
    const to = delegate.trim();
    if (!isAddress(to)) {
      toast({ title: 'Invalid Address', description: 'Enter the delegate as a 0x… address', variant: 'destructive' });
      return;
    }
    if (token && token.holder.toLowerCase() !== walletAddress.toLowerCase()) {
      toast({
        title: 'Not Your Wallet',
        description: token.inCustody
          ? `Token #${token.tokenId} is still in custody: claim it first`
          : `Token #${token.tokenId} is held by ${shortenAddress(token.holder)}: connect that wallet`,
        variant: 'destructive',
      });
      return;
    }
    delegateToken.mutate({ tokenId: Number(tokenId), delegate: to, days: Number(days) });
  };

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="my-tokens-title" className="flex flex-col gap-3">
        <h3 id="my-tokens-title" className="label-mono text-neon-magenta">
          MY_AVATAR_TOKENS
        </h3>
        {tokensLoading ? (
          <Skeleton className="h-24" />
        ) : !tokens?.length ? (
          <p className="rounded-md border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
            {signedIn ? 'No avatar tokens yet: create an avatar or mint an edition.' : 'Sign in to see your tokens.'}
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Avatar tokens">
            {tokens.map((t) => (
              <li
                key={t.tokenId}
                aria-label={`Token #${t.tokenId}`}
                className="flex min-w-0 flex-col gap-2 rounded-md border border-border bg-background/60 p-3"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="min-w-0 truncate font-display text-sm font-bold tracking-wider" title={t.name}>
                    #{t.tokenId} {t.name}
                  </p>
                  <Badge variant="secondary">
                    ED {t.edition}/{t.maxEditions}
                  </Badge>
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
                  <dt className="label-mono text-muted-foreground">SOURCE</dt>
                  <dd className="label-mono text-neon-lime">{t.source.toUpperCase()}</dd>
                  <dt className="label-mono text-muted-foreground">HOLDER</dt>
                  <dd className="min-w-0 truncate font-mono">
                    {t.inCustody ? (
                      <Badge variant="yellow">IN_CUSTODY</Badge>
                    ) : (
                      <span title={t.holder}>
                        {shortenAddress(t.holder)}
                        {walletAddress && t.holder.toLowerCase() === walletAddress.toLowerCase() && ' (you)'}
                      </span>
                    )}
                  </dd>
                  <dt className="label-mono text-muted-foreground">DELEGATE</dt>
                  <dd className="min-w-0 truncate font-mono">
                    {t.delegate ? <span title={t.delegate}>{shortenAddress(t.delegate)}</span> : 'NONE'}
                  </dd>
                  <dt className="label-mono text-muted-foreground">EXPIRES</dt>
                  <dd className="font-mono">{t.delegateExpires ? formatExpiry(t.delegateExpires) : '—'}</dd>
                </dl>
                {t.inCustody && (
                  <Button
                    type="button"
                    variant="lime"
                    size="sm"
                    disabled={claim.isPending || !signedIn}
                    onClick={() => claim.mutate(t.avatarId)}
                    className="self-start"
                  >
                    <PackageOpenIcon aria-hidden="true" />
                    {claim.isPending && claim.variables === t.avatarId ? 'CLAIMING...' : 'CLAIM'}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {claim.data?.transactionHash && (
          <TxReceipt hash={claim.data.transactionHash} title="AVATAR_CLAIMED">
            <dt className="label-mono text-muted-foreground">TOKEN_ID</dt>
            <dd className="font-mono">#{claim.data.tokenId}</dd>
          </TxReceipt>
        )}
      </section>

      <form className="flex flex-col gap-5" onSubmit={onSubmit} aria-label="Delegate an avatar NFT">
        <div className="grid gap-5 sm:grid-cols-[1.2fr_1.5fr_8rem]">
          <div className="grid gap-2">
            <Label htmlFor={ids.token}>TOKEN_ID</Label>
            <TokenSelect id={ids.token} tokens={tokens} value={tokenId} onValueChange={setTokenValue} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.delegate}>DELEGATE_ADDRESS</Label>
            <Input
              id={ids.delegate}
              value={delegate}
              onChange={(e) => setDelegate(e.target.value)}
              placeholder="0x…"
              autoComplete="off"
              spellCheck={false}
              pattern="^0x[0-9a-fA-F]{40}$"
              title="A 0x-prefixed 20-byte address"
              required
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.days}>DAYS</Label>
            <Input
              id={ids.days}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={days}
              onChange={(e) => setDays(e.target.value)}
              required
            />
          </div>
        </div>
        <ActionButton
          walletConnected={walletConnected}
          pending={delegateToken.isPending}
          disabled={!signedIn || !tokenId}
        >
          <UserCheckIcon aria-hidden="true" />
          {delegateToken.isPending ? 'DELEGATING...' : 'DELEGATE'}
        </ActionButton>
      </form>
      {delegateToken.data && (
        <TxReceipt hash={delegateToken.data.transactionHash} title="DELEGATION_SET">
          <dt className="label-mono text-muted-foreground">DELEGATE</dt>
          <dd className="font-mono">{delegateToken.data.user ? shortenAddress(delegateToken.data.user) : 'NONE'}</dd>
          <dt className="label-mono text-muted-foreground">EXPIRES</dt>
          <dd className="font-mono">{delegateToken.data.expires ? formatExpiry(delegateToken.data.expires) : '—'}</dd>
        </TxReceipt>
      )}
    </div>
  );
}

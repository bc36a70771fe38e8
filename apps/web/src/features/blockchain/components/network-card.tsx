import type { NetworkInfo } from '@app/domain/blockchain';
import { ExternalLinkIcon, GlobeIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { explorerAddressUrl, HashValue, NO_EXPLORER_TEXT } from '@/components/wallet/hash-value';

/**
 * SPEC §2 network info card, with the configured network (DESIGN §3: one network name everywhere,
 * not a hard-coded "Base Mainnet"), the real contract addresses (8+6, copy) and the explorer link when
 * the chain has one. Task verification lives in the ERC-8004 Validation Registry (the task contract),
 * avatars in the Identity Registry (AvatarNFT), ratings in the Reputation Registry.
 */
export function NetworkCard({ network }: { network: NetworkInfo }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <GlobeIcon className="size-4" aria-hidden="true" />
            NETWORK_INFO
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          <div className="flex flex-col gap-1">
            <dt className="label-mono text-muted-foreground">NETWORK</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <span className="font-bold text-foreground">{network.name}</span>
              <Badge variant={network.local ? 'yellow' : 'lime'}>CHAIN {network.chainId}</Badge>
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="label-mono text-muted-foreground">TASK_CONTRACT</dt>
            <dd className="min-w-0">
              <HashValue
                value={network.contracts.validationRegistry}
                explorerHref={explorerAddressUrl(network.explorerUrl, network.contracts.validationRegistry)}
                explorerLabel="View task contract in block explorer"
              />
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="label-mono text-muted-foreground">REPUTATION_CONTRACT</dt>
            <dd className="min-w-0">
              <HashValue
                value={network.contracts.reputationRegistry}
                explorerHref={explorerAddressUrl(network.explorerUrl, network.contracts.reputationRegistry)}
                explorerLabel="View reputation contract in block explorer"
              />
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="label-mono text-muted-foreground">AVATAR_CONTRACT</dt>
            <dd className="min-w-0">
              <HashValue
                value={network.contracts.avatarNFT}
                explorerHref={explorerAddressUrl(network.explorerUrl, network.contracts.avatarNFT)}
                explorerLabel="View avatar contract in block explorer"
              />
            </dd>
          </div>
        </dl>
        {network.explorerUrl ? (
          <Button asChild variant="outline" size="sm" className="mt-4 w-full">
            <a href={network.explorerUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon aria-hidden="true" />
              BLOCK_EXPLORER
            </a>
          </Button>
        ) : (
          <p className="mt-4 text-xs text-muted-foreground">{NO_EXPLORER_TEXT}.</p>
        )}
      </CardContent>
    </Card>
  );
}

import type { NetworkInfo } from '@app/domain/blockchain';
import { ExternalLinkIcon, FileCode2Icon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { explorerAddressUrl, HashValue } from '@/components/wallet/hash-value';

/**
 * SPEC §2 NFT contract info, wired: the configured network (not "Base Goerli Testnet" — DESIGN §3,
 * one network name everywhere), the ERC-721 standard and the real AvatarNFT address.
 */
export function ContractInfoCard({ network }: { network: NetworkInfo }) {
  const explorer = explorerAddressUrl(network.explorerUrl, network.contracts.avatarNFT);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <FileCode2Icon className="size-4" aria-hidden="true" />
            CONTRACT_INFO
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <dt className="label-mono text-muted-foreground">NETWORK</dt>
            <dd className="font-bold">{network.name}</dd>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <dt className="label-mono text-muted-foreground">STANDARD</dt>
            <dd className="flex flex-wrap gap-1.5">
              <Badge>ERC-721</Badge>
              <Badge variant="secondary">ERC-4907</Badge>
              <Badge variant="secondary">ERC-8004</Badge>
            </dd>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <dt className="label-mono text-muted-foreground">CONTRACT</dt>
            <dd className="min-w-0">
              <HashValue
                value={network.contracts.avatarNFT}
                explorerHref={explorer}
                explorerLabel="View avatar contract in block explorer"
              />
            </dd>
          </div>
        </dl>
        {network.explorerUrl && explorer && (
          <Button asChild variant="outline" size="sm" className="mt-4 w-full">
            <a href={explorer} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon aria-hidden="true" />
              VIEW_ON_EXPLORER
            </a>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

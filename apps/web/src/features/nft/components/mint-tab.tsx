import type { Avatar } from '@app/domain/avatar';
import { GemIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { formatEther } from 'viem';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TxReceipt } from '@/components/wallet/tx-receipt';
import type { NftToken } from '../api/get-nft-tokens';
import { type MintStep, useMintEdition } from '../api/mint-edition';
import { ActionButton, toastConnectWallet } from './action-button';

interface MintFields {
  avatarId: string;
  name: string;
  edition: string;
  maxEditions: string;
}

/** The form's starting values for an avatar: its name, the next edition and its series size. */
function fieldsFor(avatar: Avatar | undefined, tokens: NftToken[] | undefined): MintFields {
  if (!avatar) return { avatarId: '', name: '', edition: '1', maxEditions: '1' };
  const minted = tokens?.filter((t) => t.avatarId === avatar.id).length ?? 0;
  return {
    avatarId: String(avatar.id),
    name: avatar.name,
    edition: String(minted + 1),
    maxEditions: String(avatar.maxEditions),
  };
}

const STEP_LABEL: Record<MintStep, string> = {
  idle: 'MINT_EDITION',
  voucher: 'SIGNING_VOUCHER...',
  wallet: 'CONFIRM_IN_WALLET...',
  record: 'RECORDING_MINT...',
};

/**
 * MINT tab (SPEC §3 mint form, §5 rules): avatar name, edition number, max editions and avatar id,
 * all required, edition and max editions at least 1. Mints an edition through a server-signed
 * voucher sent from the user's own wallet.
 */
export function MintTab({
  avatars,
  tokens,
  walletConnected,
  signedIn,
}: {
  avatars: Avatar[] | undefined;
  tokens: NftToken[] | undefined;
  walletConnected: boolean;
  signedIn: boolean;
}) {
  const ids = { avatar: useId(), name: useId(), edition: useId(), max: useId() };
  const [edited, setEdited] = useState<MintFields | null>(null);
  const mint = useMintEdition();
  // Until the user edits, the fields follow the first avatar and the loaded token count.
  const fields = edited ?? fieldsFor(avatars?.[0], tokens);
  const set = (patch: Partial<MintFields>) => setEdited({ ...fields, ...patch });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!walletConnected) {
      toastConnectWallet();
      return;
    }
    mint.mutate(
      { avatarId: Number(fields.avatarId), edition: Number(fields.edition), maxEditions: Number(fields.maxEditions) },
      { onSuccess: () => setEdited(null) },
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <form className="flex flex-col gap-5" onSubmit={onSubmit} aria-label="Mint an avatar NFT edition">
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={ids.avatar}>AVATAR_ID</Label>
            <Select
              value={fields.avatarId}
              onValueChange={(v) =>
                setEdited(
                  fieldsFor(
                    avatars?.find((a) => String(a.id) === v),
                    tokens,
                  ),
                )
              }
              disabled={!avatars?.length}
              required
            >
              <SelectTrigger id={ids.avatar}>
                <SelectValue placeholder={signedIn ? 'No avatars yet' : 'Sign in to choose'} />
              </SelectTrigger>
              <SelectContent>
                {avatars?.map((a) => (
                  <SelectItem key={a.id} value={String(a.id)}>
                    #{a.id} · {a.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>AVATAR_NAME</Label>
            <Input id={ids.name} value={fields.name} onChange={(e) => set({ name: e.target.value })} required />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.edition}>EDITION_NUMBER</Label>
            <Input
              id={ids.edition}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={fields.edition}
              onChange={(e) => set({ edition: e.target.value })}
              required
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.max}>MAX_EDITIONS</Label>
            <Input
              id={ids.max}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={fields.maxEditions}
              onChange={(e) => set({ maxEditions: e.target.value })}
              required
            />
          </div>
        </div>
        <p className="text-xs text-muted-foreground">
          The server signs a voucher for this edition; your wallet sends the mint and pays its price.
        </p>
        <ActionButton walletConnected={walletConnected} pending={mint.isPending} disabled={!signedIn} variant="magenta">
          <GemIcon aria-hidden="true" />
          {STEP_LABEL[mint.step]}
        </ActionButton>
      </form>
      {mint.data && (
        <TxReceipt hash={mint.data.transactionHash} title="EDITION_MINTED">
          <dt className="label-mono text-muted-foreground">TOKEN_ID</dt>
          <dd className="font-mono">#{mint.data.tokenId}</dd>
          <dt className="label-mono text-muted-foreground">EDITION</dt>
          <dd className="font-mono">{mint.data.edition}</dd>
          <dt className="label-mono text-muted-foreground">PRICE</dt>
          <dd className="font-mono">{formatEther(BigInt(mint.data.priceWei))} ETH</dd>
        </TxReceipt>
      )}
    </div>
  );
}

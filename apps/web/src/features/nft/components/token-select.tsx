import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { NftToken } from '../api/get-nft-tokens';

/** SPEC §3 NFT forms' "token id": one of the user's avatar tokens. */
export function TokenSelect({
  id,
  tokens,
  value,
  onValueChange,
}: {
  id: string;
  tokens: NftToken[] | undefined;
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <Select value={value} onValueChange={onValueChange} disabled={!tokens?.length} required>
      <SelectTrigger id={id}>
        <SelectValue placeholder={tokens ? 'No tokens yet' : 'Loading tokens…'} />
      </SelectTrigger>
      <SelectContent>
        {tokens?.map((t) => (
          <SelectItem key={t.tokenId} value={String(t.tokenId)}>
            #{t.tokenId} · {t.name} · ED {t.edition}/{t.maxEditions}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The chosen token id, or the first token until the user picks one (derived, not synced). */
export function selectedTokenId(value: string, tokens: NftToken[] | undefined): string {
  if (value && tokens?.some((t) => String(t.tokenId) === value)) return value;
  return tokens?.[0] ? String(tokens[0].tokenId) : '';
}

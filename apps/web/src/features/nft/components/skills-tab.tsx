import type { Avatar } from '@app/domain/avatar';
import { BrainCircuitIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TxReceipt } from '@/components/wallet/tx-receipt';
import type { NftToken } from '../api/get-nft-tokens';
import { useRecordSkill } from '../api/record-skill';
import { ActionButton, toastConnectWallet } from './action-button';
import { selectedTokenId, TokenSelect } from './token-select';

/**
 * SKILLS tab (SPEC §3 skill form: token id, skill name, proficiency 0–100 per §5). The server
 * records on chain only a skill the token's avatar really has, at most at its trained proficiency;
 * the avatar's skills are offered as shortcuts.
 */
export function SkillsTab({
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
  const ids = { token: useId(), skill: useId(), proficiency: useId(), list: useId() };
  const [tokenValue, setTokenValue] = useState('');
  const [skillName, setSkillName] = useState('');
  const [proficiency, setProficiency] = useState('50');
  const record = useRecordSkill();

  const tokenId = selectedTokenId(tokenValue, tokens);
  const token = tokens?.find((t) => String(t.tokenId) === tokenId);
  const skills = avatars?.find((a) => a.id === token?.avatarId)?.skills ?? [];

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!walletConnected) {
      toastConnectWallet();
      return;
    }
    record.mutate({ tokenId: Number(tokenId), skillName: skillName.trim(), proficiency: Number(proficiency) });
  };

  return (
    <div className="flex flex-col gap-5">
      <form className="flex flex-col gap-5" onSubmit={onSubmit} aria-label="Record a skill on an avatar NFT">
        <div className="grid gap-5 sm:grid-cols-[1.2fr_1fr_8rem]">
          <div className="grid gap-2">
            <Label htmlFor={ids.token}>TOKEN_ID</Label>
            <TokenSelect id={ids.token} tokens={tokens} value={tokenId} onValueChange={setTokenValue} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.skill}>SKILL_NAME</Label>
            <Input
              id={ids.skill}
              value={skillName}
              onChange={(e) => setSkillName(e.target.value)}
              list={ids.list}
              placeholder="Solidity"
              required
            />
            <datalist id={ids.list}>
              {skills.map((s) => (
                <option key={s.id} value={s.name} />
              ))}
            </datalist>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.proficiency}>PROFICIENCY</Label>
            <Input
              id={ids.proficiency}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={proficiency}
              onChange={(e) => setProficiency(e.target.value)}
              required
            />
          </div>
        </div>
        {token && (
          <div className="flex flex-col gap-2">
            <p className="label-mono text-muted-foreground">{token.name}'S_TRAINED_SKILLS</p>
            {skills.length ? (
              <ul className="flex flex-wrap gap-2">
                {skills.map((s) => (
                  <li key={s.id}>
                    <button
                      type="button"
                      onClick={() => {
                        setSkillName(s.name);
                        setProficiency(String(s.proficiency));
                      }}
                      className="cursor-pointer rounded border border-primary/40 bg-primary/5 px-2 py-1 font-mono text-xs text-primary hover:border-primary hover:bg-primary/15 focus-visible:ring-[3px] focus-visible:ring-ring/70 focus-visible:outline-none"
                    >
                      {s.name} · {s.proficiency}
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-xs text-muted-foreground">
                No trained skills yet: practise a skill in AI_CHAT, then record it here.
              </p>
            )}
          </div>
        )}
        <ActionButton walletConnected={walletConnected} pending={record.isPending} disabled={!signedIn || !tokenId}>
          <BrainCircuitIcon aria-hidden="true" />
          {record.isPending ? 'RECORDING...' : 'RECORD_SKILL'}
        </ActionButton>
      </form>
      {record.data && (
        <TxReceipt hash={record.data.transactionHash} title="SKILL_RECORDED">
          <dt className="label-mono text-muted-foreground">SKILL</dt>
          <dd className="font-mono">
            {record.data.skillName ?? record.variables?.skillName} ·{' '}
            {record.data.proficiency ?? record.variables?.proficiency}
          </dd>
        </TxReceipt>
      )}
    </div>
  );
}

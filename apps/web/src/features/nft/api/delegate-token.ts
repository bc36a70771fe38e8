import { avatarNftAbi } from '@app/contracts/generated';
import { useMutation } from '@tanstack/react-query';
import type { Address } from 'viem';
import { useConfig } from 'wagmi';
import { writeContract } from 'wagmi/actions';
import { toast } from '@/hooks/use-toast';
import { queryClient } from '@/lib/query-client';
import { chainErrorText } from '@/lib/wallet/chain-error';
import { type ChainWriteReceipt, sendChainWrite } from '@/lib/wallet/chain-write';
import { getNftTokensQueryOptions } from './get-nft-tokens';
import { type RecordedDelegation, recordDelegation } from './record-delegation';

/** Seconds in a day: SPEC §3 delegation "duration in days". */
const DAY_SECONDS = 86_400;

/**
 * DELEGATE: the owner's wallet calls ERC-4907 `setUser(tokenId, delegate, now + days)`,
 * then POST /api/nft/delegations records it; the token list is refreshed.
 */
export function useDelegateToken(contractAddress: Address) {
  const config = useConfig();
  return useMutation({
    mutationFn: async (input: {
      tokenId: number;
      delegate: Address;
      days: number;
    }): Promise<RecordedDelegation & ChainWriteReceipt> => {
      const expires = BigInt(Math.floor(Date.now() / 1000) + input.days * DAY_SECONDS);
      const receipt = await sendChainWrite(config, () =>
        writeContract(config, {
          address: contractAddress,
          abi: avatarNftAbi,
          functionName: 'setUser',
          args: [BigInt(input.tokenId), input.delegate, expires],
        }),
      );
      const recorded = await recordDelegation({ tokenId: input.tokenId, txHash: receipt.transactionHash });
      return { ...recorded, ...receipt };
    },
    onSuccess: async (result) => {
      toast({
        title: 'Avatar Delegated',
        description: `Token #${result.tokenId} delegated until ${result.expires ? new Date(result.expires * 1000).toLocaleString() : '—'}`,
      });
      await queryClient.invalidateQueries({ queryKey: getNftTokensQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({
        title: 'Delegation Failed',
        description: chainErrorText(err, 'Could not delegate the token'),
        variant: 'destructive',
      });
    },
  });
}

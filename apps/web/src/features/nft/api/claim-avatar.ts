import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { getAvatarsQueryOptions } from '@/lib/get-avatars';
import { queryClient } from '@/lib/query-client';
import { getNftTokensQueryOptions } from './get-nft-tokens';

/** What a claim returns: the avatar's token now held by the linked wallet. */
export interface ClaimedAvatar {
  id: number;
  tokenId: number;
  walletAddress: string;
  transactionHash: string | null;
}

/** POST /api/avatars/:id/claim: moves the avatar NFT from platform custody to the linked wallet. */
export async function claimAvatar(avatarId: number): Promise<ClaimedAvatar> {
  const res = await apiRequest('POST', `/api/avatars/${avatarId}/claim`);
  return (await res.json()) as ClaimedAvatar;
}

/** CLAIM: takes an avatar out of custody into the linked wallet; refreshes tokens and avatars. */
export function useClaimAvatar() {
  return useMutation({
    mutationFn: claimAvatar,
    onSuccess: async (claimed) => {
      toast({ title: 'Avatar Claimed', description: `Token #${claimed.tokenId} is now in your wallet.` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getNftTokensQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAvatarsQueryOptions().queryKey }),
      ]);
    },
    onError: (err) => {
      toast({
        title: 'Claim Failed',
        description: getServerErrorText(err, 'Could not claim the avatar'),
        variant: 'destructive',
      });
    },
  });
}

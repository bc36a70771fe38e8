import type { User } from '@app/domain/user';
import { useMutation } from '@tanstack/react-query';
import type { Address } from 'viem';
import { useConfig } from 'wagmi';
import { toast } from '@/hooks/use-toast';
import { apiRequest } from '@/lib/api';
import { getUserQueryOptions } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { chainErrorText } from './chain-error';
import { type SignedSiweMessage, signSiweMessage } from './siwe';

/** POST /api/wallet/link {message, signature}: proves ownership and sets `users.walletAddress`. */
export async function linkWallet(signed: SignedSiweMessage): Promise<User> {
  const res = await apiRequest('POST', '/api/wallet/link', signed);
  return (await res.json()) as User;
}

/**
 * Links the connected wallet to the signed-in account: signs a SIWE message in the wallet, sends it,
 * and puts the returned user into the cache (WALLET_STATUS, /blockchain and /nft update at once).
 */
export function useLinkWallet() {
  const config = useConfig();
  return useMutation({
    mutationFn: async (address: Address) => linkWallet(await signSiweMessage(config, address)),
    onSuccess: (user) => {
      queryClient.setQueryData(getUserQueryOptions().queryKey, user);
      toast({ title: 'Wallet Linked', description: 'Your wallet is now linked to your account.' });
    },
    onError: (err) => {
      toast({
        title: 'Link Failed',
        description: chainErrorText(err, 'Could not link the wallet'),
        variant: 'destructive',
      });
    },
  });
}

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

/** POST /api/login/siwe {message, signature}: signs in as the wallet's account (created on first use). */
export async function signInWithEthereum(signed: SignedSiweMessage): Promise<User> {
  const res = await apiRequest('POST', '/api/login/siwe', signed);
  return (await res.json()) as User;
}

/**
 * Sign-In with Ethereum on /login: the connected wallet signs a SIWE message; on success
 * the user query is refreshed, so the router switches to the signed-in app.
 */
export function useSignInWithEthereum() {
  const config = useConfig();
  return useMutation({
    mutationFn: async (address: Address) =>
      signInWithEthereum(await signSiweMessage(config, address, 'Sign in to NEURAL_AVATARS.')),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({
        title: 'Sign-In Failed',
        description: chainErrorText(err, 'Could not sign in with this wallet'),
        variant: 'destructive',
      });
    },
  });
}

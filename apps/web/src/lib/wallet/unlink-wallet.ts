import type { User } from '@app/domain/user';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { getUserQueryOptions } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';

/** POST /api/wallet/unlink: clears `users.walletAddress`. */
export async function unlinkWallet(): Promise<User> {
  const res = await apiRequest('POST', '/api/wallet/unlink');
  return (await res.json()) as User;
}

/** Unlinks the account's wallet and updates the cached user. */
export function useUnlinkWallet() {
  return useMutation({
    mutationFn: unlinkWallet,
    onSuccess: (user) => {
      queryClient.setQueryData(getUserQueryOptions().queryKey, user);
      toast({ title: 'Wallet Unlinked', description: 'Your account no longer has a linked wallet.' });
    },
    onError: (err) => {
      toast({
        title: 'Unlink Failed',
        description: getServerErrorText(err, 'Could not unlink the wallet'),
        variant: 'destructive',
      });
    },
  });
}

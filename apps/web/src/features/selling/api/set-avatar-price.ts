import type { AvatarPrice } from '@app/domain/purchases';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { getAvatarsQueryOptions } from '@/lib/get-avatars';
import { queryClient } from '@/lib/query-client';

/**
 * PATCH /api/avatars/:id/price {priceEth}: the owner prices her avatar's editions (a decimal ETH
 * string), or takes them off sale with null. Mirrored on chain by Marketplace.setEditionPrice.
 */
export async function setAvatarPrice(avatarId: number, priceEth: string | null): Promise<AvatarPrice> {
  const res = await apiRequest('PATCH', `/api/avatars/${avatarId}/price`, { priceEth });
  return (await res.json()) as AvatarPrice;
}

export function useSetAvatarPrice() {
  return useMutation({
    mutationFn: ({ avatarId, priceEth }: { avatarId: number; priceEth: string | null }) =>
      setAvatarPrice(avatarId, priceEth),
    onSuccess: async (p) => {
      toast({
        title: p.priceEth ? 'Price Set' : 'Taken Off Sale',
        description: p.priceEth ? `Editions now sell for ${p.priceEth} ETH.` : 'Its editions are no longer for sale.',
      });
      await queryClient.invalidateQueries({ queryKey: getAvatarsQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({
        title: 'Price Not Set',
        description: getServerErrorText(err, 'Could not set the price'),
        variant: 'destructive',
      });
    },
  });
}

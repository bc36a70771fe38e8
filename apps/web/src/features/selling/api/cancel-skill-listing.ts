import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { getSkillListingsQueryOptions } from '@/lib/get-skill-listings';
import { queryClient } from '@/lib/query-client';

/** DELETE /api/skill-listings/:id: the seller cancels a listing (and its on-chain mirror). */
export async function cancelSkillListing(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/skill-listings/${id}`);
}

export function useCancelSkillListing() {
  return useMutation({
    mutationFn: cancelSkillListing,
    onSuccess: async () => {
      toast({ title: 'Listing Cancelled', description: 'The skill is no longer for sale.' });
      await queryClient.invalidateQueries({ queryKey: getSkillListingsQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({
        title: 'Cancel Failed',
        description: getServerErrorText(err, 'Could not cancel the listing'),
        variant: 'destructive',
      });
    },
  });
}

import type { CreateSkillListingInput, SkillListing } from '@app/domain/purchases';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { getSkillListingsQueryOptions } from '@/lib/get-skill-listings';
import { queryClient } from '@/lib/query-client';

/** POST /api/skill-listings: lists a skill of one of your avatars (proficiency at most the avatar's). */
export async function createSkillListing(input: CreateSkillListingInput): Promise<SkillListing> {
  const res = await apiRequest('POST', '/api/skill-listings', input);
  return (await res.json()) as SkillListing;
}

export function useCreateSkillListing() {
  return useMutation({
    mutationFn: createSkillListing,
    onSuccess: async (l) => {
      toast({ title: 'Skill Listed', description: `${l.skillName} is for sale at ${l.price} ETH.` });
      await queryClient.invalidateQueries({ queryKey: getSkillListingsQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({
        title: 'Listing Failed',
        description: getServerErrorText(err, 'Could not list the skill'),
        variant: 'destructive',
      });
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';

/** The skill the server wrote on chain (AvatarNFT.setSkill) and its receipt data. */
export interface RecordedSkill {
  skillId?: number;
  skillName?: string;
  proficiency?: number;
  transactionHash: string;
  blockNumber: number;
  gasUsed: string;
}

/** POST /api/nft/skills {tokenId, skillName, proficiency}: records a skill the avatar really has. */
export async function recordSkill(input: {
  tokenId: number;
  skillName: string;
  proficiency: number;
}): Promise<RecordedSkill> {
  const res = await apiRequest('POST', '/api/nft/skills', input);
  return (await res.json()) as RecordedSkill;
}

/** SKILLS: records an avatar's skill and proficiency (0–100, SPEC §5) on its token. */
export function useRecordSkill() {
  return useMutation({
    mutationFn: recordSkill,
    onSuccess: (result, input) => {
      toast({
        title: 'Skill Recorded',
        description: `${result.skillName ?? input.skillName} at ${result.proficiency ?? input.proficiency} recorded on token #${input.tokenId}`,
      });
    },
    onError: (err) => {
      toast({
        title: 'Skill Failed',
        description: getServerErrorText(err, 'Could not record the skill'),
        variant: 'destructive',
      });
    },
  });
}

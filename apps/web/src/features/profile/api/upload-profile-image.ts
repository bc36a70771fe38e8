import { useMutation } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getServerErrorText } from '@/lib/api';
import { getUserQueryOptions } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';

/** SPEC §3 Image upload response. */
export interface ProfileImageUpload {
  imageUrl: string;
}

/** SPEC §7 POST /api/profile/upload-image, multipart field `profileImage`. */
export async function uploadProfileImage(file: File): Promise<ProfileImageUpload> {
  const form = new FormData();
  form.append('profileImage', file);
  const res = await apiRequest('POST', '/api/profile/upload-image', form);
  return (await res.json()) as ProfileImageUpload;
}

/**
 * Uploads a new profile picture; toasts the outcome (SPEC §8) and refetches the user after success.
 */
export function useUploadProfileImage({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Profile image uploaded successfully' });
      onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey });
    },
    onError: (err) => {
      toast({ title: 'Upload Failed', description: getServerErrorText(err, 'Upload failed'), variant: 'destructive' });
    },
  });
}

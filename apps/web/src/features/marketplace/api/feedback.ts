import type { Feedback, FeedbackEligibility, FeedbackRequest, ReputationSummary } from '@app/domain/reputation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/avatars/:id/feedback: whether and how the signed-in user may rate ("rate this"). */
export function getFeedbackQueryOptions(avatarId: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/avatars', avatarId, 'feedback'],
    queryFn: async () =>
      (await (
        await apiRequest('GET', `/api/avatars/${encodeURIComponent(avatarId)}/feedback`)
      ).json()) as FeedbackEligibility,
    enabled,
    // While a relayed rating is on its way to the chain, look again every 1.5 s.
    refetchInterval: (q) => (q.state.data?.given.some((g) => g.status === 'pending') ? 1500 : false),
  });
}

export function useFeedback(avatarId: string, enabled: boolean) {
  return useQuery(getFeedbackQueryOptions(avatarId, enabled));
}

/** GET /api/avatars/:id/reputation: ERC-8004 getSummary over the verified clients. */
export function getReputationQueryOptions(avatarId: string) {
  return queryOptions({
    queryKey: ['/api/avatars', avatarId, 'reputation'],
    queryFn: async () =>
      (await (
        await apiRequest('GET', `/api/avatars/${encodeURIComponent(avatarId)}/reputation`)
      ).json()) as ReputationSummary,
  });
}

export function useReputation(avatarId: string) {
  return useQuery(getReputationQueryOptions(avatarId));
}

/** POST /api/avatars/:id/feedback: records the rating (relayed now, or a call for the wallet to send). */
export async function giveFeedback(avatarId: string, body: FeedbackRequest): Promise<Feedback> {
  return (await (
    await apiRequest('POST', `/api/avatars/${encodeURIComponent(avatarId)}/feedback`, body)
  ).json()) as Feedback;
}

/** POST /api/feedback/:id/confirm `{txHash}`: the server checks the wallet's NewFeedback event. */
export async function confirmFeedback(id: number, txHash: string): Promise<Feedback> {
  return (await (await apiRequest('POST', `/api/feedback/${id}/confirm`, { txHash })).json()) as Feedback;
}

import type { Team } from '@app/domain/teams';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** SPEC §7 GET /api/teams: the signed-in user's teams, each with its members in speaking order. */
export async function getTeams(): Promise<Team[]> {
  const res = await apiRequest('GET', '/api/teams');
  return (await res.json()) as Team[];
}

/** Query options of the user's teams; every team mutation invalidates through `.queryKey`. */
export function getTeamsQueryOptions() {
  return queryOptions({ queryKey: ['/api/teams'], queryFn: getTeams });
}

/** The signed-in user's teams. */
export function useTeams() {
  return useQuery(getTeamsQueryOptions());
}

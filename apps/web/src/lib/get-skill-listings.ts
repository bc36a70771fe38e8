import type { SkillListing } from '@app/domain/purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api';

/**
 * Skill listings. Shared by the marketplace (SKILLS_MARKETPLACE, Buy Skill) and
 * selling (your listings), so it lives in lib/.
 */

/** Which listings: buyable now (`active`), the signed-in seller's own (`mine`), of one skill or avatar. */
export interface SkillListingsFilter {
  active?: boolean;
  mine?: boolean;
  skillId?: number;
  avatarId?: number;
  limit?: number;
}

function searchOf(f: SkillListingsFilter): string {
  const q = new URLSearchParams();
  if (f.active) q.set('active', '1');
  if (f.mine) q.set('mine', '1');
  if (f.skillId) q.set('skillId', String(f.skillId));
  if (f.avatarId) q.set('avatarId', String(f.avatarId));
  if (f.limit) q.set('limit', String(f.limit));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** GET /api/skill-listings: newest first. */
export async function getSkillListings(f: SkillListingsFilter = {}): Promise<SkillListing[]> {
  const res = await apiRequest('GET', `/api/skill-listings${searchOf(f)}`);
  return (await res.json()) as SkillListing[];
}

/** Query options; `getSkillListingsQueryOptions().queryKey` (no filter) prefixes every filtered key. */
export function getSkillListingsQueryOptions(f?: SkillListingsFilter) {
  return queryOptions({
    queryKey: f ? ['/api/skill-listings', f] : ['/api/skill-listings'],
    queryFn: () => getSkillListings(f),
  });
}

export function useSkillListings(f: SkillListingsFilter, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...getSkillListingsQueryOptions(f), enabled: opts.enabled ?? true });
}

/**
 * The current page as a sign-in return path. Sign-in links built from it bring
 * the user back here; `safeReturnPath` (packages/domain) drops anything that is not a safe path.
 */
import { safeReturnPath } from '@app/domain/return-path';
import { useLocation, useSearch } from 'wouter';

/** The current path and query, e.g. `/avatar/3?tab=skills`. */
export function useCurrentPath(): string {
  const [location] = useLocation();
  const search = useSearch();
  return search ? `${location}?${search}` : location;
}

/** The `returnTo` of the current URL's query (on /login), or `null` when absent or unsafe. */
export function useReturnToParam(): string | null {
  const search = useSearch();
  return safeReturnPath(new URLSearchParams(search).get('returnTo'));
}

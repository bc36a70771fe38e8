/**
 * The signed-in user and access state (SPEC §4, §7 GET /api/auth/user, POST /api/auth/logout).
 * Lives in lib/ because the router, the navigation bar and several features all read it.
 */
import { type AccessState, accessStateOf } from '@app/domain/access';
import type { User } from '@app/domain/user';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from './api';
import { queryClient } from './query-client';

/** Query options of the current user; resolves to `null` when signed out (401). */
export function getUserQueryOptions() {
  return queryOptions({
    queryKey: ['/api/auth/user'],
    queryFn: getQueryFn<User | null>({ on401: 'returnNull' }),
    retry: false,
  });
}

/**
 * Puts the signed-in user the server inlined in the page (`<script type="application/json"
 * id="session-user">`, the body of GET /api/auth/user; apps/server/src/plugins/web-pages.ts) into the
 * query cache, so the app renders the signed-in page at once instead of asking who is signed in.
 * A page without it (a visitor, the landing page) leaves the cache alone and the app asks as before.
 * @returns the user found in the page, or null
 */
export function seedSessionUser(doc: Document = document): User | null {
  const el = doc.getElementById('session-user');
  if (!el?.textContent) return null;
  let user: User | null = null;
  try {
    user = JSON.parse(el.textContent) as User;
  } catch {
    return null; // not ours or damaged: ask the server instead
  }
  if (!user || typeof user !== 'object' || typeof user.id !== 'string') return null;
  queryClient.setQueryData(getUserQueryOptions().queryKey, user);
  return user;
}

/** The current user, `null` when signed out. */
export function useUser() {
  return useQuery(getUserQueryOptions());
}

/** What `useAuth` returns: the user, whether it is still loading, and the access state of SPEC §4. */
export interface Auth extends AccessState {
  user: User | null;
  isLoading: boolean;
}

/**
 * The current user and access state of SPEC §4: authenticated if a user is returned, admin if
 * role admin, has access if active or admin, needs approval if pending. A failed user call
 * (other than 401) counts as signed out, so visitors always reach the public pages.
 */
export function useAuth(): Auth {
  const { data, isLoading } = useUser();
  const user = data ?? null;
  return { user, isLoading, ...accessStateOf(user) };
}

/**
 * Ends the session (SPEC §4 Logout): calls the server, then clears every cached query and
 * reloads at `/` — even when the call fails, so the browser never stays half signed in.
 */
export async function logout(): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/logout');
  } catch (err) {
    console.error('Logout failed', err);
  } finally {
    queryClient.clear();
    window.location.href = '/';
  }
}

/** A mutation wrapping {@link logout}, for buttons that show a pending state. */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}

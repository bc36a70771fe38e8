/**
 * Access state of the current user (SPEC §4 "Access state", §6 roles).
 * Kept free of zod (types only) so the browser can import it into its entry bundle at no cost.
 */
import type { User } from './user';

/** What the client and server derive from the current user. */
export interface AccessState {
  isAuthenticated: boolean;
  isAdmin: boolean;
  hasAccess: boolean;
  needsApproval: boolean;
}

/** SPEC §4: authenticated if a user is returned; admin if role admin; has access if status active or admin; needs approval if pending. */
export function accessStateOf(user: Pick<User, 'role' | 'status'> | null | undefined): AccessState {
  if (!user) return { isAuthenticated: false, isAdmin: false, hasAccess: false, needsApproval: false };
  const isAdmin = user.role === 'admin';
  return {
    isAuthenticated: true,
    isAdmin,
    hasAccess: isAdmin || user.status === 'active',
    needsApproval: !isAdmin && user.status === 'pending',
  };
}

/**
 * Users and profile payloads (SPEC §3 User, §3 Profile update); the access state (SPEC §4) is in ./access.
 */
import { z } from 'zod';

export const USER_ROLES = ['user', 'admin'] as const;
export const USER_STATUSES = ['pending', 'active'] as const;
export const UserRoleSchema = z.enum(USER_ROLES);
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserRole = z.infer<typeof UserRoleSchema>;
export type UserStatus = z.infer<typeof UserStatusSchema>;

/** The user object returned by `GET /api/auth/user` (SPEC §3). Dates are ISO-8601 strings. */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  walletAddress: z.string().nullable(),
  role: UserRoleSchema,
  status: UserStatusSchema,
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** `PATCH /api/profile` body (SPEC §3 Profile update; names have no validation beyond length). */
export const ProfileUpdateSchema = z.object({
  firstName: z.string().trim().max(100).nullable().optional(),
  lastName: z.string().trim().max(100).nullable().optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** SPEC §9: maximum profile image size, bytes (5 MB). */
export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;

/** `PATCH /api/admin/users/:id` body. */
export const AdminUserUpdateSchema = z
  .object({ status: UserStatusSchema.optional(), role: UserRoleSchema.optional() })
  .refine((v) => v.status !== undefined || v.role !== undefined, {
    message: 'Provide status or role',
  });

/** Development sign-in form (no password; refused in production). */
export const DevLoginSchema = z.object({
  displayName: z.string().trim().min(1, 'Display name is required').max(100),
  email: z.email('A valid e-mail is required').trim().toLowerCase().max(254),
});

/** Display name per SPEC §2 profile editor: first + last, else e-mail prefix, else USER. */
export function displayNameOf(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  if (full) return full;
  const prefix = user.email?.split('@')[0];
  return prefix || 'USER';
}

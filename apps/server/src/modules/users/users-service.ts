/**
 * Users: sign-in upsert with the access rules of SPEC §4, profile updates, admin changes.
 */
import type { User } from '@app/domain/user';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The public JSON of a user (SPEC §3 User): internal columns are left out. */
export function toUserJson(u: UserRow): User {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    walletAddress: u.walletAddress,
    role: u.role as User['role'],
    status: u.status as User['status'],
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

export interface SignInClaims {
  /** Stable identity: `oidc:<issuer>|<sub>`, `dev:<email>`, `siwe:<address>`. */
  authSubject: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  walletAddress?: string | null;
}

export interface AccessPolicy {
  adminEmails: string[];
  autoApprove: boolean;
}

/**
 * Creates or updates the user behind a sign-in and stamps lastLoginAt.
 * New users: admin when they are the first non-demo user or their e-mail is in ADMIN_EMAILS;
 * active when auto-approve is on (or admin), else pending.
 * Runs under a transaction-scoped advisory lock so two first sign-ins cannot both become admin.
 */
export async function upsertSignIn(db: Db, claims: SignInClaims, policy: AccessPolicy): Promise<UserRow> {
  const email = claims.email?.trim().toLowerCase() || null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7301)`);
    const bySubject = await tx.select().from(users).where(eq(users.authSubject, claims.authSubject)).limit(1);
    const byEmail = !bySubject[0] && email ? await tx.select().from(users).where(eq(users.email, email)).limit(1) : [];
    const wallet = claims.walletAddress?.toLowerCase() ?? null;
    const byWallet =
      !bySubject[0] && !byEmail[0] && wallet
        ? await tx.select().from(users).where(eq(users.walletAddress, wallet)).limit(1)
        : [];
    // A wallet already linked to an account signs in as that account (Sign-In with Ethereum).
    const existing = bySubject[0] ?? byEmail[0] ?? byWallet[0];
    const listedAdmin = email !== null && policy.adminEmails.includes(email);
    const now = new Date();
    if (existing) {
      const [row] = await tx
        .update(users)
        .set({
          authSubject: existing.authSubject ?? claims.authSubject,
          email: email ?? existing.email,
          firstName: claims.firstName ?? existing.firstName,
          lastName: claims.lastName ?? existing.lastName,
          profileImageUrl: existing.profileImageUrl ?? claims.profileImageUrl ?? null,
          walletAddress: claims.walletAddress ?? existing.walletAddress,
          role: listedAdmin ? 'admin' : existing.role,
          status: listedAdmin ? 'active' : existing.status,
          isDemo: false,
          lastLoginAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, existing.id))
        .returning();
      return row as UserRow;
    }
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.isDemo, false));
    const isAdmin = listedAdmin || count === 0;
    const [row] = await tx
      .insert(users)
      .values({
        authSubject: claims.authSubject,
        email,
        firstName: claims.firstName ?? null,
        lastName: claims.lastName ?? null,
        profileImageUrl: claims.profileImageUrl ?? null,
        walletAddress: claims.walletAddress ?? null,
        role: isAdmin ? 'admin' : 'user',
        status: isAdmin || policy.autoApprove ? 'active' : 'pending',
        lastLoginAt: now,
      })
      .returning();
    return row as UserRow;
  });
}

/** Updates first/last name; empty strings clear them. Returns the new row. */
export async function updateProfile(
  db: Db,
  userId: string,
  patch: { firstName?: string | null; lastName?: string | null },
): Promise<UserRow> {
  const set: Partial<UserRow> = { updatedAt: new Date() };
  if (patch.firstName !== undefined) set.firstName = patch.firstName || null;
  if (patch.lastName !== undefined) set.lastName = patch.lastName || null;
  const [row] = await db.update(users).set(set).where(eq(users.id, userId)).returning();
  if (!row) throw new Error(`User ${userId} not found`);
  return row;
}

export async function setProfileImage(db: Db, userId: string, imageUrl: string): Promise<void> {
  await db.update(users).set({ profileImageUrl: imageUrl, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** All non-demo users, oldest first (admin page). */
export async function listUsers(db: Db): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.isDemo, false)))
    .orderBy(asc(users.createdAt))
    .limit(1000);
}

/** Admin change of status and/or role; null when the user does not exist. */
export async function adminUpdateUser(
  db: Db,
  userId: string,
  patch: { status?: string; role?: string },
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/** The user's linked (SIWE-verified) wallet, lower case, or null (none, or no such user). */
export async function findUserWallet(db: Db, userId: string): Promise<string | null> {
  const [u] = await db.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.wallet ?? null;
}

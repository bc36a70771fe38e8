/**
 * SQL of the teams module (SPEC §3 teams, team_members): every query the teams service runs, and
 * nothing else. Rules (ownership, limits, error statuses) live in teams-service.ts.
 */
import type { AgentType } from '@app/domain/avatar';
import { isTeamRole, type TeamRole } from '@app/domain/teams';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { avatars, teamMembers, teams } from '../../db/schema';

export type TeamRow = typeof teams.$inferSelect;

/** A member row joined with its avatar; `avatarOwnerId` tells whether the avatar changed hands. */
export interface MemberRow {
  teamId: number;
  avatarId: number;
  name: string;
  agentType: AgentType;
  level: number;
  experiencePoints: number;
  thumbnailUrl: string | null;
  role: TeamRole | null;
  joinedAt: Date;
  avatarOwnerId: string;
}

/** The owner's teams, oldest first. */
export function selectTeamsByOwner(db: Db, ownerId: string): Promise<TeamRow[]> {
  return db.select().from(teams).where(eq(teams.ownerId, ownerId)).orderBy(asc(teams.id));
}

/** One team by id, or undefined. */
export async function selectTeam(db: Db, teamId: number): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  return row;
}

/** Locks a team row until the end of the transaction (serialises membership changes). */
export async function lockTeam(db: Db, teamId: number): Promise<void> {
  await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
}

/** Inserts a team and returns its row. */
export async function insertTeam(
  db: Db,
  values: { ownerId: string; name: string; description: string | null },
): Promise<TeamRow> {
  const [row] = await db.insert(teams).values(values).returning();
  if (!row) throw new Error('team insert returned nothing');
  return row;
}

/** Updates a team's fields (and `updatedAt`); returns the new row. */
export async function updateTeamRow(
  db: Db,
  teamId: number,
  patch: Partial<Pick<TeamRow, 'name' | 'description' | 'isActive'>>,
): Promise<TeamRow> {
  const [row] = await db
    .update(teams)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(teams.id, teamId))
    .returning();
  if (!row) throw new Error(`team ${teamId} vanished`);
  return row;
}

/** Deletes a team; its member rows go with it (ON DELETE CASCADE), releasing the avatars. */
export async function deleteTeamRow(db: Db, teamId: number): Promise<void> {
  await db.delete(teams).where(eq(teams.id, teamId));
}

/** Members of several teams at once, keyed by team id (unordered; the service sorts). */
export async function selectMembersByTeam(db: Db, teamIds: number[]): Promise<Map<number, MemberRow[]>> {
  const map = new Map<number, MemberRow[]>();
  if (!teamIds.length) return map;
  const rows = await db
    .select({
      teamId: teamMembers.teamId,
      avatarId: teamMembers.avatarId,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
      name: avatars.name,
      agentType: avatars.agentType,
      level: avatars.level,
      experiencePoints: avatars.experiencePoints,
      thumbnailUrl: avatars.thumbnailUrl,
      avatarOwnerId: avatars.ownerId,
    })
    .from(teamMembers)
    .innerJoin(avatars, eq(avatars.id, teamMembers.avatarId))
    .where(inArray(teamMembers.teamId, teamIds));
  for (const r of rows) {
    const list = map.get(r.teamId) ?? [];
    list.push({
      ...r,
      agentType: r.agentType as AgentType,
      // Rows written elsewhere may hold a role we do not know; show them as unassigned.
      role: isTeamRole(r.role) ? r.role : null,
    });
    map.set(r.teamId, list);
  }
  return map;
}

/** Number of members of a team. */
export async function countMembers(db: Db, teamId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return row?.n ?? 0;
}

/**
 * Adds an avatar to a team. Returns false (and changes nothing) when it is already a member: the
 * unique key (teamId, avatarId) decides, so two concurrent adds cannot both succeed.
 */
export async function insertMember(
  db: Db,
  values: { teamId: number; avatarId: number; role: TeamRole },
): Promise<boolean> {
  const rows = await db
    .insert(teamMembers)
    .values(values)
    .onConflictDoNothing({ target: [teamMembers.teamId, teamMembers.avatarId] })
    .returning({ id: teamMembers.id });
  return rows.length > 0;
}

/** Changes a member's role; false when the avatar is not a member of the team. */
export async function updateMemberRole(db: Db, teamId: number, avatarId: number, role: TeamRole): Promise<boolean> {
  const rows = await db
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.avatarId, avatarId)))
    .returning({ id: teamMembers.id });
  return rows.length > 0;
}

/** Removes a member; false when the avatar was not a member of the team. */
export async function deleteMember(db: Db, teamId: number, avatarId: number): Promise<boolean> {
  const rows = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.avatarId, avatarId)))
    .returning({ id: teamMembers.id });
  return rows.length > 0;
}

/**
 * The teams an avatar belongs to (id, name, role, joinedAt), oldest membership first. This is the
 * membership row the `team_join` task verification checks.
 */
export function selectMembershipsOfAvatar(
  db: Db,
  avatarId: number,
): Promise<{ teamId: number; teamName: string; role: string | null; joinedAt: Date }[]> {
  return db
    .select({ teamId: teams.id, teamName: teams.name, role: teamMembers.role, joinedAt: teamMembers.joinedAt })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.avatarId, avatarId))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.id));
}

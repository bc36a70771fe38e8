/**
 * Teams of avatars: the owner's teams with their members, membership rules and team
 * chat. Rules: only the team's owner reads or changes it (403 otherwise, 404 unknown); only the
 * owner's avatars join (403); an avatar joins a team once (409) but may be in several teams; a team
 * holds at most TEAM_MAX_MEMBERS avatars (409).
 */
import {
  type AddTeamMember,
  type CreateTeam,
  compareTeamMembers,
  TEAM_CHAT_INTERACTION_TYPE,
  TEAM_MAX_MEMBERS,
  TEAM_ROLE_DESCRIPTIONS,
  type Team,
  type TeamChatReply,
  type TeamMember,
  type TeamRole,
  type UpdateTeam,
} from '@app/domain/teams';
import type { Db } from '../../db/client';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import type { ChatAttachment } from '../../providers/ai/types';
import { loadOwnedAvatar } from '../avatars/avatars-service';
import { type ChatDeps, completeChat, prepareChat } from '../chat/chat-service';
import {
  countMembers,
  deleteMember,
  deleteTeamRow,
  insertMember,
  insertTeam,
  lockTeam,
  type MemberRow,
  selectMembersByTeam,
  selectTeam,
  selectTeamsByOwner,
  type TeamRow,
  updateMemberRole,
  updateTeamRow,
} from './teams-repository';

const conflict = (message: string) => new HttpError(409, message);

/** API shape of a member (the avatar's identity and progress plus its role). */
function toMemberJson(m: MemberRow): TeamMember {
  return {
    avatarId: m.avatarId,
    name: m.name,
    agentType: m.agentType,
    level: m.level,
    experiencePoints: m.experiencePoints,
    thumbnailUrl: m.thumbnailUrl,
    role: m.role,
    joinedAt: m.joinedAt.toISOString(),
  };
}

/** Members in speaking order (role order, then who joined first). */
function sortMembers(members: MemberRow[]): MemberRow[] {
  return [...members].sort(compareTeamMembers);
}

/** API shape of a team with its members in speaking order. */
export function toTeamJson(row: TeamRow, members: MemberRow[] = []): Team {
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    members: sortMembers(members).map(toMemberJson),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Loads a team the user owns.
 * @throws HttpError 404 when absent, 403 when someone else's.
 */
export async function loadOwnedTeam(db: Db, teamId: number, userId: string): Promise<TeamRow> {
  const row = await selectTeam(db, teamId);
  if (!row) throw notFound('Team');
  if (row.ownerId !== userId) throw forbidden('This team belongs to someone else');
  return row;
}

/** One team as JSON, members included. */
async function teamJson(db: Db, row: TeamRow): Promise<Team> {
  const members = await selectMembersByTeam(db, [row.id]);
  return toTeamJson(row, members.get(row.id));
}

/** SPEC §7 GET /api/teams: the user's teams with their members, oldest team first. */
export async function listTeams(db: Db, userId: string): Promise<Team[]> {
  const rows = await selectTeamsByOwner(db, userId);
  const members = await selectMembersByTeam(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toTeamJson(r, members.get(r.id)));
}

/** Creates an empty, active team owned by the user. */
export async function createTeam(db: Db, userId: string, input: CreateTeam): Promise<Team> {
  const row = await insertTeam(db, { ownerId: userId, name: input.name, description: input.description });
  return toTeamJson(row);
}

/** Edits name, description and/or active state. @throws HttpError 404/403. */
export async function updateTeam(db: Db, teamId: number, userId: string, patch: UpdateTeam): Promise<Team> {
  await loadOwnedTeam(db, teamId, userId);
  const row = await updateTeamRow(db, teamId, patch);
  return teamJson(db, row);
}

/** Deletes a team; its members are released (their rows cascade). @throws HttpError 404/403. */
export async function deleteTeam(db: Db, teamId: number, userId: string): Promise<void> {
  await loadOwnedTeam(db, teamId, userId);
  await deleteTeamRow(db, teamId);
}

/**
 * Puts one of the user's avatars into the user's team with a role.
 * @throws HttpError 404 (team or avatar unknown), 403 (not the user's team or avatar),
 *   409 (already a member, or the team is full).
 */
export async function addMember(db: Db, teamId: number, userId: string, input: AddTeamMember): Promise<Team> {
  await loadOwnedTeam(db, teamId, userId);
  await loadOwnedAvatar(db, input.avatarId, userId);
  await db.transaction(async (tx) => {
    // The lock makes "count, then insert" safe against concurrent adds to the same team.
    await lockTeam(tx, teamId);
    if ((await countMembers(tx, teamId)) >= TEAM_MAX_MEMBERS) {
      throw conflict(`A team has at most ${TEAM_MAX_MEMBERS} members`);
    }
    const added = await insertMember(tx, { teamId, avatarId: input.avatarId, role: input.role });
    if (!added) throw conflict('This avatar is already a member of this team');
  });
  return teamJson(db, (await selectTeam(db, teamId))!);
}

/** Changes a member's role. @throws HttpError 404 (team, or avatar not a member), 403. */
export async function changeMemberRole(
  db: Db,
  teamId: number,
  userId: string,
  avatarId: number,
  role: TeamRole,
): Promise<Team> {
  const team = await loadOwnedTeam(db, teamId, userId);
  if (!(await updateMemberRole(db, teamId, avatarId, role))) throw notFound('Team member');
  return teamJson(db, team);
}

/** Removes an avatar from the team. @throws HttpError 404 (team, or avatar not a member), 403. */
export async function removeMember(db: Db, teamId: number, userId: string, avatarId: number): Promise<Team> {
  const team = await loadOwnedTeam(db, teamId, userId);
  if (!(await deleteMember(db, teamId, avatarId))) throw notFound('Team member');
  return teamJson(db, team);
}

/** Longest excerpt of an earlier teammate's reply put into the next member's brief. */
const BRIEF_REPLY_CHARS = 400;

/**
 * The context a member answers in (given to the chat provider as a text attachment, so the user's
 * message itself stays unchanged for intent detection and for the stored training row): the team,
 * the member's role and what it means, the teammates, and what they have said in this round.
 */
export function teamBrief(
  team: Pick<TeamRow, 'name' | 'description'>,
  member: Pick<MemberRow, 'avatarId' | 'role'>,
  members: Pick<MemberRow, 'avatarId' | 'name' | 'role'>[],
  earlier: Pick<TeamChatReply, 'name' | 'role' | 'response'>[],
): ChatAttachment {
  const roleName = member.role ?? 'member';
  const lines = [
    `Team "${team.name}"${team.description ? `: ${team.description}` : ''}.`,
    member.role
      ? `You are the ${member.role} of this team: you ${TEAM_ROLE_DESCRIPTIONS[member.role]}.`
      : 'You are a member of this team.',
  ];
  const mates = members.filter((m) => m.avatarId !== member.avatarId);
  if (mates.length) lines.push(`Teammates: ${mates.map((m) => `${m.name} (${m.role ?? 'member'})`).join(', ')}.`);
  for (const r of earlier) {
    lines.push(`${r.name} (${r.role ?? 'member'}) already answered: "${r.response.slice(0, BRIEF_REPLY_CHARS)}"`);
  }
  lines.push(`Answer the user's message as the team's ${roleName}, in your own voice, and build on your teammates.`);
  return { kind: 'text', name: `the ${team.name} ${roleName} brief`, text: lines.join('\n') };
}

/**
 * Team chat ("collaborative AI"): every member answers the message in turn, in its
 * own voice and framed by its role, each seeing what the teammates before it said. Each exchange is
 * stored as training of that member (interactionType `team_chat`, the user's message as userInput).
 * Members whose avatar has since changed hands are skipped.
 * @throws HttpError 404/403 (team), 409 (inactive or empty team); ChatProviderError (502).
 */
export async function teamChat(
  deps: ChatDeps,
  input: { teamId: number; userId: string; message: string; signal?: AbortSignal },
): Promise<TeamChatReply[]> {
  const { db } = deps;
  const team = await loadOwnedTeam(db, input.teamId, input.userId);
  if (!team.isActive) throw conflict('This team is inactive: activate it to chat');
  const all = (await selectMembersByTeam(db, [team.id])).get(team.id) ?? [];
  const members = sortMembers(all.filter((m) => m.avatarOwnerId === input.userId));
  if (!members.length) throw conflict('This team has no members yet: add an avatar first');

  const replies: TeamChatReply[] = [];
  for (const member of members) {
    const brief = teamBrief(team, member, members, replies);
    const { request } = await prepareChat(deps, {
      avatarId: member.avatarId,
      userId: input.userId,
      message: input.message,
      attachments: [brief],
    });
    const reply = await deps.chat.reply(request, { signal: input.signal });
    // Team replies are text: artwork is made in one-to-one chat, not once per member.
    const out = await completeChat(deps, {
      avatarId: member.avatarId,
      userId: input.userId,
      message: input.message,
      reply: { ...reply, imagePrompt: null },
      interactionType: TEAM_CHAT_INTERACTION_TYPE,
    });
    replies.push({
      avatarId: member.avatarId,
      name: member.name,
      role: member.role,
      response: out.response,
      taskSuggestion: out.taskSuggestion,
    });
  }
  return replies;
}

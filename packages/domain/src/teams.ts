/**
 * Teams of avatars (SPEC §2 Teams page, §3 teams / team_members, §7 GET /api/teams; BEYOND: the rest of the teams API):
 * request bodies, the fixed member roles, the team JSON the API returns and the order members
 * speak in. BEYOND the spec: teams are editable, members have roles and the team can chat.
 */
import { z } from 'zod';
import { AgentTypeSchema } from './avatar';
import { ChatMessageTextSchema, TaskSuggestionSchema } from './chat';

/** Largest value of a PostgreSQL `serial` id. */
const MAX_SERIAL_ID = 2_147_483_647;

/**
 * Member roles, in the order members speak in team chat (a short fixed list).
 * The lead frames the answer, the others follow.
 */
export const TEAM_ROLES = ['lead', 'researcher', 'builder', 'negotiator', 'designer', 'analyst'] as const;
export const TeamRoleSchema = z.enum(TEAM_ROLES, { error: `Role must be one of: ${TEAM_ROLES.join(', ')}` });
export type TeamRole = z.infer<typeof TeamRoleSchema>;

/** What each role does, shown next to the role picker and given to the avatar as its brief. */
export const TEAM_ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  lead: 'sets the direction and splits the work',
  researcher: 'digs up facts, prior art and risks',
  builder: 'ships the code, contracts and deployments',
  negotiator: 'handles deals, pricing and partners',
  designer: 'owns the look, the art and the user experience',
  analyst: 'measures results and spots what to improve',
};

/** True for a known role (rows written by other code may hold anything). */
export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === 'string' && (TEAM_ROLES as readonly string[]).includes(value);
}

/** SPEC §2 style label of a role: `lead` → `LEAD`. */
export function teamRoleLabel(role: TeamRole | null): string {
  return role ? role.toUpperCase() : 'UNASSIGNED';
}

/** Longest team name and description (ours). */
export const TEAM_NAME_MAX = 60;
export const TEAM_DESCRIPTION_MAX = 500;
/** Most members one team may have (ours): each member answers every team message. */
export const TEAM_MAX_MEMBERS = 8;

const TeamNameSchema = z
  .string({ error: 'Team name is required' })
  .trim()
  .min(1, 'Team name is required')
  .max(TEAM_NAME_MAX, `Team name must be at most ${TEAM_NAME_MAX} characters`);

/** Optional description; blank is stored as none (the card then shows 'No description available'). */
const TeamDescriptionSchema = z
  .string()
  .trim()
  .max(TEAM_DESCRIPTION_MAX, `Description must be at most ${TEAM_DESCRIPTION_MAX} characters`)
  .nullish()
  .transform((v) => (v ? v : null));

/** `POST /api/teams` body: name required, description optional (SPEC §3 teams). */
export const CreateTeamSchema = z.object({
  name: TeamNameSchema,
  description: TeamDescriptionSchema,
});
export type CreateTeamInput = z.input<typeof CreateTeamSchema>;
export type CreateTeam = z.output<typeof CreateTeamSchema>;

/** `PATCH /api/teams/:id` body: any of name, description, isActive; at least one. */
export const UpdateTeamSchema = z
  .object({
    name: TeamNameSchema.optional(),
    description: TeamDescriptionSchema.optional(),
    isActive: z.boolean().optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined || v.isActive !== undefined, {
    error: 'Nothing to update: send name, description or isActive',
  });
export type UpdateTeamInput = z.input<typeof UpdateTeamSchema>;
export type UpdateTeam = z.output<typeof UpdateTeamSchema>;

/** An avatar id in a body or path (positive serial id). */
export const TeamAvatarIdSchema = z.coerce.number().int().min(1).max(MAX_SERIAL_ID);

/** `POST /api/teams/:id/members` body: one of the owner's avatars and its role. */
export const AddTeamMemberSchema = z.object({
  avatarId: z.number().int().min(1).max(MAX_SERIAL_ID),
  role: TeamRoleSchema,
});
export type AddTeamMember = z.infer<typeof AddTeamMemberSchema>;

/** `PATCH /api/teams/:id/members/:avatarId` body. */
export const UpdateTeamMemberSchema = z.object({ role: TeamRoleSchema });
export type UpdateTeamMember = z.infer<typeof UpdateTeamMemberSchema>;

/** Path params `:id` of a team. */
export const TeamParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(MAX_SERIAL_ID) });
/** Path params `:id/members/:avatarId`. */
export const TeamMemberParamsSchema = TeamParamsSchema.extend({ avatarId: TeamAvatarIdSchema });

/** A member as the API returns it: the avatar's identity and progress plus its team role. */
export const TeamMemberSchema = z.object({
  avatarId: z.number().int(),
  name: z.string(),
  agentType: AgentTypeSchema,
  level: z.number().int(),
  experiencePoints: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  role: TeamRoleSchema.nullable(),
  /** ISO-8601. */
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** A team as the API returns it (SPEC §3 teams) with its members in speaking order. */
export const TeamSchema = z.object({
  id: z.number().int(),
  ownerId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  members: z.array(TeamMemberSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Team = z.infer<typeof TeamSchema>;

/** `GET /api/teams` response (SPEC §7: the team list). */
export const TeamListSchema = z.array(TeamSchema);

/** `training_interactions.interactionType` of a team chat exchange (SPEC §3). */
export const TEAM_CHAT_INTERACTION_TYPE = 'team_chat';

/** `POST /api/teams/:id/chat` body. */
export const TeamChatRequestSchema = z.object({ message: ChatMessageTextSchema });
export type TeamChatRequest = z.infer<typeof TeamChatRequestSchema>;

/** One member's answer in team chat. */
export const TeamChatReplySchema = z.object({
  avatarId: z.number().int(),
  name: z.string(),
  role: TeamRoleSchema.nullable(),
  response: z.string(),
  taskSuggestion: TaskSuggestionSchema.nullable(),
});
export type TeamChatReply = z.infer<typeof TeamChatReplySchema>;

/** `POST /api/teams/:id/chat` response: one reply per member, in speaking order. */
export const TeamChatResponseSchema = z.object({ replies: z.array(TeamChatReplySchema) });
export type TeamChatResponse = z.infer<typeof TeamChatResponseSchema>;

/**
 * Speaking order of members: by role (the order of {@link TEAM_ROLES}, no role last), then by
 * who joined first, then by avatar id (stable when two joined in the same instant).
 */
export function compareTeamMembers(
  a: { role: TeamRole | null; joinedAt: string | Date; avatarId: number },
  b: { role: TeamRole | null; joinedAt: string | Date; avatarId: number },
): number {
  const rank = (r: TeamRole | null) => (r ? TEAM_ROLES.indexOf(r) : TEAM_ROLES.length);
  return (
    rank(a.role) - rank(b.role) ||
    new Date(a.joinedAt).getTime() - new Date(b.joinedAt).getTime() ||
    a.avatarId - b.avatarId
  );
}

/**
 * SPEC §2: the card's member line, 'MEMBERS: 0 avatars', with the real count (singular for one,
 * ours: the spec only shows the plural).
 */
export function membersLabel(count: number): string {
  return `MEMBERS: ${count} ${count === 1 ? 'avatar' : 'avatars'}`;
}

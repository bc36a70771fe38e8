import { describe, expect, it } from 'vitest';
import {
  AddTeamMemberSchema,
  CreateTeamSchema,
  compareTeamMembers,
  isTeamRole,
  membersLabel,
  TEAM_NAME_MAX,
  TEAM_ROLES,
  TeamChatRequestSchema,
  TeamMemberParamsSchema,
  teamRoleLabel,
  UpdateTeamSchema,
} from './teams';

describe('CreateTeamSchema', () => {
  it('trims the name and stores a blank description as null', () => {
    expect(CreateTeamSchema.parse({ name: '  Night Shift ', description: '   ' })).toEqual({
      name: 'Night Shift',
      description: null,
    });
    expect(CreateTeamSchema.parse({ name: 'A' })).toEqual({ name: 'A', description: null });
  });

  it("requires a name with the message 'Team name is required'", () => {
    for (const body of [{}, { name: '' }, { name: '   ' }]) {
      const r = CreateTeamSchema.safeParse(body);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('Team name is required');
    }
  });

  it('bounds the name length', () => {
    expect(CreateTeamSchema.safeParse({ name: 'x'.repeat(TEAM_NAME_MAX) }).success).toBe(true);
    expect(CreateTeamSchema.safeParse({ name: 'x'.repeat(TEAM_NAME_MAX + 1) }).success).toBe(false);
  });
});

describe('UpdateTeamSchema', () => {
  it('accepts any one field and refuses an empty patch', () => {
    expect(UpdateTeamSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(UpdateTeamSchema.parse({ description: '' })).toEqual({ description: null });
    expect(UpdateTeamSchema.safeParse({}).success).toBe(false);
    expect(UpdateTeamSchema.safeParse({ isActive: 'no' }).success).toBe(false);
    expect(UpdateTeamSchema.safeParse({ name: ' ' }).success).toBe(false);
  });
});

describe('members', () => {
  it('accepts only the fixed roles', () => {
    expect(AddTeamMemberSchema.parse({ avatarId: 3, role: 'lead' })).toEqual({ avatarId: 3, role: 'lead' });
    const bad = AddTeamMemberSchema.safeParse({ avatarId: 3, role: 'overlord' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain('Role must be one of: lead, researcher');
    expect(AddTeamMemberSchema.safeParse({ avatarId: 0, role: 'lead' }).success).toBe(false);
    expect(AddTeamMemberSchema.safeParse({ avatarId: '3', role: 'lead' }).success).toBe(false);
    expect(isTeamRole('builder')).toBe(true);
    expect(isTeamRole('boss')).toBe(false);
    expect(teamRoleLabel('negotiator')).toBe('NEGOTIATOR');
    expect(teamRoleLabel(null)).toBe('UNASSIGNED');
  });

  it('parses path params', () => {
    expect(TeamMemberParamsSchema.parse({ id: '4', avatarId: '9' })).toEqual({ id: 4, avatarId: 9 });
    expect(TeamMemberParamsSchema.safeParse({ id: 'x', avatarId: '9' }).success).toBe(false);
  });

  it('orders speakers by role, then join time, then id', () => {
    const t0 = '2025-01-01T00:00:00.000Z';
    const t1 = '2025-01-02T00:00:00.000Z';
    const members = [
      { avatarId: 1, role: 'builder' as const, joinedAt: t0 },
      { avatarId: 2, role: null, joinedAt: t0 },
      { avatarId: 3, role: 'lead' as const, joinedAt: t1 },
      { avatarId: 5, role: 'builder' as const, joinedAt: t0 },
      { avatarId: 4, role: 'builder' as const, joinedAt: t1 },
    ];
    expect([...members].sort(compareTeamMembers).map((m) => m.avatarId)).toEqual([3, 1, 5, 4, 2]);
    expect(TEAM_ROLES[0]).toBe('lead');
  });

  it("labels the member count like SPEC §2 'MEMBERS: 0 avatars'", () => {
    expect(membersLabel(0)).toBe('MEMBERS: 0 avatars');
    expect(membersLabel(1)).toBe('MEMBERS: 1 avatar');
    expect(membersLabel(2)).toBe('MEMBERS: 2 avatars');
  });
});

describe('TeamChatRequestSchema', () => {
  it('refuses a blank message', () => {
    expect(TeamChatRequestSchema.safeParse({ message: '  ' }).success).toBe(false);
    expect(TeamChatRequestSchema.parse({ message: ' plan the launch ' })).toEqual({ message: 'plan the launch' });
  });
});

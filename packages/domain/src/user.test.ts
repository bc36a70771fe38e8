import { describe, expect, it } from 'vitest';
import { accessStateOf, displayNameOf, ProfileUpdateSchema } from './user';

describe('accessStateOf (SPEC §4)', () => {
  it('is unauthenticated without a user', () => {
    expect(accessStateOf(null)).toEqual({
      isAuthenticated: false,
      isAdmin: false,
      hasAccess: false,
      needsApproval: false,
    });
  });
  it('gives an admin access even while pending', () => {
    const s = accessStateOf({ role: 'admin', status: 'pending' });
    expect(s.isAdmin).toBe(true);
    expect(s.hasAccess).toBe(true);
    expect(s.needsApproval).toBe(false);
  });
  it('makes a pending user need approval', () => {
    const s = accessStateOf({ role: 'user', status: 'pending' });
    expect(s.hasAccess).toBe(false);
    expect(s.needsApproval).toBe(true);
  });
  it('gives an active user access', () => {
    expect(accessStateOf({ role: 'user', status: 'active' }).hasAccess).toBe(true);
  });
});

describe('displayNameOf', () => {
  it('prefers first and last name', () => {
    expect(displayNameOf({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x.io' })).toBe('Ada Lovelace');
  });
  it('falls back to the e-mail prefix, then USER', () => {
    expect(displayNameOf({ firstName: null, lastName: null, email: 'neo@matrix.io' })).toBe('neo');
    expect(displayNameOf({ firstName: null, lastName: null, email: null })).toBe('USER');
  });
});

describe('ProfileUpdateSchema', () => {
  it('trims names and refuses very long ones', () => {
    expect(ProfileUpdateSchema.parse({ firstName: '  Neo ' }).firstName).toBe('Neo');
    expect(ProfileUpdateSchema.safeParse({ firstName: 'x'.repeat(101) }).success).toBe(false);
  });
});

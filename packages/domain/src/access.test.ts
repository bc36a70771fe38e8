import { describe, expect, it } from 'vitest';
import { accessStateOf } from './access';

describe('accessStateOf (SPEC §4)', () => {
  it('is unauthenticated without a user', () => {
    for (const user of [null, undefined]) {
      expect(accessStateOf(user)).toEqual({
        isAuthenticated: false,
        isAdmin: false,
        hasAccess: false,
        needsApproval: false,
      });
    }
  });
  it('gives an admin access even while pending, and no approval is needed', () => {
    expect(accessStateOf({ role: 'admin', status: 'pending' })).toEqual({
      isAuthenticated: true,
      isAdmin: true,
      hasAccess: true,
      needsApproval: false,
    });
  });
  it('makes a pending user need approval and have no access', () => {
    expect(accessStateOf({ role: 'user', status: 'pending' })).toEqual({
      isAuthenticated: true,
      isAdmin: false,
      hasAccess: false,
      needsApproval: true,
    });
  });
  it('gives an active user access', () => {
    expect(accessStateOf({ role: 'user', status: 'active' })).toEqual({
      isAuthenticated: true,
      isAdmin: false,
      hasAccess: true,
      needsApproval: false,
    });
  });
});

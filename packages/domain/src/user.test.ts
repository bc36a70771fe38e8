import { describe, expect, it } from 'vitest';
import { displayNameOf, ProfileUpdateSchema } from './user';

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

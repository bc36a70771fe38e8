import type { User } from '@app/domain/user';

/** SPEC §2 user menu: first name, else the part of the e-mail before @, else ANON. */
export function menuNameOf(user: Pick<User, 'firstName' | 'email'>): string {
  return user.firstName?.trim() || user.email?.split('@')[0] || 'ANON';
}

/** Up to two initials for an avatar fallback: first + last name, else the menu name's first letter. */
export function initialsOf(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const fromNames = [user.firstName, user.lastName].map((part) => part?.trim()[0] ?? '').join('');
  return (fromNames || menuNameOf(user)[0] || 'A').toUpperCase();
}

import type { User } from '@app/domain/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/admin/users: every user (admins only). */
export async function getUsers(): Promise<User[]> {
  const res = await apiRequest('GET', '/api/admin/users');
  return (await res.json()) as User[];
}

/** Query options of the admin user list. */
export function getUsersQueryOptions() {
  return queryOptions({ queryKey: ['/api/admin/users'], queryFn: getUsers });
}

/** All users, for the admin page. */
export function useUsers() {
  return useQuery(getUsersQueryOptions());
}

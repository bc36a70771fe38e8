import type { User } from '@app/domain/user';
import { render } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { server } from './server';

/** A user as `GET /api/auth/user` returns it; override any field. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    walletAddress: null,
    role: 'user',
    status: 'active',
    lastLoginAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Answers `GET /api/auth/user` with this user, or 401 when `null` (signed out). */
export function mockCurrentUser(user: User | null) {
  server.use(
    http.get('*/api/auth/user', () =>
      user ? HttpResponse.json(user) : HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }),
    ),
  );
}

/** Renders the whole app (providers + router) at `path`. */
export function renderApp(path = '/') {
  window.history.pushState(null, '', path);
  return render(
    <AppProvider>
      <AppRouter />
    </AppProvider>,
  );
}

/** Renders a component inside the app providers (query client, toaster). */
export function renderWithProviders(ui: ReactNode) {
  return render(<AppProvider>{ui}</AppProvider>);
}

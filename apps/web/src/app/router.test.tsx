import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, mockCurrentUser, renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const landingShown = () => screen.findByRole('button', { name: 'JOIN_WAITLIST' });

describe('while the user loads', () => {
  it("shows 'INITIALIZING NEURAL LINK...'", async () => {
    server.use(
      http.get('*/api/auth/user', async () => {
        await delay(200);
        return HttpResponse.json({ error: 'Unauthorized' }, { status: 401 });
      }),
    );
    renderApp('/');
    expect(screen.getByText('INITIALIZING NEURAL LINK...')).toBeInTheDocument();
    expect(await landingShown()).toBeInTheDocument();
  });
});

describe('signed out (SPEC §2 route table)', () => {
  it('shows the landing page at /', async () => {
    mockCurrentUser(null);
    renderApp('/');
    expect(await landingShown()).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName(/AI AVATARS/);
    expect(screen.getByRole('button', { name: 'JOIN_THE_REVOLUTION' })).toBeInTheDocument();
  });

  it.each(['/teams', '/profile', '/studio', '/avatar-chat/3', '/admin', '/nope'])(
    'falls back to the landing page at %s',
    async (path) => {
      mockCurrentUser(null);
      renderApp(path);
      expect(await landingShown()).toBeInTheDocument();
    },
  );

  it('shows ACCESS_NEURAL_LINK at /login with a plain link to /api/login', async () => {
    mockCurrentUser(null);
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'ACCESS_NEURAL_LINK' })).toBeInTheDocument();
    for (const line of [
      'Create and train AI avatars',
      'Trade skills on the blockchain marketplace',
      'Build collaborative avatar teams',
      'Secure network verification',
    ]) {
      expect(screen.getByText(line)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/api/login');
    expect(screen.getByText(/Terms of Service and Privacy Policy/)).toBeInTheDocument();
  });

  it.each(['/marketplace', '/avatar/21', '/blockchain', '/nft'])('opens the public page %s', async (path) => {
    mockCurrentUser(null);
    renderApp(path);
    expect(await screen.findByRole('link', { name: 'LOGIN' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'JOIN_WAITLIST' })).not.toBeInTheDocument();
  });
});

describe('signed in (SPEC §2 route table, §4 access state)', () => {
  it.each([
    ['/', 'AI_CHAT'],
    ['/profile', 'PROFILE'],
    ['/create', 'CREATE'],
  ])('opens the dashboard at %s on the %s tab', async (path, tab) => {
    mockCurrentUser(makeUser());
    renderApp(path);
    expect(await screen.findByRole('tab', { name: tab, selected: true })).toBeInTheDocument();
  });

  it('shows the 404 page for unknown paths', async () => {
    mockCurrentUser(makeUser());
    renderApp('/nope');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('shows the 404 page at /admin to non-admins', async () => {
    mockCurrentUser(makeUser());
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('shows the user list at /admin to admins', async () => {
    mockCurrentUser(makeUser({ role: 'admin' }));
    server.use(
      http.get('*/api/admin/users', () =>
        HttpResponse.json([makeUser({ id: 'u2', email: 'pete@example.com', status: 'pending' })]),
      ),
    );
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'ADMIN_USERS' })).toBeInTheDocument();
  });

  it('shows PENDING_APPROVAL with LOGOUT to a pending user on every route', async () => {
    mockCurrentUser(makeUser({ status: 'pending' }));
    renderApp('/teams');
    expect(await screen.findByRole('heading', { name: 'PENDING_APPROVAL' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'LOGOUT' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('lets a pending admin in (admin always has access)', async () => {
    mockCurrentUser(makeUser({ role: 'admin', status: 'pending' }));
    renderApp('/');
    expect(await screen.findByRole('tab', { name: 'AI_CHAT', selected: true })).toBeInTheDocument();
  });

  it('navigates to /marketplace when MARKETPLACE is chosen', async () => {
    mockCurrentUser(makeUser());
    renderApp('/');
    await userEvent.click(await screen.findByRole('tab', { name: 'MARKETPLACE' }));
    await expect.poll(() => window.location.pathname).toBe('/marketplace');
  });
});

describe('navigation bar (SPEC §2)', () => {
  it.each([
    [{ firstName: 'Ada' }, 'Ada'],
    [{ firstName: null, email: 'neo@matrix.io' }, 'neo'],
    [{ firstName: null, email: null }, 'ANON'],
  ])('names the user menu after %o as %s', async (overrides, name) => {
    mockCurrentUser(makeUser(overrides));
    renderApp('/');
    expect(await screen.findByRole('button', { name })).toBeInTheDocument();
  });

  it('has logo, DASHBOARD and MARKETPLACE links and a menu with NEURAL_PROFILE, SETTINGS and LOGOUT', async () => {
    mockCurrentUser(makeUser());
    renderApp('/create');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'DASHBOARD' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'MARKETPLACE' })).toHaveAttribute('href', '/marketplace');
    expect(screen.getByRole('link', { name: 'NEURAL_AVATARS home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Toggle navigation menu' })).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'Ada' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('NEURAL_PROFILE')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'LOGOUT' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'ADMIN' })).not.toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'SETTINGS' }));
    expect(await screen.findByRole('tab', { name: 'PROFILE', selected: true })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/profile');
  });

  it('offers ADMIN to admins', async () => {
    mockCurrentUser(makeUser({ role: 'admin' }));
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Ada' }));
    expect(await screen.findByRole('menuitem', { name: 'ADMIN' })).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, mockCurrentUser, renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// An avatar of GET /api/avatars always has its skills (the sell page lists their count).
const mockAvatars = (list: { id: number; name: string }[]) =>
  server.use(http.get('*/api/avatars', () => HttpResponse.json(list.map((a) => ({ skills: [], ...a })))));

describe('navigation', () => {
  it('reaches every signed-in section from the bar and marks the current one', async () => {
    mockCurrentUser(makeUser());
    mockAvatars([{ id: 7, name: 'NEON_FOX' }]);
    renderApp('/teams');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'AVATAR_CHAT' })).toHaveAttribute('href', '/avatar-chat/7');
    const expected: [string, string][] = [
      ['DASHBOARD', '/'],
      ['MARKETPLACE', '/marketplace'],
      ['TEAMS', '/teams'],
      ['BLOCKCHAIN', '/blockchain'],
      ['NFT', '/nft'],
      ['SELL', '/sell'],
    ];
    for (const [name, href] of expected) expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    expect(within(nav).getByRole('link', { name: 'TEAMS' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'DASHBOARD' })).not.toHaveAttribute('aria-current');
  });

  it('marks MARKETPLACE on an avatar detail page and DASHBOARD on /profile', async () => {
    mockCurrentUser(makeUser());
    mockAvatars([]);
    renderApp('/avatar/12');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'MARKETPLACE' })).toHaveAttribute('aria-current', 'page');
    // No avatar yet: nothing to chat with, so no AVATAR_CHAT section.
    expect(within(nav).queryByRole('link', { name: 'AVATAR_CHAT' })).not.toBeInTheDocument();
  });

  it('opens a menu sheet with every section on small screens; choosing one navigates and closes it', async () => {
    mockCurrentUser(makeUser());
    mockAvatars([{ id: 3, name: 'GHOST' }]);
    renderApp('/sell');
    const toggle = await screen.findByRole('button', { name: 'Toggle navigation menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const sheet = await screen.findByRole('dialog', { name: 'NAVIGATION' });
    const sections = within(sheet).getByRole('navigation', { name: 'Sections' });
    expect(await within(sections).findByRole('link', { name: 'AVATAR_CHAT' })).toBeInTheDocument();
    expect(
      within(sections)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['DASHBOARD', 'MARKETPLACE', 'TEAMS', 'BLOCKCHAIN', 'NFT', 'SELL', 'AVATAR_CHAT']);
    expect(within(sections).getByRole('link', { name: 'SELL' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(sections).getByRole('link', { name: 'BLOCKCHAIN' }));
    expect(window.location.pathname).toBe('/blockchain');
    expect(screen.queryByRole('dialog', { name: 'NAVIGATION' })).not.toBeInTheDocument();
  });

  it('closes the menu sheet with Escape', async () => {
    mockCurrentUser(makeUser());
    mockAvatars([]);
    renderApp('/nft');
    await userEvent.click(await screen.findByRole('button', { name: 'Toggle navigation menu' }));
    expect(await screen.findByRole('dialog', { name: 'NAVIGATION' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'NAVIGATION' })).not.toBeInTheDocument();
  });

  it('shows visitors the public sections, and LOGIN comes back to the page', async () => {
    mockCurrentUser(null);
    renderApp('/blockchain');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['MARKETPLACE', 'BLOCKCHAIN', 'NFT']);
    expect(within(nav).getByRole('link', { name: 'BLOCKCHAIN' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/login?returnTo=%2Fblockchain');
  });
});

describe('sign-in returns to the page the user came from', () => {
  it('a signed-in page opened while signed out offers a LOGIN that returns to it', async () => {
    mockCurrentUser(null);
    renderApp('/teams');
    expect(await screen.findByRole('button', { name: 'JOIN_WAITLIST' })).toBeInTheDocument();
    for (const login of screen.getAllByRole('link', { name: 'LOGIN' })) {
      expect(login).toHaveAttribute('href', '/login?returnTo=%2Fteams');
    }
  });

  it('/login passes a safe returnTo on to /api/login', async () => {
    mockCurrentUser(null);
    renderApp('/login?returnTo=%2Favatar-chat%2F3');
    await screen.findByRole('heading', { name: 'ACCESS_NEURAL_LINK' });
    expect(screen.getByRole('link', { name: 'LOGIN' })).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2Favatar-chat%2F3',
    );
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example'])(
    '/login drops the unsafe returnTo %s',
    async (evil) => {
      mockCurrentUser(null);
      renderApp(`/login?returnTo=${encodeURIComponent(evil)}`);
      await screen.findByRole('heading', { name: 'ACCESS_NEURAL_LINK' });
      expect(screen.getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/api/login');
    },
  );
});

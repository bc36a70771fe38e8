import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, mockCurrentUser, renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const AVATAR = {
  id: 7,
  name: 'NEON_FOX',
  agentType: 'HACKER',
  level: 3,
  experiencePoints: 5200,
  totalInteractions: 41,
  skills: [],
  personalityTraits: ['curious'],
  thumbnailUrl: null,
  imageUrl: null,
  edition: 1,
  maxEditions: 50,
};

describe('dashboard (SPEC §2)', () => {
  it('greets the user and opens AI_CHAT with a loading state, then the avatar', async () => {
    mockCurrentUser(makeUser({ firstName: 'Ada' }));
    // The avatars answer only once the loading state has been seen: a fixed delay raced the lazy
    // dashboard route on a loaded machine (the answer came before the route had rendered).
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/avatars', async () => {
        await released;
        return HttpResponse.json([AVATAR]);
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: /WELCOME_BACK/ }, { timeout: 10_000 })).toHaveTextContent('ADA');
    expect(screen.getByRole('tab', { name: 'AI_CHAT' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('status', { name: 'Loading avatars' }, { timeout: 10_000 })).toBeInTheDocument();
    release();
    expect((await screen.findAllByText('NEON_FOX')).length).toBeGreaterThan(0);
  });

  it('shows NO_AVATARS_FOUND with VISIT_MARKETPLACE and CREATE_NEW when the user has none', async () => {
    mockCurrentUser(makeUser());
    server.use(http.get('*/api/avatars', () => HttpResponse.json([])));
    renderApp('/');
    const empty = await screen.findByRole('region', { name: 'NO_AVATARS_FOUND' });
    expect(within(empty).getByRole('link', { name: /VISIT_MARKETPLACE/ })).toHaveAttribute('href', '/marketplace');
    expect(within(empty).getByRole('link', { name: 'CREATE_NEW' })).toHaveAttribute('href', '/studio');
  });

  it('says NEURAL_LINK_FAILED when the avatars cannot be loaded, and RETRY asks again', async () => {
    mockCurrentUser(makeUser());
    let calls = 0;
    server.use(
      http.get('*/api/avatars', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ error: 'down' }, { status: 503 }) : HttpResponse.json([AVATAR]);
      }),
    );
    renderApp('/');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('NEURAL_LINK_FAILED');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'RETRY' }));
    expect((await screen.findAllByText('NEON_FOX')).length).toBeGreaterThan(0);
  });

  it('/profile opens PROFILE, and choosing MARKETPLACE goes to /marketplace', async () => {
    mockCurrentUser(makeUser());
    server.use(
      http.get('*/api/avatars', () => HttpResponse.json([])),
      http.get('*/api/marketplace/avatars', () => HttpResponse.json([])),
    );
    renderApp('/profile');
    const profileTab = await screen.findByRole('tab', { name: 'PROFILE' });
    expect(profileTab).toHaveAttribute('aria-selected', 'true');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'MARKETPLACE' }));
    await expect.poll(() => window.location.pathname).toBe('/marketplace');
  });

  it('AI_CHAT opens with the stored conversation, pages back, and can start a new one', async () => {
    mockCurrentUser(makeUser());
    let newCalls = 0;
    server.use(
      http.get('*/api/avatars', () => HttpResponse.json([AVATAR])),
      http.get('*/api/avatars/7/chat/history', ({ request }) => {
        const before = new URL(request.url).searchParams.get('before');
        if (newCalls > 0) return HttpResponse.json({ exchanges: [], hasMore: false });
        return HttpResponse.json(
          before
            ? {
                exchanges: [
                  {
                    id: 3,
                    userText: 'an older question',
                    avatarText: 'an older answer',
                    createdAt: '2026-11-20T10:00:00Z',
                  },
                ],
                hasMore: false,
              }
            : {
                exchanges: [
                  {
                    id: 9,
                    userText: 'hi, my name is Priya',
                    avatarText: 'Noted: your name is Priya.',
                    createdAt: '2026-11-24T10:00:00Z',
                  },
                ],
                hasMore: true,
              },
        );
      }),
      http.post('*/api/avatars/7/chat/new', () => {
        newCalls += 1;
        return HttpResponse.json({ ok: true });
      }),
    );
    renderApp('/');
    const log = await screen.findByRole('log', { name: 'Conversation with NEON_FOX' });
    expect(await within(log).findByText('Noted: your name is Priya.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(log).getByRole('button', { name: 'LOAD_OLDER_MESSAGES' }));
    expect(await within(log).findByText('an older answer')).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'NEW_CONVERSATION' }));
    await expect.poll(() => within(log).queryByText('Noted: your name is Priya.')).toBeNull();
    expect(newCalls).toBe(1);
  });
});

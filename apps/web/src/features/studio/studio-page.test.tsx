import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, mockCurrentUser, renderApp } from '@/testing/render';
import { server } from '@/testing/server';

/** Signed in with no avatars yet, on the studio. */
function openStudio() {
  mockCurrentUser(makeUser());
  server.use(http.get('*/api/avatars', () => HttpResponse.json([])));
  renderApp('/studio');
}

describe('AVATAR_STUDIO (SPEC §2 Avatar creation, §5, §8)', () => {
  it("refuses an empty name with 'Avatar name is required' and sends nothing", async () => {
    let posted = false;
    server.use(
      http.post('*/api/avatars', () => {
        posted = true;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    openStudio();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'CREATE_AVATAR' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Avatar name is required');
    expect(screen.getByLabelText('Avatar name *')).toHaveFocus();
    expect(posted).toBe(false);
  });

  it('creates the avatar (CREATING... while pending), toasts and returns to the dashboard', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('*/api/avatars', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        await delay(150);
        return HttpResponse.json({ id: 9, name: body.name }, { status: 201 });
      }),
    );
    openStudio();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Avatar name *'), '  NEON_ORACLE ');
    await user.click(screen.getByRole('radio', { name: /HUSTLER/ }));
    await user.click(screen.getByRole('button', { name: 'CREATE_AVATAR' }));
    expect(await screen.findByRole('button', { name: 'CREATING...' })).toBeDisabled();
    expect(await screen.findByText('Avatar Created')).toBeInTheDocument();
    expect(body).toMatchObject({ name: 'NEON_ORACLE', description: null, agentType: 'HUSTLER' });
    await expect.poll(() => window.location.pathname).toBe('/');
  });

  it("shows the server's first validation message in the 'Creation Failed' toast", async () => {
    server.use(
      http.post('*/api/avatars', () =>
        HttpResponse.json(
          {
            error: 'Invalid request',
            issues: [{ path: ['name'], message: 'Name must not contain control characters' }],
          },
          { status: 400 },
        ),
      ),
    );
    openStudio();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Avatar name *'), 'GLITCH');
    await user.click(screen.getByRole('button', { name: 'CREATE_AVATAR' }));
    expect(await screen.findByText('Creation Failed')).toBeInTheDocument();
    expect(screen.getByText('Name must not contain control characters')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/studio');
  });
});

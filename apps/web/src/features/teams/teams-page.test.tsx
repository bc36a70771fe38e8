import type { Team } from '@app/domain/teams';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import TeamsPage from './teams-page';

const team = (overrides: Partial<Team> = {}): Team => ({
  id: 1,
  ownerId: 'user-1',
  name: 'NIGHT_SHIFT',
  description: null,
  isActive: true,
  members: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const avatarsAnswer = () =>
  http.get('*/api/avatars', () =>
    HttpResponse.json([{ id: 7, name: 'GHOST_SHELL', agentType: 'HACKER', level: 3, experiencePoints: 5200 }]),
  );

describe('teams page (SPEC §2 Teams)', () => {
  it('shows a loading state, then each team with its description fallback and status', async () => {
    server.use(
      avatarsAnswer(),
      http.get('*/api/teams', async () => {
        await delay(150);
        return HttpResponse.json([
          team(),
          team({ id: 2, name: 'DAY_CREW', description: 'Builds sites', isActive: false }),
        ]);
      }),
    );
    renderWithProviders(<TeamsPage />);
    expect(screen.getByRole('status', { name: 'Loading teams' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Teams' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('No description available')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('ACTIVE')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Builds sites')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('INACTIVE')).toBeInTheDocument();
    expect(await screen.findByText('GHOST_SHELL')).toBeInTheDocument();
  });

  it("shows 'NO_TEAMS_FOUND' with no team, and creating one lists it", async () => {
    let teams: Team[] = [];
    let body: unknown;
    server.use(
      avatarsAnswer(),
      http.get('*/api/teams', () => HttpResponse.json(teams)),
      http.post('*/api/teams', async ({ request }) => {
        body = await request.json();
        teams = [team({ name: 'RED_TEAM' })];
        return HttpResponse.json(teams[0], { status: 201 });
      }),
    );
    renderWithProviders(<TeamsPage />);
    expect(await screen.findByText('NO_TEAMS_FOUND')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /CREATE_FIRST_TEAM/ }));
    const dialog = await screen.findByRole('dialog', { name: 'CREATE_TEAM' });
    await userEvent.type(within(dialog).getByLabelText('TEAM_NAME'), 'RED_TEAM');
    await userEvent.click(within(dialog).getByRole('button', { name: 'CREATE_TEAM' }));
    expect(await screen.findByRole('list', { name: 'Teams' })).toHaveTextContent('RED_TEAM');
    expect(body).toMatchObject({ name: 'RED_TEAM' });
  });

  it('refuses an empty team name in words, without calling the server', async () => {
    let posted = false;
    server.use(
      avatarsAnswer(),
      http.get('*/api/teams', () => HttpResponse.json([])),
      http.post('*/api/teams', () => {
        posted = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderWithProviders(<TeamsPage />);
    await userEvent.click(await screen.findByRole('button', { name: /CREATE_FIRST_TEAM/ }));
    const dialog = await screen.findByRole('dialog', { name: 'CREATE_TEAM' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'CREATE_TEAM' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).not.toMatch(/[{}[\]]|"code"|too_small/);
    expect(posted).toBe(false);
  });

  it('shows a failed load in words with RETRY', async () => {
    let fail = true;
    server.use(
      avatarsAnswer(),
      http.get('*/api/teams', () =>
        fail ? HttpResponse.json({ error: 'Unavailable' }, { status: 503 }) : HttpResponse.json([team()]),
      ),
    );
    renderWithProviders(<TeamsPage />);
    expect(await screen.findByText('TEAMS_OFFLINE')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'RETRY' }));
    expect(await screen.findByRole('list', { name: 'Teams' })).toHaveTextContent('NIGHT_SHIFT');
  });
});

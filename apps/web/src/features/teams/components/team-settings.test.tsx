import type { Team } from '@app/domain/teams';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { TeamSettings } from './team-settings';

const TEAM: Team = {
  id: 3,
  ownerId: 'user-1',
  name: 'NIGHT_SHIFT',
  description: 'after hours',
  isActive: true,
  members: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('MANAGE → SETTINGS (the team form shared with CREATE_TEAM)', () => {
  it('saves a changed name and description, and refuses an empty name in words without a request', async () => {
    const patches: unknown[] = [];
    server.use(
      http.patch('*/api/teams/3', async ({ request }) => {
        const body = await request.json();
        patches.push(body);
        return HttpResponse.json({ ...TEAM, ...(body as object) });
      }),
    );
    renderWithProviders(<TeamSettings team={TEAM} />);
    const name = screen.getByLabelText('TEAM_NAME');
    const save = screen.getByRole('button', { name: 'SAVE_CHANGES' });
    expect(name).toHaveValue('NIGHT_SHIFT');
    expect(screen.getByLabelText('DESCRIPTION')).toHaveValue('after hours');
    expect(save).toBeDisabled();

    await userEvent.clear(name);
    await userEvent.click(save);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(patches).toEqual([]);

    await userEvent.type(name, 'DAY_SHIFT');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.clear(screen.getByLabelText('DESCRIPTION'));
    await userEvent.type(screen.getByLabelText('DESCRIPTION'), 'mornings');
    await userEvent.click(save);
    await expect.poll(() => patches).toEqual([{ name: 'DAY_SHIFT', description: 'mornings' }]);
  });
});

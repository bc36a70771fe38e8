import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import AdminUsersPage from './admin-users-page';

describe('AdminUsersPage', () => {
  it('approves a pending user and suspends an active one through PATCH /api/admin/users/:id', async () => {
    const users = [
      makeUser({ id: 'u1', email: 'pete@example.com', status: 'pending' }),
      makeUser({ id: 'u2', email: 'ivy@example.com', status: 'active' }),
    ];
    const patches: { id: string; body: unknown }[] = [];
    server.use(
      http.get('*/api/admin/users', () => HttpResponse.json(users)),
      http.patch('*/api/admin/users/:id', async ({ params, request }) => {
        patches.push({ id: String(params.id), body: await request.json() });
        return HttpResponse.json({});
      }),
    );
    renderWithProviders(<AdminUsersPage />);

    expect(await screen.findAllByRole('button', { name: 'APPROVE ivy@example.com' })).not.toHaveLength(0);
    for (const button of screen.getAllByRole('button', { name: 'APPROVE ivy@example.com' }))
      expect(button).toBeDisabled();

    await userEvent.click(screen.getAllByRole('button', { name: 'APPROVE pete@example.com' })[0]!);
    await userEvent.click(screen.getAllByRole('button', { name: 'SUSPEND ivy@example.com' })[0]!);
    await expect
      .poll(() => patches)
      .toEqual([
        { id: 'u1', body: { status: 'active' } },
        { id: 'u2', body: { status: 'pending' } },
      ]);
  });
});

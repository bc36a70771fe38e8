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
      http.get('*/api/admin/jobs/failed', () => HttpResponse.json([])),
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

  it('lists failed background jobs with their error and sends one back with RETRY', async () => {
    let failed = [
      {
        id: '3f1c2a9e-6a41-4c55-9b0e-1f2a3b4c5d6e',
        queue: 'stripe-events',
        data: { eventId: 'evt_1' },
        error: 'RPC unreachable',
        attempts: 6,
        createdAt: '2026-11-24T10:00:00.000Z',
        failedAt: '2026-11-24T10:05:00.000Z',
      },
    ];
    const retried: string[] = [];
    server.use(
      http.get('*/api/admin/users', () => HttpResponse.json([])),
      http.get('*/api/admin/jobs/failed', () => HttpResponse.json(failed)),
      http.post('*/api/admin/jobs/failed/:id/retry', ({ params }) => {
        retried.push(String(params.id));
        failed = [];
        return HttpResponse.json({ retried: true });
      }),
    );
    renderWithProviders(<AdminUsersPage />);
    expect(await screen.findByText('RPC unreachable')).toBeInTheDocument();
    expect(screen.getByText('stripe-events')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /RETRY stripe-events job/ }));
    await expect.poll(() => retried).toEqual(['3f1c2a9e-6a41-4c55-9b0e-1f2a3b4c5d6e']);
    expect(await screen.findByText(/NO_FAILED_JOBS/)).toBeInTheDocument();
  });
});

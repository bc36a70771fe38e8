import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { WaitlistForm } from './waitlist-form';

afterEach(() => vi.restoreAllMocks());

describe('WaitlistForm (SPEC §4 Waitlist form)', () => {
  it('posts {email, source: landing_page}, shows UPLOADING... then NEURAL_LINK_ESTABLISHED and clears the field', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/waitlist', async ({ request }) => {
        body = await request.json();
        await delay(400);
        return new HttpResponse(null, { status: 201 });
      }),
    );
    renderWithProviders(<WaitlistForm />);
    const input = screen.getByRole('textbox', { name: 'EMAIL_ADDRESS' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();

    await userEvent.type(input, 'neo@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'REQUEST_ACCESS' }));
    expect(await screen.findByRole('button', { name: 'UPLOADING...' })).toBeDisabled();
    expect(await screen.findByText('NEURAL_LINK_ESTABLISHED')).toBeInTheDocument();
    expect(screen.getByText(/priority access/)).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(body).toEqual({ email: 'neo@example.com', source: 'landing_page' });
  });

  it('only logs a refused sign-up to the console', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('*/api/waitlist', () => HttpResponse.json({ error: 'Invalid' }, { status: 400 })));
    renderWithProviders(<WaitlistForm />);
    await userEvent.type(screen.getByRole('textbox', { name: 'EMAIL_ADDRESS' }), 'neo@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'REQUEST_ACCESS' }));
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('Failed to submit email'));
    expect(screen.queryByText('NEURAL_LINK_ESTABLISHED')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'EMAIL_ADDRESS' })).toHaveValue('neo@example.com');
  });

  it("logs 'Error submitting email' when the request never gets an answer", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('*/api/waitlist', () => HttpResponse.error()));
    renderWithProviders(<WaitlistForm />);
    await userEvent.type(screen.getByRole('textbox', { name: 'EMAIL_ADDRESS' }), 'neo@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'REQUEST_ACCESS' }));
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('Error submitting email', expect.anything()));
  });
});

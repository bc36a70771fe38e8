import type { FeedbackEligibility } from '@app/domain/reputation';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, mockCurrentUser, renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { RateThisPanel } from './rate-this-panel';

const eligible: FeedbackEligibility = {
  canRate: true,
  reason: null,
  interactions: [{ ref: 'edition:12', label: 'You bought edition #2 (token #12)', rated: false }],
  mode: 'relayed',
  given: [],
};

describe('RATE_THIS', () => {
  it('sends a star rating for the interaction, relayed for a user without a wallet', async () => {
    mockCurrentUser(makeUser());
    let body: unknown;
    server.use(
      http.get('*/api/avatars/7/feedback', () => HttpResponse.json(eligible)),
      http.post('*/api/avatars/7/feedback', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          {
            id: 1,
            interaction: 'edition:12',
            value: 80,
            mode: 'relayed',
            clientAddress: '0x14dc79964da2c08b23698b3d3cc7ca32193d9955',
            status: 'pending',
            transactionHash: null,
            feedbackURI: 'http://localhost/api/feedback/1',
            call: null,
          },
          { status: 201 },
        );
      }),
    );
    renderWithProviders(<RateThisPanel avatarId="7" />);
    expect(await screen.findByText('You bought edition #2 (token #12)')).toBeInTheDocument();
    expect(screen.getByText(/platform relays it for you, marked as relayed/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'RATE' }));
    expect(await screen.findByText('Pick a rating')).toBeInTheDocument();
    expect(body).toBeUndefined();
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText(/COMMENT/), 'Sharp and fast.');
    await user.click(screen.getByRole('button', { name: 'RATE' }));
    expect(await screen.findByText('Rating Sent')).toBeInTheDocument();
    expect(body).toEqual({ interaction: 'edition:12', value: 80, comment: 'Sharp and fast.' });
  });

  it('says why a user cannot rate yet, and shows nothing to the owner', async () => {
    mockCurrentUser(makeUser());
    server.use(
      http.get('*/api/avatars/7/feedback', () =>
        HttpResponse.json({
          ...eligible,
          canRate: false,
          interactions: [],
          reason: 'Rate it after you use it: buy an edition or one of its skills, or team up with it.',
        }),
      ),
      http.get('*/api/avatars/8/feedback', () =>
        HttpResponse.json({
          ...eligible,
          canRate: false,
          interactions: [],
          reason: 'You cannot rate your own avatar (ERC-8004 refuses self-feedback).',
        }),
      ),
    );
    const { unmount } = renderWithProviders(<RateThisPanel avatarId="7" />);
    expect(await screen.findByText(/Rate it after you use it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'RATE' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<RateThisPanel avatarId="8" />);
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByText('RATE_THIS')).not.toBeInTheDocument();
  });
});

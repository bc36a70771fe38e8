import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { EarningsLedger } from './earnings-ledger';

describe('EarningsLedger', () => {
  it("shows the seller's ledger balance and each card sale", async () => {
    server.use(
      http.get('*/api/earnings', () =>
        HttpResponse.json({
          balanceWei: '29250000000000000',
          balanceEth: '0.02925',
          entries: [
            {
              id: 1,
              kind: 'sale',
              amountWei: '29250000000000000',
              amountEth: '0.02925',
              memo: 'Card sale: edition of CARD_SERIES',
              paymentId: 7,
              createdAt: '2026-11-24T10:00:00.000Z',
            },
          ],
        }),
      ),
    );
    renderWithProviders(<EarningsLedger />);
    expect(await screen.findByTestId('earnings-balance')).toHaveTextContent('0.02925 ETH');
    expect(screen.getByText('Card sale: edition of CARD_SERIES')).toBeInTheDocument();
    expect(screen.getByText(/\+0\.02925 ETH/)).toBeInTheDocument();
  });

  it('says when there are no card sales yet', async () => {
    server.use(http.get('*/api/earnings', () => HttpResponse.json({ balanceWei: '0', balanceEth: '0', entries: [] })));
    renderWithProviders(<EarningsLedger />);
    expect(await screen.findByText('No card sales yet.')).toBeInTheDocument();
  });
});

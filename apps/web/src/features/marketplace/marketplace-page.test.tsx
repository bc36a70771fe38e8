import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeMarketplaceAvatar } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import MarketplacePage from './marketplace-page';

const headers = (next?: string) => ({
  'x-price-source': 'ETH_USD_RATE',
  'x-eth-usd-rate': '3000.00000000',
  ...(next ? { 'x-next-cursor': next } : {}),
});

describe('marketplace page (SPEC §2 Marketplace)', () => {
  it('shows 6 skeletons while loading, then the cards with price, edition and verification', async () => {
    server.use(
      http.get('*/api/marketplace/avatars', async () => {
        await delay(150);
        return HttpResponse.json(
          [
            makeMarketplaceAvatar({
              id: 1,
              name: 'ZERO_DAY',
              edition: 3,
              maxEditions: 5,
              priceUsd: '1050.00',
              priceEth: '0.35',
            }),
          ],
          { headers: headers() },
        );
      }),
    );
    renderWithProviders(<MarketplacePage />);
    const loading = screen.getByRole('status', { name: 'Loading avatars' });
    expect(loading.children).toHaveLength(6);
    const list = await screen.findByRole('list', { name: 'Avatars for sale' });
    const card = within(list).getByRole('listitem');
    expect(within(card).getByText('ZERO_DAY')).toBeInTheDocument();
    expect(within(card).getByText('$1,050.00')).toBeInTheDocument();
    expect(within(card).getByText('0.3500 ETH')).toBeInTheDocument();
    expect(within(card).getByText(/3 of 5/)).toBeInTheDocument();
    expect(within(card).getByText('Blockchain Verified')).toBeInTheDocument();
    // The one rate behind every USD figure, with its source.
    expect(screen.getByText(/USD prices at \$3,000.00 per ETH/)).toBeInTheDocument();
    expect(screen.getByText('ETH_USD_RATE (configured rate)')).toBeInTheDocument();
  });

  it('pages through the catalogue with the cursor the server sends', async () => {
    const cursors: (string | null)[] = [];
    server.use(
      http.get('*/api/marketplace/avatars', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return cursor
          ? HttpResponse.json([makeMarketplaceAvatar({ id: 3, name: 'PAGE_TWO' })], { headers: headers() })
          : HttpResponse.json(
              [
                makeMarketplaceAvatar({ id: 1, name: 'PAGE_ONE_A' }),
                makeMarketplaceAvatar({ id: 2, name: 'PAGE_ONE_B' }),
              ],
              { headers: headers('c2') },
            );
      }),
    );
    renderWithProviders(<MarketplacePage />);
    expect(await screen.findByText('PAGE_ONE_A')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /LOAD_MORE/ }));
    expect(await screen.findByText('PAGE_TWO')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').filter((li) => li.closest('[aria-label="Avatars for sale"]'))).toHaveLength(
      3,
    );
    expect(cursors).toEqual([null, 'c2']);
    expect(screen.queryByRole('button', { name: /LOAD_MORE/ })).not.toBeInTheDocument();
  });

  it('shows the SPEC empty state when a search matches nothing, and sends the search to the server', async () => {
    const queries: (string | null)[] = [];
    server.use(
      http.get('*/api/marketplace/avatars', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        queries.push(q);
        return HttpResponse.json(q ? [] : [makeMarketplaceAvatar()], { headers: headers() });
      }),
    );
    renderWithProviders(<MarketplacePage />);
    await screen.findByRole('list', { name: 'Avatars for sale' });
    await userEvent.type(screen.getByPlaceholderText('Search avatars...'), 'nothing-like-this');
    expect(await screen.findByText('NO_AVATARS_FOUND')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria or filters')).toBeInTheDocument();
    expect(queries).toContain('nothing-like-this');
  });

  it('shows the error in words with RETRY, and recovers', async () => {
    let fail = true;
    server.use(
      http.get('*/api/marketplace/avatars', () =>
        fail
          ? HttpResponse.json({ error: 'Database unavailable' }, { status: 503 })
          : HttpResponse.json([makeMarketplaceAvatar({ name: 'BACK_ONLINE' })], { headers: headers() }),
      ),
    );
    renderWithProviders(<MarketplacePage />);
    expect(await screen.findByText('MARKETPLACE_OFFLINE')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^503: /);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'RETRY' }));
    expect(await screen.findByText('BACK_ONLINE')).toBeInTheDocument();
  });
});

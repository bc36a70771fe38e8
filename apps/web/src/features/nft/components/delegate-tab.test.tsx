import type { NftToken } from '@app/domain/nft';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { WalletProvider } from '@/components/wallet/wallet-provider';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { DelegateTab } from './delegate-tab';

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const token = (overrides: Partial<NftToken>): NftToken => ({
  tokenId: 3,
  avatarId: 7,
  name: 'NEON_FOX',
  agentType: 'CREATOR',
  edition: 1,
  maxEditions: 10,
  holder: WALLET,
  inCustody: false,
  delegate: null,
  delegateExpires: null,
  source: 'minted',
  ...overrides,
});

function renderTab(props: { tokens: NftToken[] | undefined; tokensLoading?: boolean; signedIn?: boolean }) {
  server.use(
    http.get('*/api/blockchain/network', () =>
      HttpResponse.json({
        name: 'Local Anvil (development)',
        chainId: 31337,
        explorerUrl: null,
        local: true,
        contracts: {
          avatarNFT: CONTRACT,
          reputationRegistry: CONTRACT,
          validationRegistry: CONTRACT,
          marketplace: CONTRACT,
          artworkNFT: CONTRACT,
        },
        rpcUrl: '/api/chain/rpc',
        walletConnectProjectId: null,
      }),
    ),
  );
  return renderWithProviders(
    <WalletProvider>
      <TooltipProvider>
        <DelegateTab
          tokens={props.tokens}
          tokensLoading={props.tokensLoading ?? false}
          contractAddress={CONTRACT}
          walletAddress={WALLET}
          walletConnected
          signedIn={props.signedIn ?? true}
        />
      </TooltipProvider>
    </WalletProvider>,
  );
}

describe('MY_AVATAR_TOKENS on /nft', () => {
  it('lists each token with how it came to the user, its holder and CLAIM for one in custody', async () => {
    renderTab({
      tokens: [
        token({}),
        token({
          tokenId: 9,
          avatarId: 21,
          name: 'CIPHER_DAY',
          edition: 4,
          maxEditions: 50,
          source: 'bought',
          inCustody: true,
          holder: CONTRACT,
        }),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Avatar tokens' });
    const mine = within(list).getByRole('listitem', { name: 'Token #3' });
    expect(within(mine).getByText('MINTED')).toBeInTheDocument();
    expect(within(mine).getByText(/\(you\)/)).toBeInTheDocument();
    const bought = within(list).getByRole('listitem', { name: 'Token #9' });
    expect(within(bought).getByText('BOUGHT')).toBeInTheDocument();
    expect(within(bought).getByText('ED 4/50')).toBeInTheDocument();
    expect(within(bought).getByText('IN_CUSTODY')).toBeInTheDocument();
    expect(within(bought).getByRole('button', { name: 'CLAIM' })).toBeEnabled();
  });

  it('shows the empty state, and asks visitors to sign in', async () => {
    const { unmount } = renderTab({ tokens: [] });
    expect(await screen.findByText('No avatar tokens yet: create an avatar or mint an edition.')).toBeInTheDocument();
    unmount();
    renderTab({ tokens: undefined, signedIn: false });
    expect(await screen.findByText('Sign in to see your tokens.')).toBeInTheDocument();
  });
});

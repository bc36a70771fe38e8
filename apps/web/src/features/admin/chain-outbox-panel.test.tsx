import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { ChainOutboxPanel } from './chain-outbox-panel';

describe('ChainOutboxPanel', () => {
  it('warns when the signing key is low on gas and shows why a write failed', async () => {
    server.use(
      http.get('*/api/admin/chain', () =>
        HttpResponse.json({
          health: {
            signer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
            chainId: 31337,
            balanceWei: '1000',
            lowBalance: true,
            lowBalanceWei: '10000000000000000',
            rpcReachable: true,
            counts: { queued: 0, signed: 0, confirmed: 3, reverted: 0, failed: 1 },
            oldestPendingMs: 0,
            lastError: null,
          },
          intents: [
            {
              id: 4,
              key: 'task.record:avatar_create:9',
              kind: 'task.record',
              status: 'failed',
              nonce: null,
              txHash: null,
              blockNumber: null,
              gasUsed: null,
              result: null,
              error: 'TaskAlreadyRecorded',
              attempts: 0,
              confirmations: 0,
              createdAt: new Date().toISOString(),
              confirmedAt: null,
            },
          ],
        }),
      ),
    );
    renderWithProviders(<ChainOutboxPanel />);
    expect(await screen.findByText(/LOW GAS/)).toBeInTheDocument();
    expect(screen.getByText('TaskAlreadyRecorded')).toBeInTheDocument();
    expect(screen.getByText('failed')).toBeInTheDocument();
  });
});

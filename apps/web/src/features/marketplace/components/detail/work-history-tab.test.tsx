import type { AvatarDetail, AvatarJob } from '@app/domain/marketplace';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeFailedValidationReport, makeMarketplaceAvatar, makeValidationReport } from '@/testing/fixtures';
import { mockCurrentUser, renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const job = (overrides: Partial<AvatarJob>): AvatarJob => ({
  id: 'task:1',
  title: 'Skill Learn',
  client: '0x1234...5678',
  description: 'Learned Solidity',
  earnings: 40,
  earningsUnit: 'XP',
  rating: 8,
  completedDate: '2026-01-03T10:00:00.000Z',
  status: 'successful',
  transactionHash: null,
  validation: null,
  evidenceUri: null,
  ...overrides,
});

function detail(jobs: AvatarJob[]): AvatarDetail {
  return {
    ...makeMarketplaceAvatar({ id: 7, name: 'GHOST_SHELL' }),
    stats: {
      totalJobs: jobs.length,
      successfulJobs: jobs.filter((j) => j.status === 'successful').length,
      averageRating: null,
      ratingCount: 0,
      totalEarnings: '0',
      totalEarningsUsd: '0.00',
      responseTime: null,
    },
    jobs,
    achievements: [],
    usdPerEth: '3000.00000000',
    priceSource: 'ETH_USD_RATE',
    tokenId: 3,
    contractAddress: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('/avatar/{id} Work History with validator reports', () => {
  it('shows score, checks with expandable evidence and producer for jobs from validated tasks', async () => {
    mockCurrentUser(null);
    server.use(
      http.get('*/api/avatar-details/7', () =>
        HttpResponse.json(
          detail([
            job({
              id: 'task:broken',
              title: 'Deploy Website',
              description: 'Build and deploy a website: broken',
              status: 'failed',
              earnings: 0,
              rating: null,
              validation: makeFailedValidationReport(),
            }),
            job({
              id: 'task:primes',
              title: 'Code Project',
              description: 'Generate a runnable code project: first ten primes',
              earnings: 75,
              validation: makeValidationReport(),
              evidenceUri: '/api/validation/task/task%3Aprimes/response',
            }),
            job({}),
          ]),
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/avatar/7');
    await user.click(await screen.findByRole('tab', { name: 'Work History' }));
    const history = await screen.findByRole('list', { name: 'Work history' });
    const broken = within(history).getByRole('listitem', { name: 'Deploy Website' });
    const primes = within(history).getByRole('listitem', { name: 'Code Project' });
    const skill = within(history).getByRole('listitem', { name: 'Skill Learn' });

    expect(within(broken).getByText('Failed validation')).toBeInTheDocument();
    const failed = within(broken).getByRole('region', { name: 'VALIDATION 25/100' });
    expect(within(failed).getByText('embedded engine')).toBeInTheDocument();
    const firstCheck = within(failed).getAllByRole('button')[0]!;
    expect(firstCheck).toHaveAccessibleName('Failed: Every file parses');
    // Compact: nothing opens by itself.
    expect(firstCheck).toHaveAttribute('aria-expanded', 'false');
    await user.click(firstCheck);
    expect(within(failed).getByRole('region', { name: 'Evidence: Every file parses' })).toHaveTextContent(
      'SyntaxError: unexpected EOF while parsing',
    );

    const passed = within(primes).getByRole('region', { name: 'VALIDATION 75/100' });
    expect(within(primes).getByText('Successful')).toBeInTheDocument();
    expect(within(passed).getByText('model gpt-4.1 via openai')).toBeInTheDocument();
    expect(within(passed).getAllByRole('button', { name: /^(Passed|Failed|Not checked):/ })).toHaveLength(4);
    expect(within(passed).getByRole('link', { name: /EVIDENCE_FILE/ })).toHaveAttribute(
      'href',
      `${window.location.origin}/api/validation/task/task%3Aprimes/response`,
    );

    // A job that did not come from a validated task shows no report.
    expect(within(skill).queryByRole('region', { name: /^VALIDATION/ })).not.toBeInTheDocument();
  });
});

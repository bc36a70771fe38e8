import type { VerificationRecord } from '@app/domain/blockchain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeFailedValidationReport, makeValidationReport } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { VerificationHistory } from './verification-history';

const WALLET = '0x1111111111111111111111111111111111111111';
const TX = `0x${'ab'.repeat(32)}`;

const record = (overrides: Partial<VerificationRecord> = {}): VerificationRecord => ({
  taskId: '42',
  taskType: 'skill_learn',
  status: 'verified',
  timestamp: '2026-03-01T10:00:00.000Z',
  transactionHash: TX,
  blockNumber: 1234,
  gasUsed: '51234',
  reputation: [{ score: 10, scoreType: 'skill' }],
  taskData: { skill: 'Solidity' },
  avatarId: 7,
  avatarName: 'GHOST_SHELL',
  experienceEarned: 50,
  validation: null,
  evidenceUri: null,
  ...overrides,
});

describe('verification history on /blockchain (SPEC §2)', () => {
  it('shows a loading state, then each verified task with title, tx link, block, gas and reputation', async () => {
    server.use(
      http.get('*/api/blockchain/user-history', async ({ request }) => {
        expect(new URL(request.url).searchParams.get('walletAddress')).toBe(WALLET);
        await delay(150);
        return HttpResponse.json([record()]);
      }),
    );
    renderWithProviders(<VerificationHistory walletAddress={WALLET} explorerUrl="https://basescan.org" />);
    expect(screen.getByRole('status', { name: 'Loading history' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Verified tasks' });
    const item = within(list).getByRole('listitem', { name: 'Skill Learn' });
    expect(within(item).getByText('1234')).toBeInTheDocument();
    expect(within(item).getByText(/\+10 skill/)).toBeInTheDocument();
    expect(within(item).getByText('+50 XP')).toBeInTheDocument();
    expect(within(item).getByText(`${TX.slice(0, 8)}...${TX.slice(-6)}`)).toBeInTheDocument();
  });

  it("shows an agent task's validator report: score, checks with evidence, who made the work", async () => {
    server.use(
      http.get('*/api/blockchain/user-history', () =>
        HttpResponse.json([
          record({
            taskId: 'task:primes',
            taskType: 'code_project',
            validation: makeValidationReport(),
            evidenceUri: '/api/validation/task/task%3Aprimes/response',
          }),
          record({
            taskId: 'task:broken',
            taskType: 'deploy_website',
            status: 'failed',
            experienceEarned: 0,
            reputation: [],
            validation: makeFailedValidationReport(),
          }),
          record(),
        ]),
      ),
    );
    renderWithProviders(<VerificationHistory walletAddress={WALLET} explorerUrl="https://basescan.org" />);
    const list = await screen.findByRole('list', { name: 'Verified tasks' });

    const code = within(list).getByRole('listitem', { name: 'Code Project' });
    const report = within(code).getByRole('region', { name: 'VALIDATION 75/100' });
    expect(within(report).getByText('model gpt-4.1 via openai')).toBeInTheDocument();
    expect(within(report).getByRole('link', { name: /EVIDENCE_FILE/ })).toHaveAttribute(
      'href',
      `${window.location.origin}/api/validation/task/task%3Aprimes/response`,
    );
    const run = within(report).getByRole('button', { name: /^Passed: The entry point main\.py runs/ });
    await userEvent.click(run);
    expect(within(report).getByRole('region', { name: /^Evidence: The entry point/ })).toHaveTextContent('exit code 0');

    const site = within(list).getByRole('listitem', { name: 'Deploy Website' });
    const failed = within(site).getByRole('region', { name: 'VALIDATION 25/100' });
    expect(within(failed).getByText('FAILED_VALIDATION')).toBeInTheDocument();
    expect(within(failed).getAllByRole('button')[0]).toHaveAccessibleName('Failed: Every file parses');
    expect(within(failed).getByText('embedded engine')).toBeInTheDocument();

    // Records that are not agent tasks have no report.
    const skill = within(list).getByRole('listitem', { name: 'Skill Learn' });
    expect(within(skill).queryByRole('region', { name: /^VALIDATION/ })).not.toBeInTheDocument();
  });

  it("shows 'No blockchain verified tasks yet' for a wallet without any", async () => {
    server.use(http.get('*/api/blockchain/user-history', () => HttpResponse.json([])));
    renderWithProviders(<VerificationHistory walletAddress={WALLET} explorerUrl={null} />);
    expect(await screen.findByText('No blockchain verified tasks yet')).toBeInTheDocument();
  });

  it('shows a failed load in words', async () => {
    server.use(
      http.get('*/api/blockchain/user-history', () =>
        HttpResponse.json({ error: 'Chain unavailable' }, { status: 503 }),
      ),
    );
    renderWithProviders(<VerificationHistory walletAddress={WALLET} explorerUrl={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the history');
  });

  it('asks nothing until the input holds a full address', async () => {
    let asked = false;
    server.use(
      http.get('*/api/blockchain/user-history', () => {
        asked = true;
        return HttpResponse.json([]);
      }),
    );
    renderWithProviders(<VerificationHistory walletAddress="0x1234" explorerUrl={null} />);
    await new Promise((r) => setTimeout(r, 200));
    expect(asked).toBe(false);
    expect(screen.queryByRole('list', { name: 'Verified tasks' })).not.toBeInTheDocument();
  });
});

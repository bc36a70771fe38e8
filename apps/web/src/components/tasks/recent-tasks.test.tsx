import type { TaskResult } from '@app/domain/tasks';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { getAvatarTasksQueryOptions, TASK_POLL_MS } from '@/lib/tasks/get-avatar-tasks';
import { makeFailedValidationReport, makeValidationReport } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { RecentTasks } from './recent-tasks';

const TX = `0x${'ab'.repeat(32)}`;
const CONTRACT = `0x${'cd'.repeat(20)}`;
const SITES = 'http://sites.example.test';

function task(overrides: Partial<TaskResult>): TaskResult {
  return {
    id: 1,
    avatarId: 7,
    taskId: 'task:00000000-0000-4000-8000-000000000001',
    taskType: 'mint_art_nft',
    description: 'Generate and mint artwork: a neon koi pond',
    status: 'CONFIRMED',
    phase: 'done',
    transactionHash: null,
    contractAddress: null,
    blockNumber: null,
    verificationData: {},
    error: null,
    validation: null,
    experienceEarned: 0,
    createdAt: '2026-01-01T10:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

const art = task({
  id: 4,
  transactionHash: TX,
  contractAddress: CONTRACT,
  blockNumber: 42,
  experienceEarned: 50,
  verificationData: {
    phase: 'done',
    tokenId: 3,
    contractAddress: CONTRACT,
    artworkUrl: '/api/assets/art/koi.png',
    marketplaceUrl: 'http://localhost:3000/avatar/7',
    prompt: 'a neon koi pond',
  },
});
const site = task({
  id: 3,
  taskId: 'task:site',
  taskType: 'deploy_website',
  description: 'Build and deploy a website: Neon Beans',
  verificationData: {
    deploymentUrl: `${SITES}/abc/`,
    previewUrl: `${SITES}/abc/`,
    framework: 'static-html',
    buildTime: 0.012,
    title: 'Neon Beans',
  },
});
const cast = task({
  id: 2,
  taskId: 'task:cast',
  taskType: 'farcaster_post',
  description: 'Draft and publish a Farcaster cast: drop',
  status: 'PENDING',
  phase: 'draft',
  error: 'draft saved: connect Farcaster to publish',
  verificationData: { draft: 'Neon drop tonight. Bring your wallets.', platform: 'farcaster' },
});
const failed = task({
  id: 1,
  taskId: 'task:failed',
  taskType: 'code_project',
  description: 'Generate a runnable code project: todo',
  status: 'FAILED',
  phase: 'failed',
  error: 'Failed to generate artwork after 3 attempts: upstream 503',
});

function serveTasks(...lists: TaskResult[][]) {
  let reads = 0;
  server.use(http.get('*/api/avatars/7/tasks', () => HttpResponse.json(lists[Math.min(reads++, lists.length - 1)])));
  return () => reads;
}

const card = (label: string) => screen.findByRole('listitem', { name: `${label} task` });

describe('RecentTasks (SPEC §2 AI_CHAT, §4 badge colours)', () => {
  it('shows each result with its badge, hashes shortened 8+6, reason and preview', async () => {
    serveTasks([art, site, cast, failed]);
    renderWithProviders(<RecentTasks avatarId={7} avatarName="NOVA" />);

    const mint = await card('MINT ART NFT');
    expect(within(mint).getByText('CONFIRMED')).toHaveClass('text-neon-lime');
    expect(within(mint).getByText('task:00000000-0000-4000-8000-000000000001')).toBeInTheDocument();
    expect(within(mint).getByText('0xababab...ababab')).toBeInTheDocument();
    expect(within(mint).getAllByText('0xcdcdcd...cdcdcd')).toHaveLength(2); // result + artwork contract
    expect(within(mint).getByRole('button', { name: `Copy ${TX}` })).toBeInTheDocument();
    expect(within(mint).getByRole('img', { name: 'Minted artwork: a neon koi pond' })).toHaveAttribute(
      'src',
      '/api/assets/art/koi.png',
    );
    expect(within(mint).getByText('#3')).toBeInTheDocument();
    expect(within(mint).getByText('+50 XP')).toBeInTheDocument();

    const web = await card('DEPLOY WEBSITE');
    const frame = within(web).getByTitle('Preview of the site Neon Beans');
    expect(frame).toHaveAttribute('src', `${SITES}/abc/`);
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin');
    expect(within(web).getByRole('link', { name: 'OPEN' })).toHaveAttribute('href', `${SITES}/abc/`);

    const draft = await card('FARCASTER POST');
    expect(within(draft).getByText('PENDING')).toHaveClass('text-neon-yellow');
    expect(within(draft).getByText('draft saved: connect Farcaster to publish')).toBeInTheDocument();
    expect(within(draft).getByRole('article', { name: 'Cast draft' })).toHaveTextContent(
      'Neon drop tonight. Bring your wallets.',
    );
    expect(within(draft).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();

    const code = await card('CODE PROJECT');
    expect(within(code).getByText('FAILED')).toHaveClass('text-destructive');
    expect(within(code).getByText('Failed to generate artwork after 3 attempts: upstream 503')).toBeInTheDocument();
  });

  it('never frames a preview on the app origin (DESIGN §4): a loopback preview moves to the other host name', async () => {
    // A preview stored on the app's own loopback origin is served from the other
    // loopback host name (localhost ↔ 127.0.0.1), whose cookies and storage are not the app's.
    const own = `${window.location.origin}/api/assets/site/index.html`;
    serveTasks([task({ taskType: 'code_project', verificationData: { previewUrl: own, deploymentUrl: own } })]);
    renderWithProviders(<RecentTasks avatarId={7} avatarName="NOVA" />);
    const code = await card('CODE PROJECT');
    const frame = code.querySelector('iframe');
    expect(frame).not.toBeNull();
    expect(new URL(frame!.getAttribute('src')!).origin).not.toBe(window.location.origin);
    expect(within(code).getByRole('link', { name: 'DOWNLOAD_ZIP' })).toHaveAttribute('href', '/api/tasks/1/download');
  });

  it("toasts 'Image Loading Error' when the artwork fails to load (SPEC §8)", async () => {
    serveTasks([art]);
    renderWithProviders(<RecentTasks avatarId={7} avatarName="NOVA" />);
    fireEvent.error(within(await card('MINT ART NFT')).getByRole('img'));
    const region = await screen.findByRole('region', { name: /notifications/i });
    expect(await within(region).findByText('Image Loading Error', { exact: true })).toBeInTheDocument();
    expect(within(region).getByText('Failed to load generated artwork')).toBeInTheDocument();
  });

  it("shows the validator's report on the card; FAILED_VALIDATION is red with the failed checks first", async () => {
    const checked = task({
      id: 6,
      taskId: 'task:primes',
      taskType: 'code_project',
      description: 'Generate a runnable code project: first ten primes',
      experienceEarned: 75,
      verificationData: {
        requestHash: `0x${'12'.repeat(32)}`,
        evidenceUrl: `http://localhost:3000/api/assets/validation/${'34'.repeat(32)}.json`,
        validation: makeValidationReport(),
      },
      validation: makeValidationReport(),
    });
    const rejected = task({
      id: 5,
      taskId: 'task:broken',
      taskType: 'deploy_website',
      description: 'Build and deploy a website: broken',
      status: 'FAILED_VALIDATION',
      verificationData: { validation: makeFailedValidationReport() },
      validation: makeFailedValidationReport(),
    });
    serveTasks([checked, rejected]);
    renderWithProviders(<RecentTasks avatarId={7} avatarName="NOVA" />);

    const code = await card('CODE PROJECT');
    const report = within(code).getByRole('region', { name: 'VALIDATION 75/100' });
    expect(within(report).getByText('model gpt-4.1 via openai')).toBeInTheDocument();
    expect(within(report).getAllByRole('button', { name: /^Passed:/ })).toHaveLength(3);
    expect(within(report).getByRole('link', { name: /EVIDENCE_FILE/ })).toHaveAttribute(
      'href',
      `http://localhost:3000/api/assets/validation/${'34'.repeat(32)}.json`,
    );
    // The report is not repeated as raw JSON in the verification data.
    await userEvent.click(within(code).getByText('VERIFICATION_DATA'));
    expect(within(code).queryByText('validation')).not.toBeInTheDocument();

    const site = await card('DEPLOY WEBSITE');
    expect(within(site).getByText('FAILED_VALIDATION', { selector: '[data-slot="badge"]' })).toHaveClass(
      'text-destructive',
    );
    const failedReport = within(site).getByRole('region', { name: 'VALIDATION 25/100' });
    expect(within(failedReport).getByText('embedded engine')).toBeInTheDocument();
    expect(within(failedReport).getAllByRole('button')[0]).toHaveAccessibleName('Failed: Every file parses');
    expect(within(failedReport).getByRole('region', { name: 'Evidence: Every file parses' })).toHaveTextContent(
      'SyntaxError',
    );
  });

  it('shows no report for a task the validator has not checked', async () => {
    serveTasks([art]);
    renderWithProviders(<RecentTasks avatarId={7} avatarName="NOVA" />);
    const mint = await card('MINT ART NFT');
    expect(within(mint).queryByRole('region', { name: /^VALIDATION/ })).not.toBeInTheDocument();
  });

  it('cancels a queued task with CANCEL', async () => {
    const queued = task({ id: 9, status: 'PENDING', phase: 'queued' });
    const cancelled = { ...queued, status: 'FAILED', phase: 'cancelled', error: 'Cancelled by the user' };
    serveTasks([queued], [cancelled]);
    let cancels = 0;
    server.use(
      http.post('*/api/tasks/9/cancel', () => {
        cancels++;
        return HttpResponse.json(cancelled);
      }),
    );
    renderWithProviders(<RecentTasks avatarId={7} avatarName="NOVA" />);
    await userEvent.click(within(await card('MINT ART NFT')).getByRole('button', { name: 'Cancel MINT ART NFT task' }));
    expect(await screen.findByText('Cancelled by the user')).toBeInTheDocument();
    expect(cancels).toBe(1);
    expect(within(await card('MINT ART NFT')).getByText('FAILED')).toBeInTheDocument();
  });

  it('follows a task in flight until it settles', async () => {
    const reads = serveTasks([task({ status: 'PENDING', phase: 'running' })], [task({})]);
    renderWithProviders(<RecentTasks avatarId={7} avatarName="NOVA" />);
    expect(within(await card('MINT ART NFT')).getByText('PENDING')).toBeInTheDocument();
    expect(await screen.findByText('CONFIRMED', {}, { timeout: TASK_POLL_MS * 4 })).toBeInTheDocument();
    expect(reads()).toBe(2);
  });
});

describe('getAvatarTasksQueryOptions polling (the task-progress exception to SPEC §7)', () => {
  const interval = (data: TaskResult[] | undefined) => {
    const { refetchInterval } = getAvatarTasksQueryOptions(7);
    if (typeof refetchInterval !== 'function') throw new Error('expected a function');
    return refetchInterval({ state: { data } } as unknown as Parameters<typeof refetchInterval>[0]);
  };

  it('polls only while a task is queued, running, validating or recording', () => {
    expect(interval([task({ status: 'PENDING', phase: 'queued' })])).toBe(TASK_POLL_MS);
    expect(interval([task({}), task({ status: 'PENDING', phase: 'running' })])).toBe(TASK_POLL_MS);
    // The validator's checks and the chain recording come after the work: still in flight.
    expect(interval([task({ status: 'PENDING', phase: 'validating' })])).toBe(TASK_POLL_MS);
    expect(interval([task({ status: 'PENDING', phase: 'recording' })])).toBe(TASK_POLL_MS);
    expect(interval([task({}), task({ status: 'PENDING', phase: 'draft' }), task({ status: 'FAILED' })])).toBe(false);
    expect(interval([])).toBe(false);
    expect(interval(undefined)).toBe(false);
  });
});

import type { VerifiableTask } from '@app/domain/blockchain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { makeUser, mockCurrentUser, renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { VerifyTaskForm } from './verify-task-form';

const WALLET = '0x2222222222222222222222222222222222222222';
const TX = `0x${'cd'.repeat(32)}`;

const task = (overrides: Partial<VerifiableTask>): VerifiableTask => ({
  taskType: 'avatar_create',
  taskData: {},
  title: 'Created avatar GHOST',
  status: 'ready',
  reason: null,
  taskId: 'avatar_create:7',
  transactionHash: null,
  reward: { xp: 50, score: 10, scoreType: 'identity' },
  ...overrides,
});

function mockPage(tasks: VerifiableTask[]) {
  mockCurrentUser(makeUser());
  server.use(
    http.get('*/api/avatars', () => HttpResponse.json([{ id: 7, name: 'GHOST' }])),
    http.get('*/api/blockchain/avatars/7/verifiable-tasks', () => HttpResponse.json(tasks)),
  );
}

function Harness() {
  // The app layout provides the tooltip context (the explorer button explains a missing explorer).
  return (
    <TooltipProvider>
      <VerifyTaskForm walletAddress={WALLET} onWalletAddressChange={() => {}} />
    </TooltipProvider>
  );
}

describe('verify task form: finished tasks', () => {
  it("lists the avatar's tasks; picking a ready one fills type and data, which are sent as they are", async () => {
    mockPage([
      task({
        taskType: 'skill_learn',
        taskData: { skillId: 3 },
        title: 'GHOST reached Recon proficiency 23',
        taskId: 'skill_learn:7:3:2',
        reward: { xp: 40, score: 8, scoreType: 'skill' },
      }),
      task({ status: 'verified', transactionHash: TX }),
      task({
        taskType: 'training_complete',
        status: 'not_ready',
        title: 'Complete training',
        taskId: null,
        reason: 'GHOST needs 10 training interactions; 4 recorded',
        reward: { xp: 100, score: 10, scoreType: 'training' },
      }),
    ]);
    let sent: unknown;
    server.use(
      http.post('*/api/blockchain/verify-task', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          success: false,
          error:
            'The blockchain did not confirm the verification, so nothing was recorded. Please try again in a minute.',
        });
      }),
    );
    renderWithProviders(<Harness />);
    const list = await screen.findByRole('list', { name: 'Finished tasks' });
    expect(screen.getByText('1 ready to verify')).toBeInTheDocument();
    expect(within(list).getByText('GHOST needs 10 training interactions; 4 recorded')).toBeInTheDocument();
    expect(within(list).getByText('VERIFIED')).toBeInTheDocument();
    expect(within(list).getByText(`${TX.slice(0, 8)}...${TX.slice(-6)}`)).toBeInTheDocument();
    // Only the ready task is selectable.
    expect(within(list).getAllByRole('radio')).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(within(list).getByRole('radio', { name: /GHOST reached Recon proficiency 23/ }));
    expect(screen.getByLabelText('TASK_DATA (JSON)')).toHaveValue('{"skillId":3}');
    expect(screen.getByText(/trained the skill in chat/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify Task' }));
    expect(await screen.findByText('Verification Failed')).toBeInTheDocument();
    expect(screen.getByText(/did not confirm the verification, so nothing was recorded/)).toBeInTheDocument();
    expect(sent).toEqual({ avatarId: 7, taskType: 'skill_learn', taskData: { skillId: 3 }, userWalletAddress: WALLET });
  });

  it("says so when the avatar's tasks cannot be loaded", async () => {
    mockCurrentUser(makeUser());
    server.use(
      http.get('*/api/avatars', () => HttpResponse.json([{ id: 7, name: 'GHOST' }])),
      http.get('*/api/blockchain/avatars/7/verifiable-tasks', () =>
        HttpResponse.json({ error: 'Database unavailable' }, { status: 503 }),
      ),
    );
    renderWithProviders(<Harness />);
    expect(await screen.findByRole('alert')).toHaveTextContent("Could not load this avatar's tasks");
  });
});

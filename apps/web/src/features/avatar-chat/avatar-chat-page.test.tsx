import type { Avatar } from '@app/domain/avatar';
import type { ChatHistoryResponse } from '@app/domain/chat';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import AvatarChatPage from './avatar-chat-page';

/**
 * The avatar chat page (SPEC §2 Avatar chat page) with its real hooks over a
 * mocked network: the opening greeting with its task suggestion is there whether or not a stored
 * conversation is shown above it.
 */

const avatar = {
  id: 42,
  name: 'Nova',
  agentType: 'CREATOR',
  description: 'Paints the grid at night.',
  level: 2,
  experiencePoints: 1200,
  thumbnailUrl: null,
  imageUrl: null,
  skills: [],
} as Partial<Avatar> as Avatar;

function answer(history: ChatHistoryResponse) {
  server.use(
    http.get('*/api/avatars/42', () => HttpResponse.json(avatar)),
    http.get('*/api/avatars/42/chat/history', () => HttpResponse.json(history)),
    http.get('*/api/avatars/42/memory', () => HttpResponse.json({ memory: null })),
  );
}

describe('avatar chat page: opening greeting and stored conversation', () => {
  it('opens with the greeting and its task suggestion when nothing is stored', async () => {
    answer({ exchanges: [], hasMore: false });
    renderWithProviders(<AvatarChatPage params={{ id: '42' }} />);
    const log = await screen.findByRole('log', { name: 'Conversation with Nova' });
    expect(await within(log).findByText('TASK_SUGGESTION')).toBeInTheDocument();
    expect(within(log).getByRole('button', { name: 'EXECUTE MINT ART NFT on Base' })).toBeEnabled();
  });

  it('shows the stored conversation first and still opens with the greeting and its suggestion below it', async () => {
    answer({
      exchanges: [
        { id: 1, userText: 'hello there', avatarText: 'Hi, I am Nova.', createdAt: '2026-01-01T10:00:00.000Z' },
        {
          id: 2,
          userText: 'make art of a fox',
          avatarText: 'Here is your fox.',
          createdAt: '2026-01-01T10:01:00.000Z',
        },
      ],
      hasMore: false,
    });
    renderWithProviders(<AvatarChatPage params={{ id: '42' }} />);
    const log = await screen.findByRole('log', { name: 'Conversation with Nova' });
    expect(await within(log).findByText('Here is your fox.')).toBeInTheDocument();
    const said = within(log).getAllByRole('article', { name: 'Nova said' });
    expect(said.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Hi, I am Nova.'),
      expect.stringContaining('Here is your fox.'),
      expect.stringContaining('Neural link established. Nova online at level 2.'),
    ]);
    expect(within(said[2]!).getByText('TASK_SUGGESTION')).toBeInTheDocument();
    expect(within(log).getAllByRole('button', { name: /^EXECUTE / })).toHaveLength(1);
  });
});

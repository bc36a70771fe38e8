import type { AvatarRemoval } from '@app/domain/avatar';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, mockCurrentUser, renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { OwnerActionsPanel } from './owner-actions-panel';

const archive: AvatarRemoval = {
  action: 'archive',
  tokenId: 12,
  holder: 'custody',
  editionsHeldByOthers: 2,
  consequences: [
    'NEON_FOX is archived: it leaves the marketplace, your avatar lists and its teams, and can no longer chat or run tasks.',
    "Its NFT (token #12) stays on chain in the platform's custody; the blockchain keeps its history.",
    '2 editions held by other people stay theirs.',
  ],
  blockers: [],
};

function signedInOwner(ownsIt = true) {
  mockCurrentUser(makeUser());
  server.use(http.get('*/api/avatars', () => HttpResponse.json(ownsIt ? [{ id: 7, name: 'NEON_FOX' }] : [])));
}

describe('OWNER_ACTIONS', () => {
  it('is not shown to someone who does not own the avatar', async () => {
    signedInOwner(false);
    renderWithProviders(<OwnerActionsPanel avatarId="7" name="NEON_FOX" description={null} />);
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByText('OWNER_ACTIONS')).not.toBeInTheDocument();
  });

  it('renames: sends the new name and description, toasts, closes', async () => {
    signedInOwner();
    let sent: unknown;
    server.use(
      http.patch('*/api/avatars/7', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: 7, name: 'NEON_WOLF', description: 'Runs the grid.' });
      }),
    );
    renderWithProviders(<OwnerActionsPanel avatarId="7" name="NEON_FOX" description={null} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'EDIT' }));
    const dialog = screen.getByRole('dialog', { name: 'EDIT_AVATAR' });
    const nameField = within(dialog).getByLabelText('Avatar name *');
    await user.clear(nameField);
    await user.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Avatar name is required');
    await user.type(nameField, 'NEON_WOLF');
    await user.type(within(dialog).getByLabelText(/Description/), 'Runs the grid.');
    await user.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText('Avatar Updated')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'NEON_WOLF', description: 'Runs the grid.' });
    expect(screen.queryByRole('dialog', { name: 'EDIT_AVATAR' })).not.toBeInTheDocument();
  });

  it('shows what removal does to the NFT before confirming, then archives', async () => {
    signedInOwner();
    let deleted = false;
    server.use(
      http.get('*/api/avatars/7/removal', () => HttpResponse.json(archive)),
      http.delete('*/api/avatars/7', () => {
        deleted = true;
        return HttpResponse.json({ id: 7, action: 'archive' });
      }),
    );
    renderWithProviders(<OwnerActionsPanel avatarId="7" name="NEON_FOX" description={null} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'REMOVE' }));
    const dialog = await screen.findByRole('dialog', { name: 'REMOVE NEON_FOX' });
    const list = await within(dialog).findByRole('list', { name: 'What happens' });
    expect(within(list).getByText(/Its NFT \(token #12\) stays on chain/)).toBeInTheDocument();
    expect(deleted).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'ARCHIVE_AVATAR' }));
    expect(await screen.findByText('Avatar Archived')).toBeInTheDocument();
    expect(deleted).toBe(true);
  });

  it('keeps the confirm button disabled while something blocks the removal', async () => {
    signedInOwner();
    server.use(
      http.get('*/api/avatars/7/removal', () =>
        HttpResponse.json({ ...archive, blockers: ['Cancel its 1 active skill listing on SELL first.'] }),
      ),
    );
    renderWithProviders(<OwnerActionsPanel avatarId="7" name="NEON_FOX" description={null} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'REMOVE' }));
    const dialog = await screen.findByRole('dialog', { name: 'REMOVE NEON_FOX' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Cancel its 1 active skill listing on SELL first.',
    );
    expect(within(dialog).getByRole('button', { name: 'ARCHIVE_AVATAR' })).toBeDisabled();
  });
});

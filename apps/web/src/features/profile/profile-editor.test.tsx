import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useUser } from '@/lib/auth';
import { makeUser, renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { checkProfileImage, ProfileEditor } from './profile-editor';

/** Keeps the current-user query active, as the router does in the app, so invalidation refetches it. */
function UserQueryObserver() {
  useUser();
  return null;
}

const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

async function toast(title: string) {
  const region = await screen.findByRole('region', { name: /notifications/i });
  return within(region).findByText(title, { exact: true });
}

describe('checkProfileImage (SPEC §5)', () => {
  it('refuses files over 5 MB and non-images', () => {
    expect(checkProfileImage({ size: 5 * 1024 * 1024 + 1, type: 'image/png' })?.title).toBe('File Too Large');
    expect(checkProfileImage({ size: 10, type: 'text/plain' })?.title).toBe('Invalid File Type');
    expect(checkProfileImage({ size: 5 * 1024 * 1024, type: 'image/jpeg' })).toBeNull();
  });
});

describe('ProfileEditor (SPEC §2 profile editor panel)', () => {
  it('shows display name, e-mail and the first-letter fallback', () => {
    renderWithProviders(<ProfileEditor user={makeUser({ firstName: 'Ada', lastName: 'Lovelace' })} />);
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('A')).toBeInTheDocument();
  });

  it('falls back to the e-mail prefix, then USER, for the display name', () => {
    const { unmount } = renderWithProviders(<ProfileEditor user={makeUser({ firstName: null, lastName: null })} />);
    expect(screen.getByText('ada')).toBeInTheDocument();
    unmount();
    renderWithProviders(<ProfileEditor user={makeUser({ firstName: null, lastName: null, email: null })} />);
    expect(screen.getByText('USER')).toBeInTheDocument();
  });

  it("toasts 'File Too Large' and 'Invalid File Type' without uploading", async () => {
    renderWithProviders(<ProfileEditor user={makeUser()} />);
    const input = screen.getByLabelText('Profile image file');
    await userEvent.upload(input, png(5 * 1024 * 1024 + 1));
    expect(await toast('Please select an image under 5MB')).toBeInTheDocument();
    await userEvent.upload(input, new File(['hi'], 'note.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await toast('Please select an image file')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SAVE' })).toBeDisabled();
  });

  it('uploads the chosen image only on SAVE, shows UPLOADING..., toasts success and refetches the user', async () => {
    let uploads = 0;
    let userFetches = 0;
    server.use(
      http.post('*/api/profile/upload-image', async ({ request }) => {
        uploads += 1;
        expect((await request.formData()).get('profileImage')).toMatchObject({ type: 'image/png' });
        await delay(400);
        return HttpResponse.json({ imageUrl: '/api/assets/profile/x.webp' });
      }),
      http.get('*/api/auth/user', () => {
        userFetches += 1;
        return HttpResponse.json(makeUser());
      }),
    );
    renderWithProviders(
      <>
        <UserQueryObserver />
        <ProfileEditor user={makeUser()} />
      </>,
    );
    await expect.poll(() => userFetches).toBe(1);
    await userEvent.upload(screen.getByLabelText('Profile image file'), png());
    expect(await screen.findByText('PREVIEW')).toBeInTheDocument();
    expect(uploads).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByRole('button', { name: 'UPLOADING...' })).toBeDisabled();
    expect(await toast('Profile image uploaded successfully')).toBeInTheDocument();
    expect(uploads).toBe(1);
    expect(screen.queryByText('PREVIEW')).not.toBeInTheDocument();
    await expect.poll(() => userFetches).toBe(2);
  });

  it("toasts 'Upload Failed' with the server's error text", async () => {
    server.use(
      http.post('*/api/profile/upload-image', () => HttpResponse.json({ error: 'Not an image' }, { status: 400 })),
    );
    renderWithProviders(<ProfileEditor user={makeUser()} />);
    await userEvent.upload(screen.getByLabelText('Profile image file'), png());
    await userEvent.click(await screen.findByRole('button', { name: 'SAVE' }));
    expect(await toast('Upload Failed')).toBeInTheDocument();
    expect(await toast('Not an image')).toBeInTheDocument();
  });

  it('sends {firstName, lastName} on UPDATE_PROFILE and toasts the outcome', async () => {
    let body: unknown;
    server.use(
      http.patch('*/api/profile', async ({ request }) => {
        body = await request.json();
        await delay(400);
        return HttpResponse.json(makeUser({ firstName: 'Augusta' }));
      }),
      http.get('*/api/auth/user', () => HttpResponse.json(makeUser({ firstName: 'Augusta' }))),
    );
    renderWithProviders(<ProfileEditor user={makeUser()} />);
    const first = screen.getByLabelText('FIRST_NAME');
    await userEvent.clear(first);
    await userEvent.type(first, 'Augusta');
    await userEvent.click(screen.getByRole('button', { name: 'UPDATE_PROFILE' }));
    expect(await screen.findByRole('button', { name: 'UPDATING...' })).toBeDisabled();
    expect(await toast('Profile updated successfully')).toBeInTheDocument();
    expect(body).toEqual({ firstName: 'Augusta', lastName: 'Lovelace' });
  });

  it("toasts 'Update Failed' with 'Update failed' when the server gives no error text", async () => {
    server.use(http.patch('*/api/profile', () => new HttpResponse('oops', { status: 500 })));
    renderWithProviders(<ProfileEditor user={makeUser()} />);
    await userEvent.click(screen.getByRole('button', { name: 'UPDATE_PROFILE' }));
    expect(await toast('Update Failed')).toBeInTheDocument();
    expect(await toast('Update failed')).toBeInTheDocument();
  });
});

import { expect, type Page, test } from '@playwright/test';
import { devSignIn, uniqueEmail } from '../support/auth';

/** The number in the AI_CHAT header's "N XP" figure. */
async function headerXp(page: Page): Promise<number> {
  const text = await page
    .getByRole('definition')
    .filter({ hasText: /^\d+ XP$/ })
    .textContent();
  return Number(text?.replace(/\D/g, ''));
}

/** Sends a dashboard chat message and waits until the streamed reply is complete. */
async function sendDashboardMessage(page: Page, avatarName: string, text: string) {
  const replies = page
    .getByRole('log', { name: `Conversation with ${avatarName}` })
    .getByRole('article', { name: `${avatarName} replied` });
  const before = await replies.count();
  const input = page.getByRole('textbox', { name: `Message ${avatarName}` });
  await input.fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(input).toHaveValue('');
  await expect(replies).toHaveCount(before + 1);
  await expect(replies.last()).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  // Voice replies are on by default (SPEC §4): the status reads SPEAKING... until the reply is spoken.
  await expect(page.getByRole('status').filter({ hasText: 'VOICE READY' })).toBeVisible({ timeout: 90_000 });
}

test.describe('avatars that think', () => {
  test('create in the studio, chat on the dashboard (reply, art, XP), then on /avatar-chat/{id}', async ({ page }) => {
    const name = `Nova ${Date.now().toString(36).slice(-4)}`;
    await devSignIn(page, 'Ava Tester', uniqueEmail('avatars'));

    // A new user owns no avatars (SPEC §2 empty state).
    await expect(page.getByRole('heading', { name: 'NO_AVATARS_FOUND' })).toBeVisible();
    await expect(
      page.getByText(
        'You need to own AI avatar NFTs to start chatting. Visit the marketplace to mint your first avatar.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'VISIT_MARKETPLACE' })).toBeVisible();

    // AVATAR_STUDIO: the name is required (SPEC §5).
    await page.goto('/studio');
    await expect(page.getByRole('heading', { name: 'AVATAR_STUDIO' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'CREATE_NEW_AVATAR' })).toBeVisible();
    await expect(page.getByText(/Ready Player Me integration is coming in the next update/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'AI_TRAINING' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'BLOCKCHAIN_OWNERSHIP' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /CREATOR/ })).toBeChecked();
    await page.getByRole('button', { name: 'CREATE_AVATAR' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Avatar name is required' })).toBeVisible();

    await page.getByRole('textbox', { name: /Avatar name/ }).fill(name);
    await page.getByRole('textbox', { name: /Description/ }).fill('Paints the grid at night.');
    await page.getByRole('button', { name: 'Remove trait helpful' }).click();
    await page.getByRole('textbox', { name: 'New trait' }).fill('bold');
    await page.getByRole('button', { name: 'ADD' }).click();
    await expect(page.getByRole('list', { name: 'Personality traits' })).toContainText('bold');
    await page.getByRole('button', { name: 'CREATE_AVATAR' }).click();

    // Back on the dashboard with the toast, the new avatar selected in AI_CHAT.
    await page.waitForURL('/');
    await expect(page.getByText('Avatar Created', { exact: true })).toBeVisible();
    const sidebarEntry = page
      .getByRole('complementary', { name: 'My avatars' })
      .getByRole('button', { name: new RegExp(name) });
    await expect(sidebarEntry).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await expect(page.getByText('4 CAPABILITIES')).toBeVisible();
    expect(await headerXp(page)).toBe(0);

    // Blank text is not sent (SPEC §5).
    const input = page.getByRole('textbox', { name: `Message ${name}` });
    await input.fill('   ');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();

    // A reply in character, streamed into the conversation.
    await sendDashboardMessage(page, name, 'hello there');
    const log = page.getByRole('log', { name: `Conversation with ${name}` });
    await expect(log.getByRole('article', { name: 'You said' })).toContainText('hello there');
    const firstReply = log.getByRole('article', { name: `${name} replied` }).first();
    await expect(firstReply).toContainText(name);
    await expect.poll(() => headerXp(page)).toBeGreaterThan(0);
    const xpAfterHello = await headerXp(page);

    // Asking for art shows the generated image and the art actions.
    await sendDashboardMessage(page, name, 'make me some art of a neon fox in the rain');
    const artwork = log.getByRole('img', { name: /Generated artwork: .*neon fox/i });
    await expect(artwork).toBeVisible();
    await expect.poll(() => artwork.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(log.getByRole('button', { name: 'MINT ART NFT' }).last()).toBeVisible();
    await expect(log.getByRole('button', { name: 'GENERATE IMAGE' }).last()).toBeVisible();

    // XP rose again, in the header and in the sidebar.
    await expect.poll(() => headerXp(page)).toBeGreaterThan(xpAfterHello);
    const xpNow = await headerXp(page);
    await expect(sidebarEntry).toContainText(`${xpNow} XP`);

    // The avatar chat page with the real avatar.
    await page.getByRole('link', { name: 'OPEN_CHANNEL' }).click();
    await expect(page).toHaveURL(/\/avatar-chat\/\d+$/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText(`${xpNow} XP total`, { exact: false })).toBeVisible();
    const pageLog = page.getByRole('log', { name: `Conversation with ${name}` });
    await expect(pageLog.getByText('TASK_SUGGESTION')).toBeVisible();
    await pageLog
      .getByRole('button', { name: /^EXECUTE / })
      .first()
      .click();
    await expect(page.getByText('Task Initiated', { exact: true })).toBeVisible();
    await expect(page.getByText('Executing MINT ART NFT on Base...', { exact: true })).toBeVisible();

    const send = page.getByRole('button', { name: 'Send message' });
    await expect(send).toBeDisabled();
    // The page shows the stored conversation above this visit's greeting: one more reply.
    const replies = pageLog.getByRole('article', { name: `${name} said` });
    const before = await replies.count();
    const pageInput = page.getByRole('textbox', { name: `Message ${name}` });
    await pageInput.fill('can you build me a website for my gallery?');
    await pageInput.press('Enter');
    await expect(pageLog.getByRole('article', { name: 'You said' }).last()).toContainText('website for my gallery');
    await expect(replies).toHaveCount(before + 1, { timeout: 30_000 });
    await expect(replies.last().getByText('DEPLOY WEBSITE')).toBeVisible();
    await expect(page.getByText(/XP total/)).not.toContainText(`${xpNow} XP total`);
  });

  test('an unknown avatar shows a clear message with a way back', async ({ page }) => {
    await devSignIn(page, 'Lost Person', uniqueEmail('lost'));
    await page.goto('/avatar-chat/987654');
    await expect(page.getByRole('heading', { name: 'AVATAR_NOT_FOUND' })).toBeVisible();
    await page.getByRole('link', { name: 'BACK_TO_DASHBOARD' }).last().click();
    await page.waitForURL('/');
  });

  test('the CREATE tab lists the three mintable templates and links to the studio', async ({ page }) => {
    await devSignIn(page, 'Tab Viewer', uniqueEmail('create'));
    await page.goto('/create');
    for (const [template, rarity, price] of [
      ['GENESIS_HACKER', 'RARE', '0.15 ETH'],
      ['NEURAL_CREATOR', 'EPIC', '0.25 ETH'],
      ['CRYPTO_HUSTLER', 'LEGENDARY', '0.35 ETH'],
    ] as const) {
      const card = page.getByRole('article', { name: template });
      await expect(card).toContainText(rarity);
      await expect(card).toContainText(price);
      await expect(card).toContainText('$420 USD');
      await expect(card.getByRole('button', { name: 'MINT_AVATAR' })).toBeVisible();
    }
    await page.getByRole('link', { name: /CREATE_NEW/ }).click();
    await page.waitForURL('/studio');
  });
});

import { expect, test } from '@playwright/test';
import { devSignIn, uniqueEmail } from '../support/auth';

/**
 * Every section is reachable from the bar (desktop) and the menu sheet (phone),
 * the current one is marked, and a page opened while signed out is where sign-in comes back to.
 */

const SECTIONS: [label: string, path: RegExp, heading: RegExp][] = [
  ['TEAMS', /\/teams$/, /TEAM/],
  ['BLOCKCHAIN', /\/blockchain$/, /BLOCKCHAIN/],
  ['NFT', /\/nft$/, /NFT/],
  ['SELL', /\/sell$/, /SELL|EARN/],
  ['MARKETPLACE', /\/marketplace$/, /MARKETPLACE/],
  ['AVATAR_CHAT', /\/avatar-chat\/\d+$/, /./],
  ['DASHBOARD', /\/$/, /./],
];

test.describe('navigation', () => {
  test('desktop: every section from the bar, the current one marked', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await devSignIn(page, 'Nav Desk', uniqueEmail('nav-desk'), 90_000);
    const created = await page.request.post('/api/avatars', { data: { name: 'Route Runner' } });
    expect(created.ok()).toBe(true);
    await page.reload();
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(bar.getByRole('link', { name: 'AVATAR_CHAT' })).toBeVisible();
    for (const [label, path, heading] of SECTIONS) {
      await bar.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(path);
      await expect(bar.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await expect(bar.locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test('phone: the menu sheet lists every section and closes on choosing one', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await devSignIn(page, 'Nav Phone', uniqueEmail('nav-phone'), 90_000);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'TEAMS' })).toBeHidden();
    for (const label of ['TEAMS', 'BLOCKCHAIN', 'NFT', 'SELL', 'MARKETPLACE']) {
      await page.getByRole('button', { name: 'Toggle navigation menu' }).click();
      const sheet = page.getByRole('dialog', { name: 'NAVIGATION' });
      await sheet.getByRole('link', { name: label }).click();
      await expect(sheet).toBeHidden();
      await page.getByRole('button', { name: 'Toggle navigation menu' }).click();
      await expect(page.getByRole('dialog', { name: 'NAVIGATION' }).getByRole('link', { name: label })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'NAVIGATION' })).toBeHidden();
    }
  });
});

test.describe('sign-in returns to the page the user came from', () => {
  test('a signed-in page opened while signed out comes back after sign-in', async ({ page }) => {
    await page.goto('/teams');
    await page.getByRole('banner').getByRole('link', { name: 'LOGIN' }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fteams$/);
    await page.getByRole('link', { name: 'LOGIN' }).click();
    await page.getByLabel('Display name').fill('Return Trip');
    await page.getByLabel('E-mail').fill(uniqueEmail('return'));
    await page.getByRole('button', { name: 'SIGN_IN' }).click();
    await expect(page).toHaveURL(/\/teams$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'TEAMS' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('a public page keeps its query across sign-in', async ({ page }) => {
    await page.goto('/blockchain');
    await page.getByRole('banner').getByRole('link', { name: 'LOGIN' }).click();
    await page.getByRole('link', { name: 'LOGIN' }).click();
    await page.getByLabel('Display name').fill('Chain Return');
    await page.getByLabel('E-mail').fill(uniqueEmail('return2'));
    await page.getByRole('button', { name: 'SIGN_IN' }).click();
    await expect(page).toHaveURL(/\/blockchain$/);
  });

  for (const evil of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
    test(`never leaves the site for returnTo=${evil}`, async ({ page }) => {
      await page.goto(`/api/login?returnTo=${encodeURIComponent(evil)}`);
      await page.getByLabel('Display name').fill('Evil Link');
      await page.getByLabel('E-mail').fill(uniqueEmail('evil'));
      await page.getByRole('button', { name: 'SIGN_IN' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(new URL(page.url()).host).toMatch(/^localhost:\d+$/);
    });
  }
});

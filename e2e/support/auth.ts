import { expect, type Page } from '@playwright/test';

/**
 * Signs in through the development form (/api/login without OIDC) and waits for the dashboard.
 * @returns the e-mail used
 */
export async function devSignIn(
  page: Page,
  displayName: string,
  email: string,
  /** How long the dashboard may take to appear (a loaded machine needs more than the default). */
  timeout?: number,
): Promise<string> {
  await page.goto('/api/login');
  await page.getByLabel('Display name').fill(displayName);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'SIGN_IN' }).click();
  await page.waitForURL('/');
  await expect(page.getByRole('tab', { name: 'AI_CHAT' })).toBeVisible({ timeout });
  return email;
}

/** A unique e-mail per test run. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@e2e.test`;

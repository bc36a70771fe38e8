import { expect, test } from '@playwright/test';
import { devSignIn, uniqueEmail } from '../support/auth';

/**
 * A signed-in user never sees signed-out content: from the first paint of `/` on, the page holds no
 * part of the landing page and no "who are you" loader — the server sends the app's shell with the
 * user in it, and the app renders the dashboard from there. The same for every other signed-in page.
 */

/** Runs in the page before its scripts: notes every landing-page or loader element ever in the DOM. */
function watchForSignedOutContent() {
  const seen = new Set<string>();
  (window as unknown as { __signedOutSeen: Set<string> }).__signedOutSeen = seen;
  const check = () => {
    if (document.querySelector('#hero-pitch')) seen.add('#hero-pitch');
    if (document.querySelector('[data-prerendered="landing"]')) seen.add('data-prerendered=landing');
    if (document.querySelector('#journey, #features, #cta-title')) seen.add('landing section');
    for (const el of document.querySelectorAll('[role="status"]')) {
      if (el.textContent?.includes('INITIALIZING NEURAL LINK')) seen.add('INITIALIZING NEURAL LINK');
    }
  };
  const start = () => {
    new MutationObserver(check).observe(document.documentElement, { childList: true, subtree: true, attributes: true });
    check();
  };
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

const signedOutSeen = (page: import('@playwright/test').Page) =>
  page.evaluate(() => [...(window as unknown as { __signedOutSeen: Set<string> }).__signedOutSeen]);

test.describe('signed-in first paint', () => {
  test('/ paints the dashboard, never the landing page, for a signed-in user', async ({ page }) => {
    await devSignIn(page, 'First Paint', uniqueEmail('first-paint'), 90_000);
    await page.addInitScript(watchForSignedOutContent);

    const res = await page.goto('/', { waitUntil: 'commit' });
    const html = await res!.text();
    expect(html).not.toContain('id="hero-pitch"');
    expect(html).not.toContain('data-prerendered');
    expect(html).toContain('id="session-user"');
    await expect(page.getByRole('tab', { name: 'AI_CHAT' })).toBeVisible();
    expect(await signedOutSeen(page)).toEqual([]);

    // A reload (warm cache) and another signed-in page opened directly: the same.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'AI_CHAT' })).toBeVisible();
    expect(await signedOutSeen(page)).toEqual([]);
    await page.goto('/teams');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await signedOutSeen(page)).toEqual([]);
  });

  test('a visitor still gets the prerendered landing page at /', async ({ page }) => {
    const res = await page.goto('/');
    expect(await res!.text()).toContain('id="hero-pitch"');
    await expect(page.locator('#hero-pitch')).toBeVisible();
  });
});

import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { devSignIn, uniqueEmail } from '../support/auth';

test.describe('landing page (signed out)', () => {
  test('renders every section of SPEC §2', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: /join.*waitlist/i }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const feature of [
      /AI avatars?/i,
      /skill trading/i,
      /task verification/i,
      /NFT ownership/i,
      /AI training/i,
      /multi-?modal/i,
    ]) {
      await expect(page.getByRole('heading', { name: feature }).first()).toBeVisible();
    }
    await expect(page.getByText(/\+50 XP/).first()).toBeVisible();
    await expect(page.getByText(/0\.1 ETH/).first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /e-?mail/i }).first()).toBeVisible();
  });

  test('arrives prerendered, then applies the full stylesheet it fetched without blocking paint', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const res = await page.goto('/');
    // The hero is in the HTML itself (the largest contentful paint comes before any script runs).
    expect(await res!.text()).toContain('id="hero-pitch"');
    // The stylesheet came as media="print"; main.tsx switches it on (scripts/prerender.mjs) once
    // boot.ts has loaded the app after the first paint.
    await expect(page.locator('link[rel="stylesheet"][href^="/assets/"]')).toHaveAttribute('media', 'all');
    await expect(page.locator('link[data-deferred-media]')).toHaveCount(0);
    // Client navigation to a page the critical CSS never saw is styled by it.
    await page.getByRole('link', { name: 'MARKETPLACE' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
    expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
  });

  test('the hero paints before the app is fetched, which then hydrates the page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Hydrated: the typing animation (an effect) has started writing the headline.
    await expect(page.locator('h1 > span[aria-hidden="true"]').last()).not.toHaveText('');
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      app: performance.getEntriesByType('resource').find((entry) => /\/assets\/main-[^/]+\.js$/.test(entry.name))
        ?.startTime,
    }));
    expect(timing.fcp).toBeGreaterThan(0);
    expect(timing.app).toBeGreaterThanOrEqual(timing.fcp ?? Number.POSITIVE_INFINITY);
  });

  test('a click and a sign-up made before the app has loaded are carried out once it has', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    let release: () => void = () => {};
    const appMayLoad = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
      await appMayLoad;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const input = page.getByRole('textbox', { name: /e-?mail/i }).first();
    await page.mouse.wheel(0, 1500);
    await expect(input).not.toBeInViewport();
    await page
      .getByRole('button', { name: /join.*waitlist/i })
      .first()
      .click();
    const email = uniqueEmail('early');
    await input.fill(email);
    await input.press('Enter');
    await expect(page.getByText('NEURAL_LINK_ESTABLISHED')).toHaveCount(0);
    release();
    await expect(page.getByText('NEURAL_LINK_ESTABLISHED').first()).toBeVisible();
    await expect(input).toHaveValue('');
    await expect(input).toBeInViewport();
  });

  test('the typing animation writes the headline character by character', async ({ page }) => {
    await page.goto('/');
    // The typed line (the last aria-hidden span) starts once the app has hydrated the page, which
    // takes its own time on a loaded machine: measure the typing from its first character.
    const typed = page.locator('h1 > span[aria-hidden="true"]').last();
    await expect(typed).not.toHaveText('');
    const first = (await typed.textContent()) ?? '';
    await page.waitForTimeout(600);
    const later = (await typed.textContent()) ?? '';
    expect(later.length).toBeGreaterThan(first.length);
  });

  test('the join-waitlist button scrolls to the e-mail capture', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/');
    await page
      .getByRole('button', { name: /join.*waitlist/i })
      .first()
      .click();
    await expect(page.getByRole('textbox', { name: /e-?mail/i }).first()).toBeInViewport();
  });

  test('the call-to-action opens JOIN_THE_REVOLUTION with a waitlist form', async ({ page }) => {
    await page.goto('/');
    const dialogOpeners = page.getByRole('button', { name: /revolution|get early access|join now/i });
    await dialogOpeners.last().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('JOIN_THE_REVOLUTION')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /e-?mail/i })).toBeVisible();
  });

  test('a waitlist sign-up shows NEURAL_LINK_ESTABLISHED, clears the field, and a malformed e-mail is refused', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const email = uniqueEmail('waitlist');
    const input = page.getByRole('textbox', { name: /e-?mail/i }).first();
    await input.fill('not-an-email');
    await input.press('Enter');
    expect(await input.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);
    await input.fill(email);
    await input.press('Enter');
    await expect(page.getByText('NEURAL_LINK_ESTABLISHED').first()).toBeVisible();
    await expect(input).toHaveValue('');
    const bad = await request.post('/api/waitlist', { data: { email: 'nope', source: 'landing_page' } });
    expect(bad.status()).toBe(400);
    // the row exists: the first person to sign in is admin and can list the waitlist
    await devSignIn(page, 'Wait Admin', 'e2e-admin@e2e.test');
    const list = await page.request.get('/api/admin/waitlist');
    expect(list.ok()).toBe(true);
    expect(await list.json()).toContainEqual(expect.objectContaining({ email, source: 'landing_page' }));
  });

  test('signed-out visits to members-only routes fall back to the landing page', async ({ page }) => {
    await page.goto('/teams');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /join.*waitlist/i }).first()).toBeVisible();
  });

  test('/login shows ACCESS_NEURAL_LINK with a button to /api/login', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('ACCESS_NEURAL_LINK')).toBeVisible();
    const link = page.getByRole('link', { name: /sign in|access|connect|login/i }).first();
    await expect(link).toHaveAttribute('href', '/api/login');
  });
});

test.describe('signed in', () => {
  test('dev sign-in → dashboard → profile update and image upload → logout', async ({ page }) => {
    const email = uniqueEmail('neo');
    await devSignIn(page, 'Neo Anderson', email);
    await page.getByRole('tab', { name: 'PROFILE' }).click();
    await expect(page.getByText('USER_PROFILE')).toBeVisible();
    await expect(page.getByText('NOT_CONNECTED')).toBeVisible();

    await page.getByLabel('FIRST_NAME').fill('Thomas');
    await page.getByLabel('LAST_NAME').fill('Anderson');
    await page.getByRole('button', { name: 'UPDATE_PROFILE' }).click();
    await expect(page.getByText('Profile updated successfully').first()).toBeVisible();
    await expect(page.getByText('Thomas Anderson').first()).toBeVisible();

    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff2bd6' } })
      .png()
      .toBuffer();
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'SAVE' }).click();
    await expect(page.getByText('Profile image uploaded successfully').first()).toBeVisible();
    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me.profileImageUrl).toMatch(/^\/api\/assets\/profile\//);

    await page.getByRole('button', { name: 'LOGOUT' }).first().click();
    await page.waitForURL('/');
    await expect(page.getByRole('button', { name: /join.*waitlist/i }).first()).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('an unknown route shows the 404 page', async ({ page }) => {
    await devSignIn(page, 'Lost Soul', uniqueEmail('lost'));
    await page.goto('/nope');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  test('the user menu shows NEURAL_PROFILE with SETTINGS', async ({ page }) => {
    await devSignIn(page, 'Trinity', uniqueEmail('trin'));
    await page
      .getByRole('button', { name: /Trinity/ })
      .first()
      .click();
    await expect(page.getByText('NEURAL_PROFILE')).toBeVisible();
    await page.getByRole('menuitem', { name: 'SETTINGS' }).click();
    await page.waitForURL('/profile');
    await expect(page.getByText('USER_PROFILE')).toBeVisible();
  });
});

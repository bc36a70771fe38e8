import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, request, test } from '@playwright/test';
import { uniqueEmail } from '../support/auth';

/**
 * Buying and selling in Chromium against the app as `npm start` runs it:
 * editions bought from the CREATE tab's MINT_AVATAR with the local test wallet (anvil) and with a
 * sandbox card, a skill bought into your own avatar and seen on its /avatar/{id} Skills tab, and
 * the /sell page (price an avatar, list a skill, cancel it).
 */

/**
 * Signs in through the development sign-in endpoint with the page's request context (shares its
 * cookies), then opens the dashboard on its CREATE tab (see teams.spec.ts for why not the form).
 */
async function devSignIn(page: Page, displayName: string, email: string) {
  const res = await page.request.post('/api/login/dev', { data: { displayName, email } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto('/create');
  await expect(page.getByRole('tab', { name: 'AI_CHAT' })).toBeVisible();
}

const nextYear = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');

/**
 * A seller outside the browser: signs in, buys a CRYPTO_HUSTLER edition by card (her own avatar with
 * the template's skills) and lists one of its skills. @returns the listing
 */
async function sellerWithListing(baseURL: string) {
  const api: APIRequestContext = await request.newContext({ baseURL });
  expect(
    (await api.post('/api/login/dev', { data: { displayName: 'Skill Seller', email: uniqueEmail('seller') } })).ok(),
  ).toBe(true);
  const series = await (
    await api.post('/api/purchases/templates/resolve', { data: { name: 'CRYPTO_HUSTLER' } })
  ).json();
  const bought = await api.post('/api/purchase-avatar', {
    data: {
      avatarId: series.avatarId,
      paymentMethod: 'card',
      card: { number: '4242 4242 4242 4242', expiry: `12/${nextYear}`, cvv: '123' },
      idempotencyKey: `seller-${Date.now()}`,
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const [avatar] = (await (await api.get('/api/avatars')).json()) as {
    id: number;
    skills: { id: number; name: string; proficiency: number }[];
  }[];
  // A HUSTLER skill the HACKER and CREATOR templates do not have.
  const skill = avatar!.skills.find((s) => ['Market Analysis', 'Negotiation', 'Trading Strategy'].includes(s.name))!;
  const listing = await api.post('/api/skill-listings', {
    data: { avatarId: avatar!.id, skillId: skill.id, priceEth: '0.04', proficiencyLevel: skill.proficiency },
  });
  expect(listing.status(), await listing.text()).toBe(201);
  await api.dispose();
  return { skillName: skill.name, proficiency: skill.proficiency };
}

/** Opens the purchase dialog of a template from the dashboard CREATE tab. */
async function openTemplate(page: Page, name: string) {
  await page.goto('/create');
  await page.getByRole('button', { name: `MINT_AVATAR ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'PURCHASE_AVATAR' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillCard(scope: Locator, number: string) {
  await scope.getByLabel('CARD_NUMBER').fill(number);
  await scope.getByLabel('EXPIRY (MM/YY)').fill(`12${nextYear}`);
  await scope.getByLabel('CVV').fill('123');
}

test.describe('purchases', () => {
  test('buy an edition with the local test wallet and one with a sandbox card, then a skill into your avatar', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const listing = await sellerWithListing(baseURL!);
    await devSignIn(page, 'Avatar Buyer', uniqueEmail('buyer'));

    // 1. Crypto: the crypto tab names the configured network and the Marketplace; the local test
    //    wallet connects, links itself (SIWE) and pays Marketplace.buyEdition.
    let dialog = await openTemplate(page, 'GENESIS_HACKER');
    await expect(dialog.getByRole('tab', { name: 'CARD' })).toHaveAttribute('aria-selected', 'true'); // SPEC §2 default
    await dialog.getByRole('tab', { name: 'CRYPTO' }).click();
    await expect(dialog.getByText('Local Anvil (development)')).toBeVisible();
    await dialog.getByRole('button', { name: 'Connect Wallet & Pay' }).click();
    await page
      .getByRole('dialog', { name: 'CONNECT_WALLET' })
      .getByRole('button', { name: /Local test wallet/ })
      .click();
    const done = dialog.getByRole('region', { name: 'Purchase complete' });
    await expect(done).toBeVisible({ timeout: 60_000 });
    await expect(done).toContainText("You've successfully acquired GENESIS_HACKER");
    await expect(done).toContainText('TX_HASH');
    await expect(page.getByText('Purchase Successful!', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // 2. Card: a declined card first (SPEC §8 'Purchase Failed', the reason in the dialog), then 4242.
    dialog = await openTemplate(page, 'NEURAL_CREATOR');
    await expect(dialog.getByText('Sandbox — no real charge')).toBeVisible();
    await fillCard(dialog, '4000 0000 0000 0002');
    await dialog.getByRole('button', { name: /^PAY / }).click();
    await expect(dialog.getByRole('alert')).toContainText('Your card was declined');
    await expect(page.getByText('Purchase Failed', { exact: true })).toBeVisible();
    await fillCard(dialog, '4242 4242 4242 4242');
    await dialog.getByRole('button', { name: /^PAY / }).click();
    await expect(dialog.getByRole('region', { name: 'Purchase complete' })).toContainText(
      "You've successfully acquired NEURAL_CREATOR",
    );
    await expect(dialog.getByRole('region', { name: 'Purchase complete' })).toContainText('Visa •••• 4242');
    await dialog.getByRole('button', { name: 'Close' }).click();

    const mine = (await (await page.request.get('/api/avatars')).json()) as { id: number; name: string }[];
    expect(mine.map((a) => a.name).sort()).toEqual(['GENESIS_HACKER', 'NEURAL_CREATOR']);
    const target = mine.find((a) => a.name === 'NEURAL_CREATOR')!;

    // 3. A skill from the SKILLS_MARKETPLACE into one of your avatars, by card.
    await page.goto('/sell');
    const market = page.getByRole('region', { name: 'SKILLS_MARKETPLACE' });
    await market
      .getByRole('button', { name: `BUY ${listing.skillName}` })
      .first()
      .click();
    dialog = page.getByRole('dialog', { name: 'BUY_SKILL' });
    await dialog.getByRole('combobox', { name: 'YOUR_AVATAR' }).click();
    await page.getByRole('option', { name: /^NEURAL_CREATOR/ }).click();
    await fillCard(dialog, '4242 4242 4242 4242');
    await dialog.getByRole('button', { name: /^PAY / }).click();
    await expect(dialog.getByRole('region', { name: 'Purchase complete' })).toContainText(
      `You've successfully acquired ${listing.skillName}`,
    );
    await dialog.getByRole('link', { name: 'VIEW_YOUR_AVATAR' }).click();

    // 4. The avatar's page lists the skill (SPEC §2 Avatar detail, Skills & Abilities).
    await expect(page).toHaveURL(`/avatar/${target.id}`);
    await page.getByRole('tab', { name: /Skills/ }).click();
    await expect(page.getByText(listing.skillName, { exact: true }).first()).toBeVisible();
  });

  test('sell: price an avatar, list a skill of a bought edition, cancel the listing', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await devSignIn(page, 'Avatar Seller', uniqueEmail('sell'));
    const origin = new URL(baseURL!).origin;
    const created = await page.request.post('/api/avatars', {
      data: { name: 'PRICE_ME', agentType: 'CREATOR' },
      headers: { origin },
    });
    expect(created.status()).toBe(201);
    const series = await (
      await page.request.post('/api/purchases/templates/resolve', {
        data: { name: 'GENESIS_HACKER' },
        headers: { origin },
      })
    ).json();
    const bought = await page.request.post('/api/purchase-avatar', {
      data: {
        avatarId: series.avatarId,
        paymentMethod: 'card',
        card: { number: '4242424242424242', expiry: `12/${nextYear}`, cvv: '123' },
        idempotencyKey: `sell-${Date.now()}`,
      },
      headers: { origin },
    });
    expect(bought.status(), await bought.text()).toBe(201);

    await page.goto('/sell');
    const priced = page.getByRole('article', { name: 'PRICE_ME' });
    await priced.getByLabel('EDITION_PRICE (ETH)').fill('0.123');
    await priced.getByRole('button', { name: 'SET_PRICE' }).click();
    await expect(priced.getByText('On sale: 0.123 ETH per edition')).toBeVisible();

    const edition = page.getByRole('article', { name: 'GENESIS_HACKER' });
    await expect(edition.getByText("its series' creator sets the edition price", { exact: false })).toBeVisible();
    await edition.getByRole('button', { name: /LIST_SKILL/ }).click();
    const dialog = page.getByRole('dialog', { name: 'LIST_SKILL' });
    await dialog.getByRole('combobox', { name: 'SKILL' }).click();
    const option = page.getByRole('option').first();
    const skillName = ((await option.textContent()) ?? '').split(' · ')[0]!.trim();
    await option.click();
    await dialog.getByLabel('PRICE (ETH)').fill('0.05');
    await dialog.getByLabel('PROFICIENCY').fill('101');
    await dialog.getByRole('button', { name: 'LIST_FOR_SALE' }).click();
    await expect(dialog.getByText(/At most/)).toBeVisible();
    await dialog.getByLabel('PROFICIENCY').fill('40');
    await dialog.getByRole('button', { name: 'LIST_FOR_SALE' }).click();
    await expect(dialog).toBeHidden();

    const listings = page.getByRole('region', { name: 'YOUR_LISTINGS' });
    await expect(listings.getByText(skillName)).toBeVisible();
    await expect(listings.getByText('ACTIVE')).toBeVisible();
    await listings.getByRole('button', { name: `CANCEL listing of ${skillName}` }).click();
    await expect(listings.getByText('CANCELLED')).toBeVisible();
  });

  /** Screenshots for review: `PURCHASE_SHOTS=1 node scripts/e2e.mjs tests/purchases.spec.ts -g screenshots`. */
  // A screenshot tool, not a check: it is registered only when PURCHASE_SHOTS=1 is set.
  if (process.env.PURCHASE_SHOTS) {
    test('screenshots of both purchase dialog tabs', async ({ page }) => {
      const dir = '/tmp/shots';
      mkdirSync(dir, { recursive: true });
      await devSignIn(page, 'Shot Taker', uniqueEmail('purchase-shots'));
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        // The CREATE tab is hidden on small screens (SPEC §2): open it by its route.
        const dialog = await openTemplate(page, 'CRYPTO_HUSTLER');
        await expect(dialog.getByText('Sandbox — no real charge')).toBeVisible();
        await page.screenshot({ path: `${dir}/purchase-card-${width}.png` });
        await dialog.getByRole('tab', { name: 'CRYPTO' }).click();
        await expect(dialog.getByRole('button', { name: 'Connect Wallet & Pay' })).toBeEnabled();
        await page.screenshot({ path: `${dir}/purchase-crypto-${width}.png` });
        await dialog.getByRole('button', { name: 'Close' }).click();
      }
    });
  }
});

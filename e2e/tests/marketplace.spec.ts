import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * /marketplace and /avatar/{id} signed out (SPEC §2 Marketplace and Avatar detail): browse
 * the seeded catalogue, search, filter, sort, open a detail page and each of its tabs.
 */

const grid = (page: Page) => page.getByRole('list', { name: 'Avatars for sale' });
const card = (page: Page, name: string) => grid(page).getByRole('article', { name, exact: true });

/** Picks an option of a (Radix) select by its accessible name. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The ETH prices of the visible cards, in order (SPEC §9: 4 decimals). */
async function ethPrices(page: Page): Promise<number[]> {
  const texts = await grid(page)
    .getByText(/^\d+\.\d{4} ETH$/)
    .allTextContents();
  return texts.map((t) => Number(t.replace(' ETH', '')));
}

async function expectCardFields(c: Locator) {
  await expect(c.getByText(/^\d+ of \d+$/)).toBeVisible(); // 'edition of maxEditions'
  await expect(c.getByText(/^LV\.\d+$/)).toBeVisible();
  await expect(c.getByText(/^(Blockchain Verified|Pending Verification)$/)).toBeVisible();
  await expect(c.getByText(/^[\d,]+ XP$/)).toBeVisible();
  await expect(c.getByText(/^[\d,]+ tasks$/)).toBeVisible();
  await expect(c.getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();
  await expect(c.getByText(/^\d+\.\d{4} ETH$/)).toBeVisible();
  await expect(c.getByText('OWNER', { exact: false }).first()).toBeVisible();
  await expect(c.getByRole('button', { name: /^PURCHASE/ })).toBeVisible();
}

test.describe('marketplace (signed out)', () => {
  test('browse, search, filter and sort the catalogue', async ({ page }) => {
    await page.goto('/marketplace');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/AVATAR_\s*MARKETPLACE/);
    await expect(page.getByPlaceholder('Search avatars...')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sort avatars' })).toHaveText(/Featured/);
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText(/All Categories/);

    // The seeded avatars: GENESIS_HACKER (SPEC §3 id 21) is featured, so on the first page.
    const genesis = card(page, 'GENESIS_HACKER');
    await expect(genesis).toBeVisible();
    await expectCardFields(genesis);
    await expect(genesis.getByRole('link', { name: /VIEW_DETAILS/ })).toHaveAttribute('href', '/avatar/21');
    await expect(genesis.getByText('FEATURED')).toBeVisible();
    await expect(genesis.getByText('0.1500 ETH')).toBeVisible();
    // Skills: at most 4 with their proficiency, '+N more' for the rest.
    const skills = genesis.getByRole('list', { name: 'Skills of GENESIS_HACKER' }).getByRole('listitem');
    expect(await skills.count()).toBeLessThanOrEqual(4);
    await expect(skills.first()).toContainText(/\d+%/);
    await expect(page.getByText(/USD prices at \$[\d,]+\.\d{2} per ETH/)).toBeVisible();

    // Search (debounced, in SQL): name match, then nothing.
    await page.getByPlaceholder('Search avatars...').fill('genesis');
    await expect(grid(page).getByRole('article')).toHaveCount(1);
    await expect(card(page, 'GENESIS_HACKER')).toBeVisible();
    await page.getByPlaceholder('Search avatars...').fill('no-such-avatar-anywhere');
    await expect(page.getByText('NO_AVATARS_FOUND')).toBeVisible();
    await expect(page.getByText('Try adjusting your search criteria or filters')).toBeVisible();
    await page.getByPlaceholder('Search avatars...').fill('');
    await expect(card(page, 'GENESIS_HACKER')).toBeVisible();

    // Category: security has the hacker (its own category) but not the creator (no security skill).
    await choose(page, 'Category', 'Security');
    await expect(card(page, 'GENESIS_HACKER')).toBeVisible();
    await expect(card(page, 'NEURAL_CREATOR')).toHaveCount(0);
    await choose(page, 'Category', 'All Categories');
    await expect(card(page, 'NEURAL_CREATOR')).toBeVisible();

    // Sorts: price high → low and low → high.
    await choose(page, 'Sort avatars', 'Price: High to Low');
    await expect(async () => {
      const prices = await ethPrices(page);
      expect(prices.length).toBeGreaterThan(1);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    }).toPass();
    await choose(page, 'Sort avatars', 'Price: Low to High');
    await expect(async () => {
      const prices = await ethPrices(page);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }).toPass();

    // 'Create New Avatar' navigates to /create instead of sorting (SPEC §2).
    await choose(page, 'Sort avatars', 'Create New Avatar');
    await page.waitForURL('**/create');
  });

  test('open an avatar and each tab of its detail page', async ({ page }) => {
    const api = await page.request.get('/api/avatar-details/21');
    expect(api.ok()).toBe(true);
    const detail = (await api.json()) as { experiencePoints: number; level: number; stats: { totalJobs: number } };

    await page.goto('/marketplace');
    await card(page, 'GENESIS_HACKER')
      .getByRole('link', { name: /VIEW_DETAILS/ })
      .click();
    await page.waitForURL('**/avatar/21');
    await expect(page.getByRole('heading', { level: 1, name: 'GENESIS_HACKER' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'BACK_TO_MARKETPLACE' })).toHaveAttribute('href', '/marketplace');
    await expect(page.getByText(/^\d+ of \d+$/).first()).toBeVisible();
    await expect(page.getByText(`LV.${detail.level}`).first()).toBeVisible();
    await expect(page.getByText('0.1500 ETH')).toBeVisible();
    await expect(page.getByText('$450.00').first()).toBeVisible(); // 0.15 ETH at the default ETH_USD_RATE 3000
    await expect(page.getByRole('button', { name: 'PURCHASE_AVATAR' })).toBeVisible();

    const owner = page.getByRole('region', { name: 'OWNER' });
    await expect(owner.getByText(/^Member since /)).toBeVisible();
    await expect(owner.getByText('TOTAL_SALES')).toBeVisible();
    await expect(owner.getByText('SUCCESS_RATE')).toBeVisible();
    const stats = page.getByRole('region', { name: 'PERFORMANCE_STATS' });
    for (const label of ['TOTAL_JOBS', 'AVG_RATING', 'TOTAL_EARNINGS', 'RESPONSE_TIME']) {
      await expect(stats.getByText(label)).toBeVisible();
    }
    await expect(stats.getByText(String(detail.stats.totalJobs), { exact: true })).toBeVisible();

    // Skills & Abilities (default tab): proficiency, prices, acquisition date, Buy Skill.
    const skills = page.getByRole('list', { name: 'Skills of GENESIS_HACKER' });
    await expect(skills.getByRole('listitem').first()).toContainText('PROFICIENCY');
    await expect(skills.getByRole('listitem').first()).toContainText(/Acquired /);
    await expect(skills.getByRole('button', { name: /^Buy Skill/ }).first()).toBeVisible();

    await page.getByRole('tab', { name: 'Work History' }).click();
    await expect(page.getByRole('list', { name: 'Work history' }).or(page.getByText('NO_JOBS_YET'))).toBeVisible();

    await page.getByRole('tab', { name: 'Achievements' }).click();
    await expect(
      page.getByRole('list', { name: 'Achievements' }).or(page.getByText('NO_ACHIEVEMENTS_YET')),
    ).toBeVisible();

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { name: 'SUCCESS_RATE' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'EXPERIENCE_GROWTH' })).toBeVisible();
    // SPEC §2: 'To Next Level' = 15000 minus experience.
    const toNext = Math.max(0, 15000 - detail.experiencePoints).toLocaleString('en-US');
    await expect(page.getByText(toNext, { exact: true })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Progress in the current level' })).toBeVisible();

    await page.getByRole('link', { name: 'BACK_TO_MARKETPLACE' }).click();
    await page.waitForURL('**/marketplace');
    await expect(card(page, 'GENESIS_HACKER')).toBeVisible();
  });

  test("an unknown avatar shows 'Avatar Not Found' with a way back", async ({ page }) => {
    await page.goto('/avatar/987654');
    await expect(page.getByRole('heading', { name: 'Avatar Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'RETURN_TO_MARKETPLACE' }).click();
    await page.waitForURL('**/marketplace');
  });

  test('the pages arrive rendered with their data, and a tab pressed before the app has loaded opens once it has', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const appMayLoad = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
      await appMayLoad;
      await route.continue();
    });
    const dataRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(avatar-details|marketplace\/avatars)/.test(r.url())) dataRequests.push(r.url());
    });

    await page.goto('/marketplace', { waitUntil: 'domcontentloaded' });
    await expect(card(page, 'GENESIS_HACKER')).toBeVisible(); // in the HTML, before any script
    await page.goto('/avatar/21', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1, name: 'GENESIS_HACKER' })).toBeVisible();
    await expect(page.locator('#root[data-prerendered="page"]')).toHaveCount(1);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { name: 'EXPERIENCE_GROWTH' })).toHaveCount(0);

    release();
    await expect(page.getByRole('heading', { name: 'EXPERIENCE_GROWTH' })).toBeVisible();
    // Hydrated from the data in the page: the app did not ask for it again.
    expect(dataRequests).toEqual([]);
  });
});

#!/usr/bin/env node
/**
 * Screenshots of every route at desktop and phone widths, for people to look at;
 * not a test. Needs a running app (`npm start`) and Debian Chromium.
 *
 *   node scripts/screenshots.mjs [--base=http://localhost:5000] [--out=/tmp/shots] [--widths=1280,375] [--only=/blockchain,/nft]
 *
 * Signs in through the development form as a fresh user, creates one avatar, then saves
 * `<out>/<route>-<width>.png` (full page) for the public routes signed out and every other route
 * signed in. Also prints each page's scroll width, so an overflow shows without opening the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from './find-chromium.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const base = arg('base', 'http://localhost:5000');
const out = arg('out', '/tmp/shots');
const widths = arg('widths', '1280,375').split(',').map(Number);
const only = arg('only', '').split(',').filter(Boolean);
fs.mkdirSync(out, { recursive: true });

const publicRoutes = ['/', '/login', '/marketplace'];
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});

async function shoot(page, route, width, prefix = '') {
  if (only.length && !only.includes(route.replace(/\/\d+$/, '/:id')) && !only.includes(route)) return;
  await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(600); // typing effects and skeletons settle
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  const name = `${prefix}${route === '/' ? 'home' : route.slice(1).replaceAll('/', '_')}-${width}.png`;
  await page.screenshot({ path: path.join(out, name), fullPage: true });
  console.log(`${name.padEnd(32)} scrollWidth ${scrollWidth}${scrollWidth > width ? '  OVERFLOW' : ''}`);
}

const visitor = await browser.newPage();
for (const width of widths) for (const route of publicRoutes) await shoot(visitor, route, width, 'public-');

const page = await browser.newPage();
await page.goto(`${base}/api/login`);
await page.getByLabel('Display name').fill('Screen Shooter');
await page.getByLabel('E-mail').fill(`shots.${Date.now().toString(36)}@example.test`);
await page.getByRole('button', { name: 'SIGN_IN' }).click();
await page.waitForURL(`${base}/`);
const created = await page.request.post(`${base}/api/avatars`, {
  data: { name: 'Neon Cartographer', description: 'Maps the grid, one district at a time.' },
});
const avatar = await created.json();
const market = await (await page.request.get(`${base}/api/marketplace/avatars?limit=1`)).json();
const listed = (Array.isArray(market) ? market : (market.avatars ?? market.items ?? []))[0];
const routes = [
  '/',
  '/profile',
  '/create',
  '/studio',
  '/marketplace',
  `/avatar/${listed?.id ?? avatar.id}`,
  `/avatar/${avatar.id}`,
  `/avatar-chat/${avatar.id}`,
  '/teams',
  '/blockchain',
  '/nft',
  '/sell',
  '/admin',
];
for (const width of widths) for (const route of routes) await shoot(page, route, width);
await browser.close();

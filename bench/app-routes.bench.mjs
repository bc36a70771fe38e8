#!/usr/bin/env node
/**
 * Signed-in page loads and client-side navigations in Chromium against the app started as `npm start`
 * starts it (`node scripts/start.mjs`: the production build, PGlite, the embedded anvil chain, the
 * demo catalogue; only PORT and DATA_DIR are set, to a free port and a throw-away folder).
 *
 *   node bench/app-routes.bench.mjs [--runs=10] [--width=1280] [--only=/,/teams] [--base=http://localhost:5000]
 *
 * Signs in through the development sign-in (a fresh user, who creates one avatar), then for each route
 * (`/`, `/marketplace`, `/avatar/:id`, `/avatar-chat/:id`, `/teams`, `/blockchain`, `/nft`, `/sell`)
 * opens it `--runs` times: the first in a new browser context (empty HTTP cache), the others in that
 * same context (warm cache). The time of a load is from the navigation's start (`performance.now()`
 * origin) to the first moment the route's real content is on the page: its ready selector matches,
 * and no loader is on the page (LOADING_MODULE…, INITIALIZING NEURAL LINK…, a skeleton block, or the
 * prerendered landing page). A MutationObserver installed before the page's own scripts checks this
 * at every DOM change, so the figure does not depend on Playwright's polling. Prints the cold figure
 * and p50/p95 over all runs per route.
 *
 * Then the client-side navigations a user makes from the bar: / → MARKETPLACE → an avatar card →
 * AVATAR_CHAT → TEAMS → BLOCKCHAIN → NFT → SELL → DASHBOARD, 5 rounds (the first in a fresh context).
 * Each hovers the link for 100 ms (as a pointer does on its way to a click), clicks, and measures the
 * time from the click to the route's content, and whether any loader was shown in between.
 *
 * `--base` measures a server that is already running (then no server is started).
 * CHROMIUM_PATH overrides the Chromium found by scripts/find-chromium.mjs.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { findChromium } from '../scripts/find-chromium.mjs';
import { freePort } from '../scripts/lib/processes.mjs';
import { waitForUrl } from '../scripts/lib/wait.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const RUNS = Number(arg('runs', '10'));
const WIDTH = Number(arg('width', '1280'));
const ONLY = arg('only', '').split(',').filter(Boolean);
const NAV_ROUNDS = Number(arg('nav-rounds', '5'));

/**
 * What "the route's real content" is: a selector that matches once the page's data has rendered.
 * Besides it, no loader may be on the page (see LOADER_CHECK).
 */
const READY = {
  '/': 'main [role="tabpanel"][data-state="active"] input[placeholder^="Message "]',
  '/marketplace': 'main a[href^="/avatar/"]',
  '/avatar/:id': 'main h1',
  '/avatar-chat/:id': 'main input[placeholder^="Talk to "]',
  '/teams': 'main h1',
  '/blockchain': 'main h1',
  '/nft': 'main h1',
  '/sell': 'main h1',
};

/** Runs in the page before its scripts: records when the current route's content first showed. */
function installProbe(readySelectors) {
  const patternOf = (p) =>
    p === '/' ? '/' : p.startsWith('/avatar-chat/') ? '/avatar-chat/:id' : p.startsWith('/avatar/') ? '/avatar/:id' : p;
  const loaderOnPage = () => {
    // The landing page's hero (the root keeps its data-prerendered mark after hydration: not a sign).
    if (document.querySelector('#hero-pitch')) return 'landing page';
    if (document.querySelector('[data-slot="skeleton"]')) return 'skeleton';
    for (const el of document.querySelectorAll('[role="status"]')) {
      const t = el.textContent ?? '';
      if (t.includes('LOADING_MODULE')) return 'LOADING_MODULE';
      if (t.includes('INITIALIZING NEURAL LINK')) return 'INITIALIZING NEURAL LINK';
    }
    return null;
  };
  const probe = {
    epoch: { path: location.pathname, t0: 0, readyAt: null, loaders: [] },
    start(pathname) {
      probe.epoch = { path: pathname, t0: performance.now(), readyAt: null, loaders: [] };
    },
    check() {
      const e = probe.epoch;
      if (e.readyAt !== null) return;
      if (location.pathname !== e.path) return;
      const loader = loaderOnPage();
      if (loader) {
        if (!e.loaders.includes(loader)) e.loaders.push(loader);
        return;
      }
      const sel = readySelectors[patternOf(e.path)];
      const el = sel && document.querySelector(sel);
      if (el && el.getClientRects().length > 0) e.readyAt = performance.now();
    },
  };
  window.__routeProbe = probe;
  const observe = () => {
    new MutationObserver(() => probe.check()).observe(document.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
    probe.check();
  };
  if (document.documentElement) observe();
  else document.addEventListener('readystatechange', observe, { once: true });
}

/** Starts `node scripts/start.mjs` on a free port and a fresh data dir; resolves once /api/health answers. */
async function startApp() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-routes-'));
  const log = openSync(path.join(dataDir, 'server.log'), 'w');
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.homedir(),
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const base = `http://localhost:${port}`;
  await waitForUrl(`${base}/api/health`, { timeoutMs: 300_000, every: 100, child, hint: `see ${dataDir}/server.log` });
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      closeSync(log);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const quantile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
};
const ms = (x) => (x === null || x === undefined ? '   —   ' : `${x.toFixed(0).padStart(5)} ms`);

const external = arg('base', '');
const app = external ? { base: external, stop: async () => {} } : await startApp();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? findChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  // A fresh user with one avatar of their own (the dashboard's chat, AVATAR_CHAT, SELL and NFT show it).
  const setup = await browser.newContext({ baseURL: app.base });
  const login = await setup.request.post('/api/login/dev', {
    data: { displayName: 'Route Bench', email: `routes.${Date.now().toString(36)}@bench.test` },
  });
  if (!login.ok()) throw new Error(`sign-in failed: ${login.status()} ${await login.text()}`);
  const created = await setup.request.post('/api/avatars', {
    data: { name: 'BENCH_RUNNER', description: 'Measures how fast the pages are.' },
  });
  if (!created.ok()) throw new Error(`avatar creation failed: ${created.status()}`);
  const own = await created.json();
  let listed = [];
  for (let i = 0; i < 100 && listed.length === 0; i++) {
    listed = await (await setup.request.get('/api/marketplace/avatars?limit=1')).json();
    if (listed.length === 0) await new Promise((r) => setTimeout(r, 300));
  }
  if (listed.length === 0) throw new Error('the marketplace lists no avatar');
  const state = await setup.storageState();
  await setup.close();

  const routes = [
    ['/', '/'],
    ['/marketplace', '/marketplace'],
    ['/avatar/:id', `/avatar/${listed[0].id}`],
    ['/avatar-chat/:id', `/avatar-chat/${own.id}`],
    ['/teams', '/teams'],
    ['/blockchain', '/blockchain'],
    ['/nft', '/nft'],
    ['/sell', '/sell'],
  ].filter(([pattern]) => ONLY.length === 0 || ONLY.includes(pattern));

  const newContext = async () => {
    const ctx = await browser.newContext({
      baseURL: app.base,
      storageState: state,
      viewport: { width: WIDTH, height: 800 },
    });
    await ctx.addInitScript(installProbe, READY);
    return ctx;
  };
  /** Waits for the probe's verdict on the current epoch (ready time, loaders seen). */
  const verdict = async (page, timeoutMs = 60_000) => {
    await page.waitForFunction(() => window.__routeProbe?.epoch.readyAt !== null, null, { timeout: timeoutMs });
    return page.evaluate(() => window.__routeProbe.epoch);
  };

  console.log(
    `app routes: ${app.base}, Chromium ${browser.version()}, viewport ${WIDTH}×800, ${RUNS} loads per route (1st cold), load average ${os.loadavg()[0].toFixed(2)}`,
  );
  console.log('\nfull page loads (navigation start → route content, no loader on the page)');
  console.log('| route | cold | p50 | p95 | max | loaders seen before the content (any run) |');
  console.log('|---|---:|---:|---:|---:|---|');
  const summary = [];
  for (const [pattern, url] of routes) {
    const ctx = await newContext();
    const page = await ctx.newPage();
    const times = [];
    const seen = new Set();
    for (let i = 0; i < RUNS; i++) {
      await page.goto(url, { waitUntil: 'commit' });
      const e = await verdict(page);
      times.push(e.readyAt - e.t0);
      for (const l of e.loaders) seen.add(l);
      // Let the page finish what it started (late requests, idle preloads) before the next load.
      await page.waitForLoadState('networkidle').catch(() => {});
    }
    await ctx.close();
    const row = {
      pattern,
      cold: times[0],
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      max: Math.max(...times),
    };
    summary.push(row);
    console.log(
      `| ${pattern} | ${ms(row.cold)} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.max)} | ${[...seen].join(', ') || 'none'} |`,
    );
  }

  if (ONLY.length === 0 && NAV_ROUNDS > 0) {
    console.log(
      `\nclient-side navigations (hover 100 ms, click → route content), ${NAV_ROUNDS} rounds, 1st in a fresh context`,
    );
    const steps = [
      ['/marketplace', 'a[href="/marketplace"]'],
      ['/avatar/:id', 'main a[href^="/avatar/"]'],
      ['/avatar-chat/:id', `a[href="/avatar-chat/${own.id}"]`],
      ['/teams', 'a[href="/teams"]'],
      ['/blockchain', 'a[href="/blockchain"]'],
      ['/nft', 'a[href="/nft"]'],
      ['/sell', 'a[href="/sell"]'],
      ['/', 'header a[href="/"], nav a[href="/"]'],
    ];
    const nav = new Map(steps.map(([p]) => [p, { times: [], loaders: new Set() }]));
    const ctx = await newContext();
    for (let round = 0; round < NAV_ROUNDS; round++) {
      const page = await ctx.newPage();
      await page.goto('/');
      await verdict(page);
      await page.waitForLoadState('networkidle').catch(() => {});
      for (const [pattern, selector] of steps) {
        const link = page.locator(selector).filter({ visible: true }).first();
        await link.hover();
        await page.waitForTimeout(100);
        const href = await link.getAttribute('href');
        await page.evaluate((p) => window.__routeProbe.start(p), href);
        await link.click();
        const e = await verdict(page);
        const r = nav.get(pattern);
        r.times.push(e.readyAt - e.t0);
        for (const l of e.loaders) r.loaders.add(l);
        await page.waitForLoadState('networkidle').catch(() => {});
        await page.waitForTimeout(200);
      }
      await page.close();
    }
    await ctx.close();
    console.log('| to | first | p50 | p95 | max | loaders shown |');
    console.log('|---|---:|---:|---:|---:|---|');
    for (const [pattern, r] of nav) {
      console.log(
        `| ${pattern} | ${ms(r.times[0])} | ${ms(quantile(r.times, 0.5))} | ${ms(quantile(r.times, 0.95))} | ${ms(Math.max(...r.times))} | ${[...r.loaders].join(', ') || 'none'} |`,
      );
    }
  }
  console.log(
    `\nload average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await browser.close();
  await app.stop();
}

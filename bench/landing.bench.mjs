/**
 * Lighthouse 12 on the public pages of the production build — the landing page `/`, the catalogue
 * `/marketplace` and an avatar's page `/avatar/:id` — mobile, simulated throttling (Lighthouse's
 * defaults), Debian Chromium through chrome-launcher, as a visitor (no session).
 *   node bench/landing.bench.mjs [--runs=5] [--pages=/,/marketplace,/avatar/:id] [--build]
 * `--build` (or a missing apps/web/dist) runs the production build first (`node scripts/build.mjs`:
 * vite build, the landing prerender, precompressed .br/.gz copies). The bench starts the app exactly
 * as `npm start` starts it (`node scripts/start.mjs`: the compiled server, PGlite, the embedded chain,
 * the demo catalogue) with a clean environment — only PORT and DATA_DIR, a free port and a throw-away
 * folder — waits until the catalogue lists an avatar (its page is `/avatar/:id`), then runs Lighthouse
 * `--runs` times per page and prints every run (score, LCP, TBT, CLS, FCP, JavaScript loaded), then
 * per page the median run's figures and the worst score and TBT of all runs. JavaScript is counted
 * as transferred and as gzip size (each script file gzipped at level 9, what a compressing server or
 * CDN sends).
 * CHROME_PATH overrides /usr/bin/chromium. `--port=<n>` runs the app on that port instead of a free
 * one (a shared machine's assigned range). `--save=<dir>` also writes each run's report (run-N.json)
 * there, to read the LCP breakdown and the request chain.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../scripts/lib/processes.mjs';
import { waitForUrl } from '../scripts/lib/wait.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const arg = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const RUNS = Number(arg('runs', '5'));
const PAGES = arg('pages', '/,/marketplace,/avatar/:id').split(',').filter(Boolean);
const SAVE = arg('save', '');

if (process.argv.includes('--build') || !existsSync(path.join(dist, 'landing.html.br'))) {
  // The production build `npm start` serves: Vite, the landing prerender, then the precompressed
  // .br/.gz copies the server sends as they are (without them `/` would go out uncompressed).
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Chromium is checked before the app starts: chrome-launcher reports a missing binary as an
// unhandled 'error' event, which would end this process and leave the app running.
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROME_PATH)) {
  console.error(`landing bench: no Chromium at ${CHROME_PATH} (apt install chromium, or set CHROME_PATH)`);
  process.exit(2);
}

const port = arg('port', '') ? Number(arg('port', '')) : await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-landing-'));
const serverLog = openSync(path.join(dataDir, 'server.log'), 'w');
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  stdio: ['ignore', serverLog, serverLog],
  env: {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.homedir(),
    PORT: String(port),
    DATA_DIR: dataDir,
  },
});
// However this process ends (an exception outside the try below, a signal), the app goes with it.
process.once('exit', () => server.kill('SIGTERM'));
const base = `http://127.0.0.1:${port}`;
try {
  await waitForUrl(`${base}/api/health`, {
    timeoutMs: 300_000,
    every: 100,
    child: server,
    hint: `see ${dataDir}/server.log`,
  });
  // The demo catalogue is written in the background after start: wait for its first avatar.
  let avatarId = null;
  for (let i = 0; i < 600 && avatarId === null; i++) {
    const listed = await fetch(`${base}/api/marketplace/avatars?limit=1`).then(
      (r) => (r.ok ? r.json() : []),
      () => [],
    );
    avatarId = listed[0]?.id ?? null;
    if (avatarId === null) await new Promise((r) => setTimeout(r, 200));
  }
  if (avatarId === null && PAGES.includes('/avatar/:id')) throw new Error('the catalogue lists no avatar');
  // Lets the start-up work (portraits of the demo catalogue) settle before measuring.
  await new Promise((r) => setTimeout(r, 5000));

  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    ...(arg('port', '') ? { port: Number(arg('port', '')) + 50 } : {}),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const summaries = [];
  try {
    for (const page of PAGES) {
      const url = `${base}${page === '/avatar/:id' ? `/avatar/${avatarId}` : page}`;
      console.log(`\n${page} (${url})`);
      const runs = [];
      let failures = 0;
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const { lhr } = result;
        const a = lhr.audits;
        if (SAVE) {
          mkdirSync(SAVE, { recursive: true });
          const slug = page === '/' ? 'landing' : page.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '');
          writeFileSync(path.join(SAVE, `${slug}-run-${i + 1}.json`), JSON.stringify(lhr));
        }
        // A run Lighthouse could not measure (e.g. NO_LCP on a loaded machine) is said and repeated.
        const metrics = [
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'first-contentful-paint',
        ];
        if (lhr.runtimeError || metrics.some((m) => typeof a[m]?.numericValue !== 'number')) {
          console.log(`run ${i + 1}: not measured (${lhr.runtimeError?.code ?? 'a metric is missing'}), repeated`);
          if (++failures > 3) throw new Error('Lighthouse failed to measure 4 runs');
          i--;
          continue;
        }
        const requests = a['network-requests'].details.items;
        const scripts = requests.filter((r) => r.resourceType === 'Script');
        let gzip = 0;
        for (const s of scripts) {
          const file = path.join(dist, new URL(s.url).pathname);
          gzip += existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : s.transferSize;
        }
        const lcpItem = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
        const run = {
          score: Math.round(lhr.categories.performance.score * 100),
          lcp: a['largest-contentful-paint'].numericValue,
          tbt: a['total-blocking-time'].numericValue,
          cls: a['cumulative-layout-shift'].numericValue,
          fcp: a['first-contentful-paint'].numericValue,
          jsFiles: scripts.length,
          jsTransferKb: scripts.reduce((n, s) => n + s.transferSize, 0) / 1024,
          jsGzipKb: gzip / 1024,
          lcpElement: lcpItem ? `${lcpItem.nodeLabel?.slice(0, 60)} (${lcpItem.selector})` : '?',
          lighthouse: lhr.lighthouseVersion,
        };
        runs.push(run);
        console.log(
          `run ${i + 1}: performance ${run.score}  LCP ${(run.lcp / 1000).toFixed(2)} s  TBT ${run.tbt.toFixed(0)} ms  CLS ${run.cls.toFixed(3)}  FCP ${(run.fcp / 1000).toFixed(2)} s  JS ${run.jsFiles} files ${run.jsTransferKb.toFixed(1)} KB on the wire, ${run.jsGzipKb.toFixed(1)} KB gzip`,
        );
      }
      const m = [...runs].sort((x, y) => x.score - y.score)[Math.floor(runs.length / 2)];
      summaries.push({
        page,
        m,
        minScore: Math.min(...runs.map((r) => r.score)),
        maxTbt: Math.max(...runs.map((r) => r.tbt)),
      });
    }
  } finally {
    await chrome.kill();
  }
  console.log(
    `\nLighthouse ${summaries[0]?.m.lighthouse}, mobile, simulated throttling; ${RUNS} runs per page (load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  console.log('| page | median score | worst score | LCP | TBT (median) | TBT (worst) | CLS | initial JS gzip |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { page, m, minScore, maxTbt } of summaries) {
    console.log(
      `| ${page} | ${m.score} | ${minScore} | ${(m.lcp / 1000).toFixed(2)} s | ${m.tbt.toFixed(0)} ms | ${maxTbt.toFixed(0)} ms | ${m.cls.toFixed(3)} | ${m.jsGzipKb.toFixed(1)} KB (${m.jsFiles} files) |`,
    );
  }
  for (const { page, m } of summaries) console.log(`LCP element on ${page}: ${m.lcpElement}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  closeSync(serverLog);
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Lighthouse 12 on the landing page of the production build (issue 15 goal 2): mobile, simulated
 * throttling (Lighthouse's defaults), Debian Chromium through chrome-launcher.
 *   node bench/landing.bench.mjs [--runs=3] [--build]
 * `--build` (or a missing apps/web/dist) runs the production build first (`node scripts/build.mjs`:
 * vite build, the landing prerender, precompressed .br/.gz copies). The bench starts the real server (`apps/server/src/main.ts` through tsx) on a
 * free port with a throw-away data dir, CHAIN=none and no demo seed (the landing reads no data),
 * runs Lighthouse `--runs` times and prints each run and the median run's performance score, LCP,
 * TBT, CLS, the LCP element, and the JavaScript the page loaded: transfer size and gzip size
 * (each script file gzipped at level 9, what a compressing server or CDN sends).
 * CHROME_PATH overrides /usr/bin/chromium. `--save=<dir>` also writes each run's report (run-N.json)
 * there, to read the LCP breakdown and the request chain.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const arg = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const RUNS = Number(arg('runs', '3'));
const SAVE = arg('save', '');

if (process.argv.includes('--build') || !existsSync(path.join(dist, 'landing.html.br'))) {
  // The production build `npm start` serves: Vite, the landing prerender, then the precompressed
  // .br/.gz copies the server sends as they are (without them `/` would go out uncompressed).
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-landing-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CHAIN: 'none',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_DISABLED: 'true',
  },
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    if (i > 1800) throw new Error('server did not start in 180 s');
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const runs = [];
  let failures = 0;
  try {
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${base}/`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const { lhr } = result;
      const a = lhr.audits;
      if (SAVE) {
        mkdirSync(SAVE, { recursive: true });
        writeFileSync(path.join(SAVE, `run-${i + 1}.json`), JSON.stringify(lhr));
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
  } finally {
    await chrome.kill();
  }
  const m = [...runs].sort((x, y) => x.score - y.score)[Math.floor(runs.length / 2)];
  console.log(
    `\nLighthouse ${m.lighthouse}, mobile, simulated throttling; median of ${runs.length} runs (load average ${os.loadavg()[0].toFixed(2)})`,
  );
  console.log(`performance ${m.score}`);
  console.log(`LCP ${(m.lcp / 1000).toFixed(2)} s   (element: ${m.lcpElement})`);
  console.log(`TBT ${m.tbt.toFixed(0)} ms`);
  console.log(`CLS ${m.cls.toFixed(3)}`);
  console.log(
    `initial JS ${m.jsGzipKb.toFixed(1)} KB gzip (${m.jsFiles} files; ${m.jsTransferKb.toFixed(1)} KB as transferred)`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

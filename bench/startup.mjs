#!/usr/bin/env node
/**
 * Start-up time of `npm start` to ready (GET /api/health answers 200), on a fresh data dir and on a
 * second start of the same dir. The web build is done first (not timed) so only the server is timed.
 *   node bench/startup.mjs
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
const dir = mkdtempSync(path.join(os.tmpdir(), 'startup-'));
const port = 5600 + Math.floor(Math.random() * 300);

async function once(label) {
  const t0 = performance.now();
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const r = await fetch(`http://localhost:${port}/api/health`);
      if (r.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = performance.now() - t0;
  console.log(`${label}: ready in ${(ms / 1000).toFixed(2)} s`);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

await once('fresh data dir (migrations, seed with 24 portraits, anvil start, contract deploy)');
await once('second start (same data dir)');
console.log(`load average ${os.loadavg()[0].toFixed(2)}`);
rmSync(dir, { recursive: true, force: true });

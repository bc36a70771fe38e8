#!/usr/bin/env node
/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then runs
 * the server (TypeScript through tsx). Signals are forwarded so SIGTERM shuts down gracefully.
 *   --dev   run Vite's dev server beside the API instead of building (hot reload on :5173).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const distIndex = path.join(web, 'dist/index.html');

/** Newest modification time (ms) below `dir`, skipping node_modules and dist. */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  const st = statSync(dir);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    max = Math.max(max, newest(path.join(dir, e.name)));
  }
  return max;
}

const dev = process.argv.includes('--dev');
if (!dev) {
  const sources = Math.max(
    newest(path.join(web, 'src')),
    newest(path.join(web, 'index.html')),
    newest(path.join(web, 'vite.config.ts')),
    newest(path.join(web, 'public')),
    newest(path.join(root, 'packages/domain/src')),
    newest(path.join(root, 'packages/contracts/src')),
  );
  const built = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
  if (built < sources) {
    console.log('[start] building the web app…');
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
    // The landing page rendered at build time (dist/landing.html, served for `/`; issue 15).
    const p = spawnSync(process.execPath, ['scripts/prerender.mjs'], { cwd: web, stdio: 'inherit' });
    if (p.status !== 0) process.exit(p.status ?? 1);
  }
}

const children = [];
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
children.push(server);
if (dev) children.push(spawn('npx', ['vite'], { cwd: web, stdio: 'inherit' }));

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    for (const c of children) c.kill(sig);
  });
}
server.on('exit', (code, signal) => {
  for (const c of children) if (c !== server) c.kill('SIGTERM');
  process.exit(code ?? (signal ? 0 : 1));
});

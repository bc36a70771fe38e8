#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or stale (`scripts/build.mjs --if-stale`:
 * the SPA with precompressed assets and the compiled server, always production builds), then runs
 * the compiled server `apps/server/dist/main.js` with plain Node (no tsx).
 *   --dev            run the server from TypeScript (tsx) and Vite's dev server (hot reload on :5173)
 *   migrate | seed   build if stale, then run `db-migrate` / `db-seed` (npm run db:migrate / db:seed)
 *
 * Process supervision (no process outlives the app): SIGINT, SIGTERM and SIGHUP are forwarded to the server,
 * which drains and stops anvil (state dumped) before exiting; this process exits with the server's
 * code once it is gone. The server reports the processes it started (anvil) over the IPC channel;
 * if the server dies without stopping them (SIGKILL, crash), they are terminated here, so nothing
 * is left orphaned. If this process is killed outright, the server sees the IPC channel close and
 * shuts down by itself.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build, root, SERVER_ENTRY } from './build.mjs';

const dev = process.argv.includes('--dev');
const command = process.argv.slice(2).find((a) => !a.startsWith('-')) ?? 'serve';
if (!['serve', 'migrate', 'seed'].includes(command)) {
  console.error(`[start] unknown command ${command} (serve, migrate, seed)`);
  process.exit(2);
}

if (!dev) {
  try {
    build({ ifStale: true });
  } catch (err) {
    console.error(`[start] ${err.message}`);
    process.exit(1);
  }
}

const entry = command === 'serve' ? SERVER_ENTRY : path.join(path.dirname(SERVER_ENTRY), `db-${command}.js`);
const args = dev
  ? ['--import', 'tsx', path.join(root, 'apps/server/src', command === 'serve' ? 'main.ts' : `cli/db-${command}.ts`)]
  : [...(process.env.DATABASE_URL ? [] : ['--liftoff-only']), entry];
// No --enable-source-maps: with it Node keeps every loaded package's source map, sources included
// (~40 MB resident for the AI SDK, zod, viem…, bench/memory.bench.mjs). The compiled server is
// esbuild's unminified output, so a stack trace names the function and a readable line of
// apps/server/dist; `NODE_OPTIONS=--enable-source-maps npm start` maps it to TypeScript when debugging.
// --liftoff-only, with the embedded database only (no DATABASE_URL): V8 then runs WebAssembly with its
// baseline compiler and never tiers hot functions up to TurboFan, whose compilations kept ~57 MB
// resident for PGlite alone (its WebAssembly PostgreSQL runs in this process). The price is CPU:
// PGlite's own queries ran ~1.3–1.9× slower in a micro-benchmark, and eSpeak and the sandbox are
// WebAssembly too (bench/README.md "Memory" has the figures). A replica on PostgreSQL keeps TurboFan.

/** Processes the server started (anvil): pid → name, reported over IPC. */
const grandchildren = new Map();
// glibc gives every thread that allocates (libuv's pool, libvips drawing portraits, PGlite's
// initdb child aside) a malloc arena of its own, which keeps freed memory: two arenas keep the
// server's resident memory down (bench/memory.bench.mjs) at no measurable cost. A fixed mmap
// threshold of 128 KB makes every larger block (a worker thread's heap pages, Pyodide's and
// eSpeak's WebAssembly support, big buffers) a mapping of its own that goes back to the system when
// freed; glibc would otherwise raise the threshold after the first such free and keep later ones in
// the arenas, so the ~100 MB a finished sandbox worker used stayed resident. The trim threshold
// returns the top of an arena once 128 KB of it is free. A value the caller set wins; other C
// libraries ignore these variables.
const MALLOC_DEFAULTS = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};
const env = { ...MALLOC_DEFAULTS, ...process.env };
const server = spawn(process.execPath, args, { cwd: root, env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
server.on('message', (msg) => {
  if (msg && typeof msg === 'object' && msg.type === 'child' && Number.isInteger(msg.pid)) {
    if (msg.exited) grandchildren.delete(msg.pid);
    else grandchildren.set(msg.pid, String(msg.name ?? 'child'));
  }
});
const vite =
  dev && command === 'serve' ? spawn('npx', ['vite'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }) : null;

let signalled = null;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    signalled = sig;
    if (server.exitCode === null && server.signalCode === null) server.kill(sig);
    vite?.kill('SIGTERM');
  });
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

server.on('exit', async (code, signal) => {
  vite?.kill('SIGTERM');
  // The server stops anvil itself on a graceful exit; whatever it left running is stopped here.
  for (const [pid, name] of grandchildren) {
    if (!alive(pid)) continue;
    console.error(`[start] server exited; stopping its ${name} (pid ${pid})`);
    process.kill(pid, 'SIGTERM');
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  if (signal && !signalled) console.error(`[start] server killed by ${signal}`);
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});

#!/usr/bin/env node
/**
 * `npm run build`: the production build of everything `npm start` runs —
 *   1. the SPA (`npm run build -w apps/web`, Vite: hashed assets under apps/web/dist/assets),
 *   2. precompressed copies of its text assets (`.br` Brotli q11 and `.gz` gzip -9, files > 1 KB),
 *      served by @fastify/static without compressing per request,
 *   3. the compiled server (`apps/server/dist`, plain JavaScript, see apps/server/scripts/build.mjs).
 * Builds are always production builds (NODE_ENV=production for the children), whatever the
 * caller's NODE_ENV.
 *   --if-stale   build only the parts whose sources are newer than their build (used by npm start)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const server = path.join(root, 'apps/server');
export const SERVER_ENTRY = path.join(server, 'dist/main.js');
const SERVER_STAMP = path.join(server, 'dist/build-info.json');
const WEB_STAMP = path.join(web, 'dist/index.html');

/** Newest modification time (ms) at or below `p`, skipping node_modules and dist. */
function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(p, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    max = Math.max(max, newest(path.join(p, e.name)));
  }
  return max;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const shared = ['packages/domain/src', 'packages/contracts/src', 'packages/domain/package.json'];

/** Whether the SPA build is missing or older than its sources. */
export function webStale() {
  const sources = ['src', 'index.html', 'vite.config.ts', 'public', 'package.json', 'scripts'].map((p) =>
    newest(path.join(web, p)),
  );
  return mtime(WEB_STAMP) < Math.max(...sources, ...shared.map((p) => newest(path.join(root, p))));
}

/** Whether the compiled server is missing or older than its sources. */
export function serverStale() {
  const sources = ['src', 'scripts', 'package.json'].map((p) => newest(path.join(server, p)));
  return mtime(SERVER_STAMP) < Math.max(...sources, ...shared.map((p) => newest(path.join(root, p))));
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm|ttf|otf)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file over 1 KB below `dir`, except in
 * `dir/ssr` (the server-side render bundle, which the server reads and never sends).
 * @returns raw and compressed byte totals
 */
export function precompress(dir) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, e.name);
      if (e.isDirectory()) {
        if (file !== path.join(dir, 'ssr')) walk(file);
      } else if (COMPRESSIBLE.test(e.name)) {
        const data = readFileSync(file);
        if (data.length <= 1024) continue;
        const br = brotliCompressSync(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        });
        const gz = gzipSync(data, { level: 9 });
        writeFileSync(`${file}.br`, br);
        writeFileSync(`${file}.gz`, gz);
        totals.files++;
        totals.raw += data.length;
        totals.br += br.length;
        totals.gz += gz.length;
      }
    }
  };
  walk(dir);
  return totals;
}

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
}

/** Builds the SPA (with precompressed assets) and/or the server. */
export function build({ ifStale = false } = {}) {
  if (!ifStale || webStale()) {
    console.log('[build] web app (Vite, production)…');
    run('npm', ['run', 'build', '-w', 'apps/web', '--', '--logLevel', 'warn'], root);
    const t = precompress(path.join(web, 'dist'));
    console.log(`[build] precompressed ${t.files} files: ${t.raw} B raw → ${t.br} B brotli, ${t.gz} B gzip`);
  }
  if (!ifStale || serverStale()) {
    console.log('[build] server (esbuild → plain JavaScript)…');
    run(process.execPath, [path.join(server, 'scripts/build.mjs')], server);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    build({ ifStale: process.argv.includes('--if-stale') });
  } catch (err) {
    console.error(`[build] ${err.message}`);
    process.exit(1);
  }
}

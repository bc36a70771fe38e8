#!/usr/bin/env node
/**
 * Compiles the server to plain JavaScript (what `npm start` runs): esbuild bundles `src/main.ts`, the
 * CLI entries (`db-migrate`, `db-seed`) and the persona engine's worker thread (`persona-worker`, loaded
 * by URL beside the bundle, providers/ai/persona-isolated.ts) with the workspace packages (`@app/*`, TypeScript sources)
 * into `apps/server/dist/` (dynamic imports split into chunks beside them); every npm dependency stays external and is loaded from node_modules at
 * run time, so no tsx/TypeScript is needed to run it. The eSpeak worker and the code sandbox's
 * worker directory (plain JS, loaded by URL) are copied beside the bundle; the persona intent
 * classifier is trained into its cache (`dist/nlu-cache.js`). Writes
 * `dist/build-info.json` (time, entry points) last.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist');

/** Bare imports stay external except the workspace packages, which export .ts sources. */
const externalNpm = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@app/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const entryPoints = {
  main: 'src/main.ts',
  'db-migrate': 'src/cli/db-migrate.ts',
  'db-seed': 'src/cli/db-seed.ts',
  'nlu-cache': 'src/cli/nlu-cache.ts',
  'persona-worker': 'src/providers/ai/persona-worker.ts',
};
await build({
  absWorkingDir: root,
  entryPoints,
  outdir: out,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // Modules imported with `import()` (parts loaded on first use: the offline persona engine, the
  // language-model SDKs…) go to chunks of their own, with the npm packages they import, so the
  // process loads them only when they are used (bench/memory.bench.mjs).
  splitting: true,
  chunkNames: '[name]-[hash]',
  legalComments: 'none',
  plugins: [externalNpm],
  logLevel: 'warning',
});
copyFileSync(path.join(root, 'src/providers/speech/espeak-worker.js'), path.join(out, 'espeak-worker.js'));
// The persona engine's classifier is trained here, not on the first chat message (it loads lazily).
// A failure only costs the first message a few seconds of training, so it does not fail the build.
spawnSync(process.execPath, [path.join(out, 'nlu-cache.js')], { cwd: root, stdio: 'inherit' });
// The code sandbox's worker (plain JavaScript, its guest runtime and the Python driver), loaded by URL.
cpSync(path.join(root, 'src/providers/sandbox/sandbox-worker'), path.join(out, 'sandbox-worker'), { recursive: true });
writeFileSync(
  path.join(out, 'build-info.json'),
  `${JSON.stringify({ builtAt: new Date().toISOString(), entries: Object.keys(entryPoints) }, null, 2)}\n`,
);
console.log(`[build] server → ${path.relative(process.cwd(), out) || '.'}`);

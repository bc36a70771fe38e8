#!/usr/bin/env node
/**
 * `npm test`: every suite, in order — lint (Biome), type-check, Vitest (domain, server, contracts'
 * TypeScript) on PGlite, the server suite again on PostgreSQL when TEST_DATABASE_URL is set, Forge
 * tests of the contracts, and the Playwright e2e tests in Chromium against the app started as
 * `npm start` starts it. Exits non-zero when any step fails.
 *   --only=<step>[,<step>]  run only some steps (lint, types, unit, postgres, forge, e2e, replicas)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const results = [];

function step(name, cmd, args, env = {}) {
  if (only && !only.includes(name)) return;
  console.log(`\n━━ ${name}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push({ name, ok, s: ((Date.now() - t0) / 1000).toFixed(1) });
  console.log(`━━ ${name}: ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

step('lint', 'npx', ['biome', 'check', '.']);
step('types', 'npm', ['run', 'typecheck']);
step('unit', 'npx', ['vitest', 'run']);
if (process.env.TEST_DATABASE_URL) {
  step('postgres', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DB_DRIVER: 'postgres' });
}
if (existsSync(path.join(root, 'packages/contracts/foundry.toml'))) {
  step('forge', 'npm', ['test', '-w', 'packages/contracts']);
}
step('e2e', 'node', ['scripts/e2e.mjs']);
// issue 14: two PostgreSQL-backed replicas of the built server with Redis and a local S3 server.
if (process.env.TEST_DATABASE_URL) {
  const pgBase = new URL(process.env.TEST_DATABASE_URL);
  pgBase.pathname = '/postgres';
  step('replicas', 'node', ['scripts/e2e-replicas.mjs'], { E2E_PG_URL: pgBase.href });
}

console.log('\n━━ summary');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.s} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
/**
 * `npm test`: every suite, in order — lint (Biome), type-check, Vitest (domain, server, contracts'
 * TypeScript) on PGlite, the server's database suites again on PostgreSQL when TEST_DATABASE_URL is set, Forge
 * tests of the contracts, and the Playwright e2e tests in Chromium against the app started as
 * `npm start` starts it. Exits non-zero when any step fails.
 *   --only=<step>[,<step>]  run only some steps (lint, house, types, unit, postgres, forge, e2e, replicas, base)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const results = [];
/** Failed Vitest tests per step, printed again in the summary (CI shows only the tail of the log). */
const failures = [];
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'vitest-report-'));

/** Vitest arguments that also write a JSON report for `name`, read back by collectFailures. */
function vitestArgs(name, args) {
  return [
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reportDir, `${name}.json`)}`,
  ];
}

/** Reads a step's Vitest JSON report and keeps each failed test's name and first error line. */
function collectFailures(name) {
  const file = path.join(reportDir, `${name}.json`);
  if (!existsSync(file)) return;
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    for (const suite of report.testResults ?? []) {
      const rel = path.relative(root, suite.name);
      if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((a) => a.status === 'failed')) {
        failures.push(`${name}: ${rel}: ${String(suite.message ?? 'suite failed').split('\n')[0]}`);
      }
      for (const a of suite.assertionResults ?? []) {
        if (a.status !== 'failed') continue;
        const why = String(a.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        failures.push(`${name}: ${rel} > ${a.fullName}: ${why}`);
      }
    }
  } catch (err) {
    failures.push(`${name}: could not read the Vitest report (${err.message})`);
  }
}

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
// the house rules (docs/architecture.md): no file over 400 lines, no import circle, no providers →
// modules import, no duplicate over 15 lines
step('house', 'node', ['scripts/check-house.mjs']);
step('types', 'npm', ['run', 'typecheck']);
step('unit', 'npx', vitestArgs('unit', ['vitest', 'run']));
collectFailures('unit');
if (process.env.TEST_DATABASE_URL) {
  // Again on PostgreSQL: the suites under apps/server/test/, which are the ones that open a database
  // (the unit tests beside the code under src/ touch none, and ran once above).
  step('postgres', 'npx', vitestArgs('postgres', ['vitest', 'run', '--project', 'server', 'apps/server/test/']), {
    TEST_DB_DRIVER: 'postgres',
  });
  collectFailures('postgres');
}
if (existsSync(path.join(root, 'packages/contracts/foundry.toml'))) {
  step('forge', 'npm', ['test', '-w', 'packages/contracts']);
}
step('e2e', 'node', ['scripts/e2e.mjs']);
// Two PostgreSQL-backed replicas of the built server with Redis and a local S3 server.
if (process.env.TEST_DATABASE_URL) {
  const pgBase = new URL(process.env.TEST_DATABASE_URL);
  pgBase.pathname = '/postgres';
  step('replicas', 'node', ['scripts/e2e-replicas.mjs'], { E2E_PG_URL: pgBase.href });
  // Going live on Base: deploy twice, production replicas on Base Sepolia settings, refused misconfigurations.
  step('base', 'npx', ['tsx', 'scripts/rehearse-base.ts'], { E2E_PG_URL: pgBase.href });
}

console.log('\n━━ summary');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.s} s)`);
if (failures.length) {
  console.log('\n━━ failed tests');
  for (const f of failures) console.log(`  ${f}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

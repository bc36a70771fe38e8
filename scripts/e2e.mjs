#!/usr/bin/env node
/** Runs the Playwright suite in e2e/ with a Chromium found (or installed) by find-chromium.mjs. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = findChromium();
const r = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: path.join(root, 'e2e'),
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(r.status ?? 1);

#!/usr/bin/env node
/**
 * Runs the Playwright suite in e2e/ with a Chromium found (or installed) by find-chromium.mjs, then
 * checks every /api answer the browser session got against the app's OpenAPI document (recorded by
 * the proxy in front of the app, scripts/e2e-recorded.mjs; checked by
 * scripts/lib/openapi-conformance.mjs). Fails when a test fails or an answer is not declared.
 *   node scripts/e2e.mjs [playwright args…]     E2E_API_RECORD=0 skips the recording and the check
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './find-chromium.mjs';
import { createConformance } from './lib/openapi-conformance.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = findChromium();
const record = process.env.E2E_API_RECORD !== '0';
const dir = record ? mkdtempSync(path.join(os.tmpdir(), 'avatars-e2e-answers-')) : null;
const r = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: path.join(root, 'e2e'),
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, ...(dir ? { E2E_API_RECORD_DIR: dir } : {}) },
});

/** Checks each app's recorded answers against its document. @returns the problems, one line each */
function checkAnswers() {
  const problems = [];
  let answers = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.answers.jsonl'))) {
    const name = file.replace('.answers.jsonl', '');
    const docFile = path.join(dir, `${name}.openapi.json`);
    const lines = readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean);
    if (!lines.length) continue;
    if (!existsSync(docFile)) {
      problems.push(`${name}: the OpenAPI document was never saved`);
      continue;
    }
    const { check } = createConformance(JSON.parse(readFileSync(docFile, 'utf8')));
    const seen = new Set();
    for (const line of lines) {
      const a = JSON.parse(line);
      answers += 1;
      // JSON bodies are checked against their schema; any other body only by its media type (a
      // placeholder stands for it), and an empty one is no body at all
      const json = /json/i.test(a.contentType) && typeof a.body === 'string';
      const tooLarge = /json/i.test(a.contentType) && !json; // recorded without its body
      const problem = check({ ...a, body: json ? a.body : tooLarge || !a.bodyLength ? '' : 'x' });
      if (problem && !seen.has(problem)) {
        seen.add(problem);
        problems.push(`${name}: ${problem}`);
      }
    }
  }
  console.log(`\ne2e: ${answers} API answers checked against the OpenAPI document`);
  return problems;
}

let failed = r.status !== 0;
if (dir) {
  const problems = checkAnswers();
  if (problems.length) {
    failed = true;
    console.error(
      `\n${problems.length} answer(s) of the e2e session are not what the OpenAPI document declares.` +
        '\nDeclare them in the route (schema.response; see apps/server/src/lib/api-responses.ts):',
    );
    for (const p of problems.slice(0, 50)) console.error(`  ${p}`);
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : r.status === null ? 1 : 0);

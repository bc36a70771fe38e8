#!/usr/bin/env node
/**
 * The house rules of the code base (docs/architecture.md), the `house` step of `npm test`:
 *  1. no source file (.ts, .tsx, .mts, .mjs, .js, .cjs under apps/, packages/, scripts/, bench/, e2e/)
 *     over 400 lines, except the generated files in GENERATED;
 *  2. no import circle between files, and nothing under apps/server/src/providers/ imports from
 *     apps/server/src/modules/ (dependency-cruiser, rules in .dependency-cruiser.cjs);
 *  3. no two places outside tests and generated code sharing more than 15 lines (jscpd, .jscpd.json);
 *  4. no server source outside tests reading a file of its own folder by a relative require() or
 *     require.resolve(): the compiled server is one bundle in apps/server/dist, so such a path is looked
 *     up beside the bundle, where the file is not (import JSON with `with { type: 'json' }` instead; the
 *     sandbox worker's folder, copied beside the bundle whole, is exempt).
 *  5. no test under apps/server/src/ opening a database (the app, `db/client` or the test helpers): the
 *     `postgres` step of `npm test` runs only apps/server/test/ again on PostgreSQL, so a test that
 *     touches the database lives there.
 * Prints every violation and exits 1 when there is one.
 *   --only=<check>[,<check>]  run only some checks (lines, imports, duplicates, bundled, dbless)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');

/** Most lines a source file may have. */
export const MAX_LINES = 400;
/** Source roots the rules cover. */
export const SOURCE_ROOTS = ['apps', 'packages', 'scripts', 'bench', 'e2e'];
/** Generated files, exempt from the line limit (each says by what it is generated). */
export const GENERATED = new Set(['packages/contracts/src/generated.ts', 'packages/contracts/src/fixtures.ts']);
const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|js)$/;
const SKIPPED_DIR = /(^|\/)(node_modules|dist|coverage|test-results|playwright-report|out|cache)\//;

/** Source files of the repo (tracked or new, not ignored), relative to the root, sorted. */
export function sourceFiles() {
  const out = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', ...SOURCE_ROOTS],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return [...new Set(out.split('\0'))].filter((f) => f && SOURCE.test(f) && !SKIPPED_DIR.test(f)).sort();
}

/** Lines of a file as an editor counts them (a final newline does not start a line). */
function countLines(file) {
  let text;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    return 0; // deleted in the work tree but still in the index
  }
  if (text.length === 0) return 0;
  const n = text.split('\n').length;
  return text.endsWith('\n') ? n - 1 : n;
}

/** Files over MAX_LINES outside GENERATED, longest first: [{ file, lines }]. */
export function longFiles() {
  return sourceFiles()
    .filter((f) => !GENERATED.has(f))
    .map((file) => ({ file, lines: countLines(file) }))
    .filter((f) => f.lines > MAX_LINES)
    .sort((a, b) => b.lines - a.lines);
}

function bin(name) {
  return path.join(root, 'node_modules', '.bin', name);
}

const problems = [];
function check(name, fn) {
  if (only && !only.includes(name)) return;
  const t0 = Date.now();
  const found = fn();
  console.log(`house ${name}: ${found.length ? `${found.length} problem(s)` : 'ok'} (${Date.now() - t0} ms)`);
  for (const p of found) console.log(`  ${p}`);
  problems.push(...found);
}

check('lines', () =>
  longFiles().map(({ file, lines }) => `${file}: ${lines} lines (at most ${MAX_LINES}: split it by responsibility)`),
);

check('imports', () => {
  const r = spawnSync(bin('depcruise'), [...SOURCE_ROOTS, '--config', '.dependency-cruiser.cjs', '-T', 'err'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (r.status === 0) return [];
  const text = `${r.stdout}${r.stderr}`.trim();
  return [text || `dependency-cruiser exited with ${r.status}`];
});

check('duplicates', () => {
  const r = spawnSync(
    bin('jscpd'),
    ['--config', '.jscpd.json', '--exit-code', '1', '--no-colors', '--silent', '--absolute'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (r.status === 0) return [];
  const report = path.join(root, 'node_modules/.cache/jscpd/jscpd-report.json');
  try {
    const { duplicates } = JSON.parse(readFileSync(report, 'utf8'));
    const at = (f) => `${path.relative(root, f.name)}:${f.start}-${f.end}`;
    if (duplicates?.length) {
      return duplicates.map(
        (d) => `${at(d.firstFile)} = ${at(d.secondFile)} (${d.lines} lines): move the shared part into one helper`,
      );
    }
  } catch {}
  return [`${r.stdout}${r.stderr}`.trim() || `jscpd exited with ${r.status}`];
});

/** A require() or require.resolve() of a relative path, which the server bundle cannot follow. */
const RELATIVE_REQUIRE = /\brequire(?:\.resolve)?\(\s*['"`]\.\.?\//;

check('bundled', () =>
  sourceFiles()
    // the sandbox worker's folder is copied beside the bundle whole, so its own requires resolve
    .filter((f) => f.startsWith('apps/server/src/') && !/\.test\.|\.test-helper\.|\/sandbox-worker\//.test(f))
    .flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (RELATIVE_REQUIRE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    )
    .map((hit) => `${hit} (the compiled server bundle cannot find this file: import it instead)`),
);

/** An import that opens a database: the app, the database client or the test app helper. */
const OPENS_DATABASE = /from\s+['"][^'"]*\/(?:db\/client|app)(?:\.ts)?['"]/;

check('dbless', () =>
  sourceFiles()
    .filter((f) => f.startsWith('apps/server/src/') && /\.test\.ts$/.test(f))
    .filter((file) => OPENS_DATABASE.test(readFileSync(path.join(root, file), 'utf8')))
    .map((file) => `${file}: opens a database; move it under apps/server/test/ so it also runs on PostgreSQL`),
);

if (problems.length) {
  console.log(`house: ${problems.length} problem(s); the rules are in docs/architecture.md`);
  process.exit(1);
}

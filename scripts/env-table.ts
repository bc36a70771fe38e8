/**
 * Prints (or, with --write, updates in docs/deploy.md between the `env-table` markers) the table of
 * every environment variable, generated from the zod schema that parses them
 * (apps/server/src/config.ts): name, default, and the doc comment written above each key.
 *   npx tsx scripts/env-table.ts [--write]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvSchema } from '../apps/server/src/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = readFileSync(path.join(root, 'apps/server/src/config.ts'), 'utf8');

/** README's environment table (meaning column by variable), for keys without a doc comment. */
const readme = new Map<string, string>();
for (const line of readFileSync(path.join(root, 'README.md'), 'utf8').split('\n')) {
  const cells = line.split(' | ');
  if (!line.startsWith('| `') || cells.length < 3) continue;
  for (const m of (cells[0] ?? '').matchAll(/`([A-Z0-9_]+)`/g))
    readme.set(m[1]!, (cells.at(-1) ?? '').replace(/ \|$/, ''));
}

/** The doc comment right above `KEY:` in config.ts, on one line (else README's meaning). */
function docOf(key: string): string {
  const re = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*\\n\\s*${key}:`);
  const m = re.exec(source);
  if (!m?.[1]) return readme.get(key) ?? '';
  return m[1]
    .split('\n')
    .map((l) => l.replace(/^\s*\*\s?/, '').trim())
    .filter(Boolean)
    .join(' ')
    .replace(/\|/g, '\\|');
}

type Def = {
  type: string;
  defaultValue?: unknown;
  innerType?: { _zod: { def: Def } };
  entries?: Record<string, string>;
};

function describe(schema: { _zod: { def: Def } }): { def: string; kind: string } {
  let d = schema._zod.def;
  let dflt = '—';
  while (d.innerType) {
    if (d.type === 'default')
      dflt = `\`${String(typeof d.defaultValue === 'function' ? (d.defaultValue as () => unknown)() : d.defaultValue)}\``;
    d = d.innerType._zod.def;
  }
  if (d.type === 'pipe') return { def: dflt, kind: 'comma-separated list' };
  const kind = d.type === 'enum' && d.entries ? Object.keys(d.entries).join(' \\| ') : d.type;
  return { def: dflt, kind };
}

const shape = (EnvSchema as unknown as { shape: Record<string, { _zod: { def: Def } }> }).shape;
const rows = Object.entries(shape).map(([key, schema]) => {
  const { def, kind } = describe(schema);
  return `| \`${key}\` | ${kind} | ${def} | ${docOf(key)} |`;
});
const table = ['| variable | type | default | meaning |', '|---|---|---|---|', ...rows].join('\n');

if (process.argv.includes('--write')) {
  const file = path.join(root, 'docs/deploy.md');
  const doc = readFileSync(file, 'utf8');
  const start = '<!-- env-table:start -->';
  const end = '<!-- env-table:end -->';
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  if (a < 0 || b < a) throw new Error('docs/deploy.md lacks the env-table markers');
  writeFileSync(file, `${doc.slice(0, a + start.length)}\n${table}\n${doc.slice(b)}`);
  console.log(`docs/deploy.md: ${rows.length} variables`);
} else {
  console.log(table);
}

/**
 * The table of every environment variable, generated from the zod schema that parses them
 * (apps/server/src/config.ts): name, type, default and the variable's own description
 * (`.describe()`, texts in apps/server/src/config-descriptions.ts). docs/deploy.md and README.md
 * carry it between `<!-- env-table:start -->` and `<!-- env-table:end -->`;
 * `npx tsx scripts/env-table.ts --write` rewrites both, and a test fails when either is stale.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvSchema } from '../../apps/server/src/config';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DOCS_WITH_TABLE = ['docs/deploy.md', 'README.md'];
const START = '<!-- env-table:start -->';
const END = '<!-- env-table:end -->';

type Def = {
  type: string;
  defaultValue?: unknown;
  innerType?: Schema;
  in?: Schema;
  entries?: Record<string, string>;
};
type Schema = {
  _zod: { def: Def };
  description?: string;
  safeParse(v: unknown): { success: boolean; data?: unknown };
};

/**
 * Type and default of a variable's schema, looking through optional/default/pipe wrappers. The
 * default is what the schema makes of an unset variable (defaults computed from other variables
 * are told in the description).
 */
function describeSchema(schema: Schema): { type: string; fallback: string } {
  const unset = schema.safeParse(undefined);
  const value = unset.success ? unset.data : undefined;
  const fallback =
    value === undefined || (Array.isArray(value) && value.length === 0) || value === false
      ? value === false
        ? '`false`'
        : '—'
      : `\`${String(value)}\``;
  let d = schema._zod.def;
  for (;;) {
    if (d.innerType) d = d.innerType._zod.def;
    else if (d.type === 'pipe' && d.in) d = d.in._zod.def;
    else break;
  }
  if (d.type === 'enum' && d.entries) {
    const values = Object.keys(d.entries);
    // the boolean spellings config.ts accepts
    if (values.includes('true') && values.includes('false')) return { type: 'boolean', fallback };
    return { type: values.join(' \\| '), fallback };
  }
  return { type: d.type, fallback };
}

/** Every variable: name, type, default, description (empty when the schema has none). */
export function envVariables(): Array<{ name: string; type: string; fallback: string; description: string }> {
  const shape = (EnvSchema as unknown as { shape: Record<string, Schema> }).shape;
  return Object.entries(shape).map(([name, schema]) => ({
    name,
    ...describeSchema(schema),
    description: schema.description ?? '',
  }));
}

/** The Markdown table. */
export function envTable(): string {
  const rows = envVariables().map(
    (v) => `| \`${v.name}\` | ${v.type} | ${v.fallback} | ${v.description.replace(/\|/g, '\\|')} |`,
  );
  return ['| variable | type | default | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/** `file` (relative to the repository) with its table replaced by the current one. @throws without markers */
export function withCurrentTable(file: string): string {
  const doc = readFileSync(path.join(root, file), 'utf8');
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${file} lacks the ${START} … ${END} markers`);
  return `${doc.slice(0, a + START.length)}\n${envTable()}\n${doc.slice(b)}`;
}

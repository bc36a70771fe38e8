/**
 * Docs speak to their readers: every environment variable has a description of its own (its zod
 * schema's `.describe()`), and the tables in docs/deploy.md and README.md are the ones generated
 * from the schema. When this fails: describe the variable in src/config-descriptions.ts and run
 * `npx tsx scripts/env-table.ts --write`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_WITH_TABLE, envVariables, root, withCurrentTable } from '../../../scripts/lib/env-table';
import { ENV_DESCRIPTIONS } from '../src/config-descriptions';

describe('environment variables in the docs', () => {
  it('each has a description of its own, in sentences', () => {
    const vars = envVariables();
    expect(vars.length).toBeGreaterThan(50);
    expect(vars.filter((v) => v.description.length < 15 || !/[.)]$/.test(v.description)).map((v) => v.name)).toEqual(
      [],
    );
    const seen = new Map<string, string>();
    const shared: string[] = [];
    for (const v of vars) {
      const other = seen.get(v.description);
      if (other) shared.push(`${other} and ${v.name}`);
      seen.set(v.description, v.name);
    }
    expect(shared).toEqual([]);
    // no description left over for a variable the schema no longer has
    const names = new Set(vars.map((v) => v.name));
    expect(Object.keys(ENV_DESCRIPTIONS).filter((k) => !names.has(k))).toEqual([]);
  });

  it.each(DOCS_WITH_TABLE)('%s carries the table generated from the schema', (file) => {
    expect(
      readFileSync(path.join(root, file), 'utf8') === withCurrentTable(file),
      `${file} is stale: run npx tsx scripts/env-table.ts --write`,
    ).toBe(true);
  });
});

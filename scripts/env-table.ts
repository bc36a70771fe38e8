/**
 * Prints the environment variable table (scripts/lib/env-table.ts), or with --write updates it in
 * docs/deploy.md and README.md.
 *   npx tsx scripts/env-table.ts [--write]
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DOCS_WITH_TABLE, envTable, envVariables, root, withCurrentTable } from './lib/env-table';

if (process.argv.includes('--write')) {
  for (const file of DOCS_WITH_TABLE) writeFileSync(path.join(root, file), withCurrentTable(file));
  console.log(`${DOCS_WITH_TABLE.join(', ')}: ${envVariables().length} variables`);
} else {
  console.log(envTable());
}

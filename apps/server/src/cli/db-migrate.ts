/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the
 * embedded PGlite under DATA_DIR/db) under the PostgreSQL advisory lock, then exits. A release step
 * run once before starting replicas; running it twice at once is safe (the second waits, then finds
 * nothing to do). Exit code 1 on a bad configuration or a failed migration.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';

try {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const started = performance.now();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, 'db'),
    migrate: true,
  });
  await database.close();
  console.log(`[db:migrate] ${database.kind}: migrations applied in ${Math.round(performance.now() - started)} ms`);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}

/**
 * `npm run db:seed`: seeds the demo catalogue (users, avatars, skills) into an
 * empty database, under the advisory lock so concurrent runs seed once; does nothing when avatars
 * exist. Needs migrations applied (`npm run db:migrate`). Exit code 1 on failure.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedIfEmpty } from '../db/seed';
import { createProviders } from '../providers/index';
import { createStorage } from '../providers/storage/index';

try {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, 'db'),
    migrate: config.DB_MIGRATE_ON_START,
  });
  const storage = createStorage(config, 'uploads');
  const providers = await createProviders(config, storage);
  const seeded = await database.withLock(() => seedIfEmpty(database.db, { portrait: providers.portrait }));
  await providers.speech?.close();
  await database.close();
  console.log(seeded ? '[db:seed] demo catalogue seeded' : '[db:seed] database not empty: nothing seeded');
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}

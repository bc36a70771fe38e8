/**
 * `npm run db:refresh`: recomputes the marketplace card read model (avatars.skill_categories and
 * avatars.skills_card, migration 0007_market_read_model) for every avatar. The database keeps it
 * current by itself (triggers); run this after loading data with triggers disabled
 * (session_replication_role = replica, ALTER TABLE … DISABLE TRIGGER). Opens the configured
 * database (DATABASE_URL, else the PGlite files under DATA_DIR) — for PGlite, stop the server first.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from './client';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.dataDir, 'db') });
const t0 = performance.now();
await database.db.execute(sql`select market_refresh_all()`);
console.log(`market read model refreshed in ${((performance.now() - t0) / 1000).toFixed(1)} s (${database.kind})`);
await database.close();

/**
 * `npm run db:refresh`: recomputes the marketplace read models for everything — every avatar's card
 * (avatars.skill_categories and avatars.skills_card) and every owner's figures (owner_market_stats).
 * The database keeps both current by itself (triggers that apply each statement's changes); run
 * this after loading data with the triggers disabled (ALTER TABLE … DISABLE TRIGGER USER, or
 * session_replication_role = replica) or after a TRUNCATE; docs/deploy.md, "Read models and bulk
 * loads". Opens the configured database (DATABASE_URL, else the PGlite files under DATA_DIR) — for
 * PGlite, stop the server first.
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

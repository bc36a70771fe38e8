/**
 * The owner-figures read model (owner_market_stats): the database keeps it from the rows each
 * statement changed (count deltas from transition tables; FAILED and FAILED_VALIDATION tasks both
 * count as failed), so after any write — bulk inserts,
 * status changes, deletes, an avatar changing owner or deleted, a user deleted — it equals a full
 * recompute from the facts, and a write adds what it changed instead of re-reading the owner's
 * history.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { openTestDatabase } from '../helpers/app';

let database: Database;
const run = async (text: string) => {
  const res = await database.db.execute(sql.raw(text));
  return ((res as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
};

/** Non-zero figures as the triggers keep them. */
const kept = () =>
  run(`SELECT owner_id, skill_sales, edition_sales, confirmed_tasks, failed_tasks FROM owner_market_stats
    WHERE (skill_sales, edition_sales, confirmed_tasks, failed_tasks) <> (0, 0, 0, 0) ORDER BY owner_id`);

/** Non-zero figures recomputed from the facts (the rule of owner_stats_refresh_all). */
const recomputed = () =>
  run(`SELECT * FROM (SELECT u.id AS owner_id,
      (SELECT count(*) FROM skill_transactions st WHERE st.seller_id = u.id AND st.status = 'completed')::int AS skill_sales,
      (SELECT count(*) FROM avatar_editions e JOIN avatars a ON a.id = e.avatar_id
        WHERE a.owner_id = u.id AND e.source IN ('marketplace', 'card'))::int AS edition_sales,
      (SELECT count(*) FROM on_chain_tasks t JOIN avatars a ON a.id = t.avatar_id
        WHERE a.owner_id = u.id AND t.status = 'CONFIRMED')::int AS confirmed_tasks,
      (SELECT count(*) FROM on_chain_tasks t JOIN avatars a ON a.id = t.avatar_id
        WHERE a.owner_id = u.id AND t.status IN ('FAILED', 'FAILED_VALIDATION'))::int AS failed_tasks
    FROM users u) x
    WHERE (skill_sales, edition_sales, confirmed_tasks, failed_tasks) <> (0, 0, 0, 0) ORDER BY owner_id`);

async function expectConsistent() {
  const want = await recomputed();
  expect(await kept()).toEqual(want);
  return want;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await run(`INSERT INTO users (id, email, status) SELECT 'o' || g, 'o' || g || '@t.test', 'active'
    FROM generate_series(1, 4) g`);
  await run(
    `INSERT INTO skills (name, category, description, base_price) VALUES ('Audit', 'security', 'Audits', 0.01)`,
  );
  await run(`INSERT INTO avatars (owner_id, name) SELECT 'o' || (1 + g % 3), 'A' || g FROM generate_series(1, 12) g`);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe('owner figures read model', () => {
  it('follows bulk inserts of tasks, sales and editions', async () => {
    await run(`INSERT INTO on_chain_tasks (avatar_id, task_id, task_type, agent_type, task_description, status)
      SELECT 1 + g % 12, 't' || g, 'skill_learn', 'HACKER', 'x',
        (array['CONFIRMED', 'FAILED', 'PENDING', 'FAILED_VALIDATION'])[1 + g % 4] FROM generate_series(1, 60) g`);
    await run(`INSERT INTO skill_transactions (buyer_id, seller_id, avatar_id, skill_id, price, status)
      SELECT 'o4', 'o' || (1 + g % 3), 1 + g % 12, (SELECT min(id) FROM skills), 0.01,
        (array['completed', 'pending'])[1 + g % 2] FROM generate_series(1, 20) g`);
    await run(`INSERT INTO avatar_editions (avatar_id, token_id, edition, holder_address, source, transaction_hash)
      SELECT 1 + g % 12, 100 + g, 2 + g, '0xh', (array['marketplace', 'card', 'mint'])[1 + g % 3], '0xe' || g
      FROM generate_series(1, 24) g`);
    const figures = await expectConsistent();
    expect(figures.map((f) => f.owner_id)).toEqual(['o1', 'o2', 'o3']);
  });

  it('follows status changes, moves between avatars and deletes, many rows per statement', async () => {
    await run(`UPDATE on_chain_tasks SET status = 'CONFIRMED' WHERE status = 'PENDING'`);
    await run(`UPDATE on_chain_tasks SET status = 'FAILED' WHERE id % 5 = 0`);
    await run(`UPDATE on_chain_tasks SET status = 'FAILED_VALIDATION' WHERE id % 7 = 0`);
    await run(`UPDATE on_chain_tasks SET avatar_id = 1 + (avatar_id % 12) WHERE id % 4 = 0`);
    await run(`UPDATE on_chain_tasks SET task_description = 'y'`); // no figure changes
    await run(`UPDATE skill_transactions SET status = 'completed' WHERE id % 3 = 0`);
    await run(`UPDATE skill_transactions SET status = 'refunded' WHERE id % 7 = 0`);
    await run(`UPDATE skill_transactions SET seller_id = 'o4' WHERE id % 5 = 0`);
    await run(`UPDATE avatar_editions SET source = 'marketplace' WHERE source = 'mint' AND id % 2 = 0`);
    await run(`DELETE FROM on_chain_tasks WHERE id % 6 = 0`);
    await run(`DELETE FROM skill_transactions WHERE id % 4 = 0`);
    await run(`DELETE FROM avatar_editions WHERE id % 5 = 0`);
    await expectConsistent();
  });

  it('moves an avatar’s figures with it to a new owner, and takes a deleted avatar’s off its owner', async () => {
    await run(`UPDATE avatars SET owner_id = 'o4' WHERE id IN (1, 2)`);
    await expectConsistent();
    await run(`DELETE FROM skill_transactions WHERE avatar_id = 3`);
    await run(`DELETE FROM avatars WHERE id = 3`);
    await expectConsistent();
    // a user deleted with everything they own (avatars, their tasks and editions cascade)
    await run(`DELETE FROM skill_transactions WHERE buyer_id = 'o2' OR seller_id = 'o2'
      OR avatar_id IN (SELECT id FROM avatars WHERE owner_id = 'o2')`);
    await run(`DELETE FROM users WHERE id = 'o2'`);
    const figures = await expectConsistent();
    expect(figures.some((f) => f.owner_id === 'o2')).toBe(false);
  });

  it("adds what a write changed to the owner's figures, without recomputing their history", async () => {
    await run(`UPDATE owner_market_stats SET confirmed_tasks = confirmed_tasks + 1000 WHERE owner_id = 'o1'`);
    const [before] = await run(`SELECT confirmed_tasks FROM owner_market_stats WHERE owner_id = 'o1'`);
    await run(`INSERT INTO on_chain_tasks (avatar_id, task_id, task_type, agent_type, task_description, status)
      SELECT a.id, 'extra', 'skill_learn', 'HACKER', 'x', 'CONFIRMED' FROM avatars a WHERE a.owner_id = 'o1' LIMIT 1`);
    const [after] = await run(`SELECT confirmed_tasks FROM owner_market_stats WHERE owner_id = 'o1'`);
    // a recompute would have dropped the 1,000 planted above; the delta adds exactly one
    expect(Number(after?.confirmed_tasks)).toBe(Number(before?.confirmed_tasks) + 1);
    // `npm run db:refresh` (market_refresh_all) puts the figures back to the facts
    await run('SELECT market_refresh_all()');
    await expectConsistent();
  });
});

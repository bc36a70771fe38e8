/**
 * Bulk import with the read-model triggers on vs off + refresh (PostgreSQL).
 *
 * Run from the repository root (PostgreSQL on 127.0.0.1:5432, or BENCH_PG_URL):
 *   npx tsx bench/bulk-import.bench.ts [--avatars=100000] [--owners=1000] [--batches=1] [--only=on|off]
 *
 * Per mode, on a fresh migrated database (created on the server, dropped afterwards unless
 * BENCH_KEEP_DB=1): the same import, in `--batches` rounds of one INSERT … SELECT per table — owners
 * and buyers, the skill catalogue, `--avatars` avatars, 4 skills each, 2 finished tasks each (1 in 7
 * FAILED), 1 completed skill sale each and 1 sold edition per 2 avatars (one round: 100,000 avatars,
 * 400,000 skills, 200,000 tasks, 100,000 sales, 50,000 editions).
 *  - on: the database's triggers keep the read models (marketplace cards, owner figures) current
 *    while it loads;
 *  - off: `ALTER TABLE … DISABLE TRIGGER USER` (foreign keys still checked), the import, the
 *    triggers enabled again, then `SELECT market_refresh_all()` — what `npm run db:refresh` runs.
 * Prints each statement's time, the totals and their ratio, and checks that the read models the
 * triggers kept equal a full recompute.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { SEED_SKILLS } from '../apps/server/src/db/seed';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const AVATARS = Number(arg('avatars', '100000'));
const OWNERS = Number(arg('owners', '1000'));
const BATCHES = Number(arg('batches', '1'));
const ONLY = arg('only', '');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TABLES = [
  'users',
  'skills',
  'avatars',
  'avatar_skills',
  'on_chain_tasks',
  'skill_transactions',
  'avatar_editions',
];

/** The import's statements for round `b` (avatars `b * per + 1 … (b + 1) * per`), in order. */
function importStatements(b: number, per: number): [string, string][] {
  const lo = b * per + 1;
  const hi = (b + 1) * per;
  const stmts: [string, string][] = [];
  if (b === 0) {
    stmts.push([
      'users',
      `insert into users (id, email, first_name, last_name, status, auth_subject, is_demo)
        select 'bulk-' || g, 'bulk' || g || '@bench.local', 'Owner', 'N' || g, 'active', 'bulk:' || g, false
        from generate_series(1, ${OWNERS * 2}) g`,
    ]);
    stmts.push([
      'skills',
      `insert into skills (name, category, description, base_price) values ${SEED_SKILLS.map(
        (s) =>
          `(${pg.escapeLiteral(s.name)}, ${pg.escapeLiteral(s.category)}, ${pg.escapeLiteral(s.description)}, ${s.basePrice})`,
      ).join(', ')}`,
    ]);
  }
  // Owners are bulk-1 … bulk-OWNERS; buyers the rest.
  stmts.push([
    'avatars',
    `insert into avatars (id, owner_id, name, description, agent_type, category, price_eth, featured, created_at)
      overriding system value
      select g, 'bulk-' || (1 + g % ${OWNERS}), 'BULK_' || g, 'Imported avatar ' || g,
        (array['HACKER','CREATOR','HUSTLER'])[1 + g % 3], (array['security','creative','analytical'])[1 + g % 3],
        round(0.01 + (g::bigint * 7919 % 10000) / 10000.0, 8), g % 10 = 0, now() - make_interval(secs => g)
      from generate_series(${lo}, ${hi}) g`,
  ]);
  stmts.push([
    'avatar_skills (4 per avatar)',
    `insert into avatar_skills (avatar_id, skill_id, proficiency, experience_points)
      select g, s.id, 20 + (g * 13 + k * 29) % 80, (g * 7) % 2000
      from generate_series(${lo}, ${hi}) g cross join generate_series(0, 3) k
      join (select id, row_number() over (order by id) - 1 as n from skills) s on s.n = (g + 3 * k) % 12`,
  ]);
  stmts.push([
    'on_chain_tasks (2 per avatar)',
    `insert into on_chain_tasks (avatar_id, task_id, task_type, agent_type, task_description, status,
        experience_earned, created_at, completed_at)
      select g, 'bulk-task-' || g || '-' || k, 'skill_learn', 'HACKER', 'Imported task',
        case when (g + k) % 7 = 0 then 'FAILED' else 'CONFIRMED' end, 40, now(), now()
      from generate_series(${lo}, ${hi}) g cross join generate_series(0, 1) k`,
  ]);
  stmts.push([
    'skill_transactions (1 sale per avatar)',
    `insert into skill_transactions (buyer_id, seller_id, avatar_id, skill_id, price, status, completed_at)
      select 'bulk-' || (${OWNERS} + 1 + g % ${OWNERS}), 'bulk-' || (1 + g % ${OWNERS}), g,
        (select min(id) from skills), 0.05, 'completed', now()
      from generate_series(${lo}, ${hi}) g`,
  ]);
  stmts.push([
    'avatar_editions (1 per 2 avatars)',
    `insert into avatar_editions (avatar_id, token_id, edition, holder_address, source, price_wei, transaction_hash)
      select g, 1000000 + g, 2, '0xbulk', 'marketplace', '150000000000000000', '0xbulk' || g
      from generate_series(${lo}, ${hi}) g where g % 2 = 0`,
  ]);
  return stmts;
}

const seconds = (t0: number) => (performance.now() - t0) / 1000;

/** Hash of the read models: owner figures (non-zero rows) and every avatar's card columns. */
async function readModelDigest(c: pg.Client): Promise<{ owners: string; cards: string }> {
  const owners = await c.query(`select md5(coalesce(string_agg(concat_ws(',', owner_id, skill_sales, edition_sales,
      confirmed_tasks, failed_tasks), ';' order by owner_id), '')) as h
    from owner_market_stats where (skill_sales, edition_sales, confirmed_tasks, failed_tasks) <> (0, 0, 0, 0)`);
  const cards = await c.query(`select md5(coalesce(string_agg(id || ':' || skill_categories::text || skills_card::text,
      ';' order by id), '')) as h from avatars`);
  return { owners: owners.rows[0].h, cards: cards.rows[0].h };
}

async function run(mode: 'on' | 'off'): Promise<{ total: number; importS: number; refreshS: number; ok: boolean }> {
  const name = `bulk_${mode}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const migrated = await openDatabase({ url: url.href });
  await migrated.close();
  const c = new pg.Client({ connectionString: url.href });
  await c.connect();
  console.log(`\n== triggers ${mode}${mode === 'off' ? ' + refresh' : ''} (${name})`);
  try {
    if (mode === 'off') for (const t of TABLES) await c.query(`alter table "${t}" disable trigger user`);
    const per = Math.ceil(AVATARS / BATCHES);
    const t0 = performance.now();
    for (let b = 0; b < BATCHES; b++) {
      for (const [label, text] of importStatements(b, per)) {
        const s0 = performance.now();
        const res = await c.query(text);
        console.log(
          `   ${label.padEnd(40)} ${String(res.rowCount).padStart(8)} rows ${seconds(s0).toFixed(2).padStart(8)} s`,
        );
      }
    }
    const importS = seconds(t0);
    let refreshS = 0;
    if (mode === 'off') {
      for (const t of TABLES) await c.query(`alter table "${t}" enable trigger user`);
      const r0 = performance.now();
      await c.query('select market_refresh_all()');
      refreshS = seconds(r0);
      console.log(`   ${'market_refresh_all() (npm run db:refresh)'.padEnd(55)} ${refreshS.toFixed(2).padStart(8)} s`);
    }
    const total = importS + refreshS;
    // The read models as the run left them, then as a full recompute makes them.
    const kept = await readModelDigest(c);
    await c.query('select market_refresh_all()');
    const full = await readModelDigest(c);
    const ok = kept.owners === full.owners && kept.cards === full.cards;
    console.log(`   total ${total.toFixed(2)} s; read models equal a full recompute: ${ok ? 'yes' : 'NO'}`);
    return { total, importS, refreshS, ok };
  } finally {
    await c.end();
    if (!process.env.BENCH_KEEP_DB) await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}

console.log(
  `bulk import: ${AVATARS.toLocaleString('en-US')} avatars, ${OWNERS} owners, ${BATCHES} round(s); ` +
    `${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
const off = ONLY === 'on' ? null : await run('off');
const on = ONLY === 'off' ? null : await run('on');
if (off && on) {
  console.log(
    `\ntriggers on ${on.total.toFixed(1)} s vs off + refresh ${off.total.toFixed(1)} s ` +
      `(import ${off.importS.toFixed(1)} s + refresh ${off.refreshS.toFixed(1)} s): ratio ${(on.total / off.total).toFixed(2)}×`,
  );
}
console.log(
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if ((off && !off.ok) || (on && !on.ok)) process.exit(1);

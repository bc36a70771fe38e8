/**
 * The catalogue of the marketplace bench (bench/marketplace.bench.ts): `avatars` avatars with skills,
 * listings, sales and tasks, seeded in SQL.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';
import { SEED_SKILLS } from '../../apps/server/src/db/seed';

/** Rows of a drizzle `execute` on either driver. */
export function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
}

/**
 * Bulk seed in SQL (generate_series). Secondary, non-constraint indexes of the filled tables are
 * dropped first and rebuilt after: building an index once is far cheaper than maintaining it
 * (notably the trigram GIN indexes) row by row.
 */
export async function seed(database: Database, avatars: number) {
  const db = database.db;
  const t0 = performance.now();
  const tables = ['avatars', 'avatar_skills', 'on_chain_tasks', 'avatar_editions', 'skill_listings', 'users'];
  const indexes = rowsOf<{ indexname: string; indexdef: string }>(
    await db.execute(sql`select indexname, indexdef from pg_indexes i
      where schemaname = 'public' and tablename in (${sql.join(
        tables.map((t) => sql`${t}`),
        sql`, `,
      )})
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`),
  );
  for (const ix of indexes) await db.execute(sql.raw(`drop index "${ix.indexname}"`));
  // A bulk load with the triggers off (the read-model and market_changed triggers), then one
  // rebuild of the read model — the `npm run db:refresh` path (bench/README.md).
  for (const t of [...tables, 'skills']) await db.execute(sql.raw(`alter table "${t}" disable trigger user`));

  // Owners are ordinary users (is_demo false): demo users' avatars would start the app's demo
  // catalogue job, whose portrait writes during the run empty the page cache again and again.
  await db.execute(sql`insert into users (id, email, first_name, last_name, status, auth_subject, is_demo)
    select 'bench-user-' || g, 'bench' || g || '@bench.local',
      (array['Nova','Rin','Mara','Jax','Ivy','Kai','Zed','Luna','Orin','Tess'])[1 + g % 10],
      (array['Kade','Okabe','Voss','Ortega','Lane','Sato','Reyes','Moss','Hale','Quinn'])[1 + (g / 10) % 10],
      'active', 'bench:' || g, false
    from generate_series(1, 1000) g`);
  await db.execute(
    sql`insert into skills (name, category, description, base_price) values ${sql.join(
      SEED_SKILLS.map((s) => sql`(${s.name}, ${s.category}, ${s.description}, ${s.basePrice})`),
      sql`, `,
    )}`,
  );
  await db.execute(sql`insert into avatars (owner_id, name, description, agent_type, category, price_eth, level,
      experience_points, total_interactions, edition, max_editions, featured, verification_status, created_at)
    select 'bench-user-' || (1 + g % 1000),
      upper((array['neon','ghost','cyber','void','chroma','quantum','pixel','synth','zero','alpha','deal','yield',
        'kernel','root','dream','liquid','hype','null','bit','glitch'])[1 + (g / 10) % 20] || '_' ||
        (array['runner','bard','sage','weaver','hunter','engine','panic','forge','muse','lynx','reaper','shell',
        'seeker','closer','monk','oracle','pilot','smith','drifter','spark'])[1 + (g / 200) % 20]) || '_' || g,
      (array['Security-minded hacker avatar trained on Solidity and smart contract audits.',
        'Imaginative creator avatar trained on generative art and storytelling.',
        'Relentless hustler avatar that reads markets and closes deals.',
        'Analytical avatar that models DeFi protocols and their yields.',
        'Builder avatar that ships websites and web3 front-ends.'])[1 + g % 5] || ' Unit ' || g || '.',
      (array['HACKER','CREATOR','HUSTLER'])[1 + g % 3],
      (array['security','creative','analytical'])[1 + g % 3],
      round(0.01 + (g::bigint * 7919 % 10000) / 10000.0, 8),
      1 + (g::bigint * 31 % 14000) / 2500, g::bigint * 31 % 14000, g % 400, 1 + g % 5, 5 + g % 46, g % 10 = 0,
      case when g % 2 = 0 then 'verified' else 'pending' end,
      now() - make_interval(secs => g)
    from generate_series(1, ${avatars}) g`);
  // Three distinct skills per avatar: catalogue positions i, i+4, i+8 (mod 12).
  await db.execute(sql`insert into avatar_skills (avatar_id, skill_id, proficiency, experience_points)
    select a.id, s.id, 20 + (a.id * 13 + k * 29) % 80, (a.id * 7) % 2000
    from avatars a cross join generate_series(0, 2) k
    join (select id, row_number() over (order by id) - 1 as n from skills) s on s.n = (a.id + 4 * k) % 12`);
  await db.execute(sql`insert into on_chain_tasks (avatar_id, task_id, task_type, agent_type, task_description, status,
      experience_earned, created_at, completed_at)
    select 1 + (g * 37) % ${avatars}, 'bench-task-' || g, 'skill_learn', 'HACKER', 'Bench task ' || g,
      case when g % 7 = 0 then 'FAILED' else 'CONFIRMED' end, 40,
      now() - make_interval(mins => g), now() - make_interval(mins => g) + interval '3 seconds'
    from generate_series(1, 20000) g`);
  await db.execute(sql`insert into avatar_editions (avatar_id, token_id, edition, holder_address, source, price_wei,
      transaction_hash)
    select 1 + (g * 53) % ${avatars}, 1000000 + g, 1000 + g, '0xbench', 'marketplace', '150000000000000000',
      '0xbench' || g
    from generate_series(1, 10000) g`);
  await db.execute(sql`insert into skill_listings (seller_id, avatar_id, skill_id, price, proficiency_level)
    select a.owner_id, a.id, s.id, 0.03 + (a.id % 6) / 100.0, 50
    from (select 1 + (g * 13) % ${avatars} as id from generate_series(1, 10000) g) pick
    join avatars a on a.id = pick.id
    join (select id, row_number() over (order by id) - 1 as n from skills) s on s.n = a.id % 12`);

  // The refresh looks rows up per avatar (avatar_skills, skill_listings…), so those indexes come
  // first; the avatars indexes after it: it rewrites every avatar row, which would otherwise leave
  // each of them (the trigram one above all) holding a dead entry per row until a vacuum thins it out.
  const isAvatars = (ix: { indexdef: string }) => / ON public\.avatars /.test(ix.indexdef);
  for (const ix of indexes.filter((i) => !isAvatars(i))) await db.execute(sql.raw(ix.indexdef));
  for (const t of [...tables, 'skills']) await db.execute(sql.raw(`alter table "${t}" enable trigger user`));
  const r0 = performance.now();
  await db.execute(sql`select market_refresh_all()`);
  console.log(
    `   read model rebuilt (select market_refresh_all(), as npm run db:refresh) in ${((performance.now() - r0) / 1000).toFixed(1)} s`,
  );
  for (const ix of indexes.filter(isAvatars)) await db.execute(sql.raw(ix.indexdef));
  // Statistics for the planner, and the visibility map for index-only scans (a fresh bulk load has
  // none; autovacuum would otherwise run during the measurements).
  await db.execute(sql`vacuum analyze`);
  return (performance.now() - t0) / 1000;
}

/**
 * Throughput of GET /api/marketplace/avatars over a real catalogue: seeds
 * 100,000 avatars and measures the listing (plain, ?category=, ?q=, a deep cursor) with autocannon
 * against PostgreSQL and against PGlite, and the same machine's raw node:http serving a fixed JSON
 * page of the same size in the same run.
 *
 * Run from the repository root (PostgreSQL on 127.0.0.1:5432 for the first half):
 *   npx tsx bench/marketplace.bench.ts [--seconds=10] [--connections=20] [--avatars=100000] [--only=postgres|pglite]
 *   npx tsx bench/marketplace.bench.ts --explain --avatars=1000000 [--sql-runs=200]   (SQL only, PostgreSQL)
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres (default) names the server; the bench
 *   creates a fresh database on it and drops it afterwards (BENCH_KEEP_DB=1 keeps it, to study plans).
 *
 * Per database: migrate, bulk-seed with generate_series SQL (1,000 owners, N avatars, 3 skills each,
 * 20,000 verified tasks, 10,000 sold editions, 10,000 skill listings; secondary indexes dropped
 * during the load and rebuilt after, then ANALYZE), build the real app (same plugins as `npm start`,
 * rate limits off, logs off) on 127.0.0.1, and run autocannon in a child process (so the load
 * generator does not share the server's event loop) for each scenario, after a 2 s warm-up. The
 * raw baseline is a node:http server in this process answering every request with the exact bytes
 * of that database's plain first page. Prints req/s, p50/p99 latency and the ratio to raw, plus
 * the plan each database picks for each scenario's main query. Machine: everything (PostgreSQL, the server,
 * autocannon) shares its cores; note the load average printed with the results.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { SEED_SKILLS } from '../apps/server/src/db/seed';
import { type ListingPageOptions, listingPageQueries } from '../apps/server/src/modules/marketplace/listing-repository';
import { encodeCursor } from '../apps/server/src/modules/marketplace/marketplace-cursor';
import { selectOwnerCounts } from '../apps/server/src/modules/marketplace/marketplace-repository';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const SECONDS = Number(arg('seconds', '10'));
const CONNECTIONS = Number(arg('connections', '20'));
const AVATARS = Number(arg('avatars', '100000'));
const ONLY = arg('only', '');
/** `--explain`: PostgreSQL only, no HTTP: each variant's SQL timed and its EXPLAIN ANALYZE printed. */
const EXPLAIN = process.argv.includes('--explain');
const SQL_RUNS = Number(arg('sql-runs', '200'));
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = path.resolve(import.meta.dirname, '..');
const AUTOCANNON = path.join(ROOT, 'node_modules/autocannon/autocannon.js');

/** The scenarios of the issue; `cursor` is filled per database (a key ~90% down the featured order). */
const SCENARIOS = [
  { name: 'plain', path: '/api/marketplace/avatars' },
  { name: '?category=technical', path: '/api/marketplace/avatars?category=technical' },
  { name: '?q=quantum_forge', path: '/api/marketplace/avatars?q=quantum_forge' },
  { name: 'deep cursor', path: '' },
] as const;

interface Result {
  label: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytes: number;
}

/** Runs autocannon (child process, JSON output) against `url`. */
function autocannon(url: string, seconds: number): Promise<Omit<Result, 'label'>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out) as {
        requests: { average: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
        throughput: { average: number };
        '2xx': number;
      };
      resolve({
        reqPerSec: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        bytes: r.throughput.average / Math.max(1, r.requests.average),
      });
    });
  });
}

/** Warm-up then measurement. */
async function measure(label: string, url: string): Promise<Result> {
  await autocannon(url, 2);
  const r = await autocannon(url, SECONDS);
  console.log(
    `  ${label.padEnd(34)} ${r.reqPerSec.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : ''}`,
  );
  return { label, ...r };
}

/** A node:http server that answers every request with `body` (the raw baseline). */
async function rawServer(body: Buffer): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/marketplace/avatars`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Rows of a drizzle `execute` on either driver. */
function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
}

/**
 * Bulk seed in SQL (generate_series). Secondary, non-constraint indexes of the filled tables are
 * dropped first and rebuilt after: building an index once is far cheaper than maintaining it
 * (notably the trigram GIN indexes) row by row.
 */
async function seed(database: Database) {
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
    from generate_series(1, ${AVATARS}) g`);
  // Three distinct skills per avatar: catalogue positions i, i+4, i+8 (mod 12).
  await db.execute(sql`insert into avatar_skills (avatar_id, skill_id, proficiency, experience_points)
    select a.id, s.id, 20 + (a.id * 13 + k * 29) % 80, (a.id * 7) % 2000
    from avatars a cross join generate_series(0, 2) k
    join (select id, row_number() over (order by id) - 1 as n from skills) s on s.n = (a.id + 4 * k) % 12`);
  await db.execute(sql`insert into on_chain_tasks (avatar_id, task_id, task_type, agent_type, task_description, status,
      experience_earned, created_at, completed_at)
    select 1 + (g * 37) % ${AVATARS}, 'bench-task-' || g, 'skill_learn', 'HACKER', 'Bench task ' || g,
      case when g % 7 = 0 then 'FAILED' else 'CONFIRMED' end, 40,
      now() - make_interval(mins => g), now() - make_interval(mins => g) + interval '3 seconds'
    from generate_series(1, 20000) g`);
  await db.execute(sql`insert into avatar_editions (avatar_id, token_id, edition, holder_address, source, price_wei,
      transaction_hash)
    select 1 + (g * 53) % ${AVATARS}, 1000000 + g, 1000 + g, '0xbench', 'marketplace', '150000000000000000',
      '0xbench' || g
    from generate_series(1, 10000) g`);
  await db.execute(sql`insert into skill_listings (seller_id, avatar_id, skill_id, price, proficiency_level)
    select a.owner_id, a.id, s.id, 0.03 + (a.id % 6) / 100.0, 50
    from (select 1 + (g * 13) % ${AVATARS} as id from generate_series(1, 10000) g) pick
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

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the app exactly as `npm start` does — `node scripts/start.mjs` (which builds what is stale,
 * then runs the compiled server) — with a clean environment: PATH and HOME, `DATABASE_URL` when the
 * database is PostgreSQL, and only where it lives besides (`PORT`, `DATA_DIR`: a free port and a
 * throw-away folder, so a developer's data and port 5000 are left alone). No NODE_ENV, LOG_LEVEL,
 * RATE_LIMIT_DISABLED or anything else: every other setting is the default a user gets (logs at
 * info, rate limits on, the embedded anvil chain). Its output goes to a file, as `npm start > log`.
 */
async function startApp(dataDir: string, databaseUrl?: string) {
  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  const log = openSync(logFile, 'w');
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir() };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  env.PORT = String(port);
  env.DATA_DIR = dataDir;
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}; see ${logFile}`);
    if (i > 3000) throw new Error('npm start did not answer /api/health in 300 s');
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    logFile,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      closeSync(log);
    },
  };
}

/** Seeds `database`, serves it as `npm start` does, measures every scenario and its raw baseline. */
async function runOn(kind: string, database: Database, dataDir: string, databaseUrl?: string): Promise<Result[]> {
  console.log(`\n== ${kind}: seeding ${AVATARS.toLocaleString('en-US')} avatars…`);
  const seconds = await seed(database);
  console.log(`   seeded in ${seconds.toFixed(1)} s`);

  // The deep cursor: the featured-order key of the row ~90% down the listing (built once with
  // OFFSET here; the measured requests use the keyset cursor).
  const [deep] = rowsOf<{ featured: boolean; ts: string; id: number }>(
    await database.db.execute(sql`select featured,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ts, id
      from avatars where is_active and price_eth is not null
      order by featured desc, created_at desc, id desc offset ${Math.floor(AVATARS * 0.9)} limit 1`),
  );
  const cursor = encodeCursor('featured', [deep!.featured, deep!.ts, Number(deep!.id)]);
  const paths = SCENARIOS.map((s) => ({
    name: s.name,
    path: s.name === 'deep cursor' ? `/api/marketplace/avatars?cursor=${cursor}` : s.path,
  }));

  {
    console.log(`   plans (${kind}, main listing query):`);
    const base: ListingPageOptions = { category: 'all', sort: 'featured', limit: 24 };
    const after = [deep!.featured, deep!.ts, Number(deep!.id)] as ListingPageOptions['after'];
    const plans: [string, ListingPageOptions][] = [
      ['plain', base],
      ['?category=technical', { ...base, category: 'technical' }],
      ['?q=quantum_forge', { ...base, q: 'quantum_forge' }],
      ['deep cursor', { ...base, after }],
    ];
    // The queries the route sends (listingPageQueries), each: a search tries the walk, then the full query.
    for (const [name, opts] of plans) {
      for (const [i, q] of listingPageQueries(database.db, opts).entries()) {
        const plan = rowsOf<Record<string, string>>(await database.db.execute(sql`explain ${q}`))
          .map((r) => Object.values(r)[0])
          .filter((l) => /Scan|Limit|Sort/.test(l ?? ''))
          .map((l) => l!.replace(/\s+\(cost.*$/, '').trim());
        console.log(`     ${(i ? '  else' : name).padEnd(20)} ${plan.join(' → ')}`);
      }
    }
  }
  // PGlite's files belong to one process: the bench lets go of them before the server opens them.
  if (kind === 'pglite') await database.close();

  const t0 = performance.now();
  const app = await startApp(dataDir, databaseUrl);
  console.log(`   npm start answered /api/health in ${((performance.now() - t0) / 1000).toFixed(1)} s (${app.base})`);
  const results: Result[] = [];
  try {
    // Sanity: every scenario answers a full page of 200 with the SPEC §3 list.
    for (const p of paths) {
      const res = await fetch(app.base + p.path);
      const list = (await res.json()) as unknown[];
      if (res.status !== 200 || !Array.isArray(list) || list.length === 0) {
        throw new Error(`${p.name}: ${res.status} with ${Array.isArray(list) ? list.length : 'no'} avatars`);
      }
    }
    const plainBody = Buffer.from(await (await fetch(app.base + paths[0]!.path)).arrayBuffer());

    console.log(`   autocannon: ${CONNECTIONS} connections, ${SECONDS} s per scenario (after 2 s warm-up)`);
    const raw = await rawServer(plainBody);
    results.push(await measure(`raw node:http (${plainBody.length} B)`, raw.url));
    await raw.close();
    for (const p of paths) results.push(await measure(`${kind} ${p.name}`, app.base + p.path));
  } finally {
    await app.stop();
    console.log(`   server log: ${(statSync(app.logFile).size / 1024).toFixed(0)} KB`);
  }
  return results;
}

/**
 * `--explain`: the SQL of each variant as the server sends it (listingPageQueries with the same
 * options the route derives from the query string, tried in turn as selectListingPage does), run
 * `SQL_RUNS` times one after another on one connection (p50/p99 ms of the whole page), then the
 * EXPLAIN (ANALYZE, BUFFERS) of each query it ran, flagged when any node is a Seq Scan;
 * plus the owner-figures batch a cache miss costs (selectOwnerCounts for one page's 24 owners).
 */
async function explainOn(database: Database, url: string) {
  console.log(`\n== postgres: seeding ${AVATARS.toLocaleString('en-US')} avatars…`);
  console.log(`   seeded in ${(await seed(database)).toFixed(1)} s`);
  const [deep] = rowsOf<{ featured: boolean; ts: string; id: number }>(
    await database.db.execute(sql`select featured,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ts, id
      from avatars where is_active and price_eth is not null
      order by featured desc, created_at desc, id desc offset ${Math.floor(AVATARS * 0.9)} limit 1`),
  );
  const base: ListingPageOptions = { category: 'all', sort: 'featured', limit: 24 };
  const variants: [string, ListingPageOptions][] = [
    ['plain', base],
    ['?category=technical', { ...base, category: 'technical' }],
    ['?q=quantum_forge', { ...base, q: 'quantum_forge' }],
    ['deep cursor', { ...base, after: [deep!.featured, deep!.ts, Number(deep!.id)] }],
    // A rare term (one avatar), where the bounded walk finds too few and the trigram index answers.
    ['?q=smith_123457 (rare)', { ...base, q: 'smith_123457' }],
    ['?q=zzqx (no match)', { ...base, q: 'zzqx' }],
  ];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const quantile = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
  const time = async (run: () => Promise<unknown>) => {
    for (let i = 0; i < 10; i++) await run();
    const ts: number[] = [];
    for (let i = 0; i < SQL_RUNS; i++) {
      const t0 = performance.now();
      await run();
      ts.push(performance.now() - t0);
    }
    ts.sort((a, b) => a - b);
    return `p50 ${quantile(ts, 0.5).toFixed(2)} ms  p99 ${quantile(ts, 0.99).toFixed(2)} ms`;
  };
  const summary: string[] = [];
  for (const [name, opts] of variants) {
    // As selectListingPage: each query in turn until one fills the page (limit + 1 rows) or none is left.
    const queries = listingPageQueries(database.db, opts).map((q) => q.toSQL());
    const runPage = async () => {
      for (const [i, q] of queries.entries()) {
        const res = await client.query(q.sql, q.params as unknown[]);
        if ((res.rowCount ?? 0) > opts.limit || i === queries.length - 1) return i + 1;
      }
      return queries.length;
    };
    const used = await runPage();
    const timing = await time(runPage);
    let seq = false;
    const plans: string[] = [];
    for (const q of queries.slice(0, used)) {
      const plan = (await client.query(`explain (analyze, buffers) ${q.sql}`, q.params as unknown[])).rows.map(
        (r) => r['QUERY PLAN'] as string,
      );
      seq ||= plan.some((l) => /Seq Scan/.test(l));
      plans.push(plan.map((l) => `   ${l}`).join('\n'));
    }
    console.log(
      `\n-- ${name}: ${timing}, ${used} quer${used > 1 ? 'ies' : 'y'}  ${seq ? 'SEQUENTIAL SCAN' : 'no sequential scan'}`,
    );
    console.log(plans.join('\n   -- then\n'));
    summary.push(`| ${name} | ${timing.replace(/ {2}/g, ' | ')} | ${used} | ${seq ? 'yes' : 'no'} |`);
  }
  const owners = rowsOf<{ owner_id: string }>(
    await database.db.execute(sql`select distinct owner_id from avatars order by owner_id limit 24`),
  ).map((r) => r.owner_id);
  const ownerTiming = await time(() => selectOwnerCounts(database.db, owners));
  console.log(`\n-- owner figures of one page (24 owners, cache miss; owner_market_stats read model): ${ownerTiming}`);
  await client.end();
  console.log(
    `\nSQL at ${AVATARS.toLocaleString('en-US')} avatars, ${SQL_RUNS} runs each (load average ${os.loadavg()[0]!.toFixed(2)})`,
  );
  console.log('| variant | p50 | p99 | queries | seq scan |\n|---|---:|---:|---:|---|');
  console.log(summary.join('\n'));
  console.log(`| owner figures (cache miss) | ${ownerTiming.replace(/ {2}/g, ' | ')} | 1 | — |`);
}

function table(kind: string, results: Result[]) {
  const raw = results[0]!;
  console.log(`\n${kind}`);
  console.log('| scenario | req/s | p50 ms | p99 ms | vs raw |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.label} | ${r.reqPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${((r.reqPerSec / raw.reqPerSec) * 100).toFixed(1)}% |`,
    );
  }
}

const all: [string, Result[]][] = [];
console.log(
  `marketplace bench: ${AVATARS.toLocaleString('en-US')} avatars, ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}`,
);

if (ONLY !== 'pglite') {
  const name = `bench_mkt_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.href });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-mkt-'));
    try {
      if (EXPLAIN) await explainOn(database, url.href);
      else all.push(['PostgreSQL', await runOn('postgres', database, dir, url.href)]);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${name} (BENCH_KEEP_DB)`);
    else {
      // pg's Pool.end() resolves before its sockets close; dropping WITH (FORCE) at once would kill
      // those backends and crash the pool. Wait (≤ 5 s) until they are gone.
      for (let i = 0; i < 50; i++) {
        const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (r.rows[0].n === 0) break;
        await new Promise((res) => setTimeout(res, 100));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
    }
    await admin.end();
  }
}

if (ONLY !== 'postgres' && !EXPLAIN) {
  // The default database: PGlite in DATA_DIR/db, seeded here, then opened by the server.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-mkt-'));
  try {
    const database = await openDatabase({ dataDir: path.join(dir, 'db') });
    all.push(['PGlite (embedded, the default)', await runOn('pglite', database, dir)]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `\nload average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const [kind, results] of all) table(kind, results);
process.exit(0);

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
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { type ListingPageOptions, listingPageQueries } from '../apps/server/src/modules/marketplace/listing-repository';
import { encodeCursor } from '../apps/server/src/modules/marketplace/marketplace-cursor';
import { selectOwnerCounts } from '../apps/server/src/modules/marketplace/marketplace-repository';
import { startApp } from './marketplace/app';
import { measure, type Result, rawServer } from './marketplace/load';
import { rowsOf, seed } from './marketplace/seed';

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

/** The scenarios of the issue; `cursor` is filled per database (a key ~90% down the featured order). */
const SCENARIOS = [
  { name: 'plain', path: '/api/marketplace/avatars' },
  { name: '?category=technical', path: '/api/marketplace/avatars?category=technical' },
  { name: '?q=quantum_forge', path: '/api/marketplace/avatars?q=quantum_forge' },
  { name: 'deep cursor', path: '' },
] as const;

/** Seeds `database`, serves it as `npm start` does, measures every scenario and its raw baseline. */
async function runOn(kind: string, database: Database, dataDir: string, databaseUrl?: string): Promise<Result[]> {
  console.log(`\n== ${kind}: seeding ${AVATARS.toLocaleString('en-US')} avatars…`);
  const seconds = await seed(database, AVATARS);
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
    results.push(await measure(`raw node:http (${plainBody.length} B)`, raw.url, SECONDS, CONNECTIONS));
    await raw.close();
    for (const p of paths) results.push(await measure(`${kind} ${p.name}`, app.base + p.path, SECONDS, CONNECTIONS));
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
  console.log(`   seeded in ${(await seed(database, AVATARS)).toFixed(1)} s`);
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

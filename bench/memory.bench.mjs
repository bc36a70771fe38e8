#!/usr/bin/env node
/**
 * Memory of the app as `npm start` runs it: resident set size (RSS, /proc/<pid>/status VmRSS) of
 * each process — `npm start` itself (scripts/start.mjs, the supervisor), the server, and the anvil
 * chain it starts — at idle after start, and again after every feature has been used once and
 * 1,000 mixed requests have been served.
 *
 *   node bench/memory.bench.mjs                      # PGlite in a fresh data dir, embedded anvil (the default)
 *   node bench/memory.bench.mjs --postgres           # a production-like replica: PostgreSQL (a fresh database on
 *                                                    #   BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres), CHAIN=none
 *   node bench/memory.bench.mjs --requests=5000 --release-wait=330
 *
 * The app is started with a clean environment: PATH, HOME, PORT and DATA_DIR (a free port, a
 * throw-away folder), plus DATABASE_URL and CHAIN=none with `--postgres`. "Idle" is when the server
 * has used under 3 % of a core for 3 s in a row (start-up work such as the demo catalogue's
 * portraits runs in the background after the first answer), at most 90 s.
 * The features: sign-in, avatar creation (portrait, NFT mint), a chat reply (the persona engine),
 * speech synthesis (eSpeak), image generation, each agent task type (art NFT, website, cast, code),
 * a team and its chat, task verification on chain, NFT tokens, skill listing, waitlist, profile,
 * agent card and an MCP call, API docs. Then `--requests` (1,000) requests, 8 at a time, over a mix of catalogue
 * pages (filters, searches, cursors), avatar details, signed-in reads, pages and static assets.
 * `--release-wait=<s>` waits that long afterwards and measures again (the parts loaded on first use
 * are released after a while unused).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../scripts/lib/processes.mjs';
import { waitForUrl } from '../scripts/lib/wait.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const POSTGRES = process.argv.includes('--postgres');
const REQUESTS = Number(arg('requests', '1000'));
const RELEASE_WAIT = Number(arg('release-wait', '0'));
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** VmRSS of a process in MB, or null when it is gone. */
function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) of a process and its threads, in seconds. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime (fields 14 and 15 of proc(5)) in clock ticks, 100 per second on Linux.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Child processes of `pid` (from /proc), with their command names. */
function childrenOf(pid) {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.split(') ')[1].split(' ')[1]);
      if (ppid === pid) out.push({ pid: Number(entry), name: stat.slice(stat.indexOf('(') + 1, stat.indexOf(')')) });
    } catch {}
  }
  return out;
}

/** Waits until `pid` uses < 3 % of a core for 3 consecutive seconds (max `maxS`); returns seconds waited. */
async function settle(pid, maxS = 90) {
  let quiet = 0;
  let last = cpuSeconds(pid);
  for (let s = 1; s <= maxS; s++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuSeconds(pid);
    quiet = now - last < 0.03 ? quiet + 1 : 0;
    last = now;
    if (quiet >= 3) return s;
  }
  return maxS;
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
const env = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? os.homedir(),
  PORT: String(port),
  DATA_DIR: dataDir,
};
let pgName = null;
if (POSTGRES) {
  pgName = `bench_mem_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${pgName}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${pgName}`;
  env.DATABASE_URL = url.href;
  env.CHAIN = 'none';
}
const log = openSync(path.join(dataDir, 'server.log'), 'w');
const supervisor = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', log, log] });
const exited = new Promise((r) => supervisor.once('exit', r));
const base = `http://127.0.0.1:${port}`;
const t0 = performance.now();

async function stop() {
  supervisor.kill('SIGTERM');
  await exited;
  closeSync(log);
  rmSync(dataDir, { recursive: true, force: true });
  if (pgName) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${pgName} with (force)`);
    await admin.end();
  }
}

/** Every process of the app: supervisor, server, and the server's children (anvil). */
function processes() {
  const server = childrenOf(supervisor.pid).find((c) => c.name === 'node');
  const list = [{ role: 'npm start (scripts/start.mjs)', pid: supervisor.pid }];
  if (server) {
    list.push({ role: 'server (apps/server/dist/main.js)', pid: server.pid });
    for (const c of childrenOf(server.pid)) list.push({ role: c.name, pid: c.pid });
  }
  return list;
}

const snapshots = [];
function snapshot(label) {
  const rows = processes().map((p) => ({ ...p, mb: rssMb(p.pid) }));
  snapshots.push({ label, rows });
  console.log(`\n${label}`);
  for (const r of rows)
    console.log(`  ${r.role.padEnd(36)} ${r.mb === null ? 'gone' : `${r.mb.toFixed(0).padStart(5)} MB`}`);
}

try {
  await waitForUrl(`${base}/api/health`, {
    timeoutMs: 300_000,
    every: 100,
    child: supervisor,
    hint: `see ${dataDir}/server.log`,
  });
  const ready = (performance.now() - t0) / 1000;
  const server = processes().find((p) => p.role.startsWith('server'));
  console.log(
    `memory bench: ${POSTGRES ? 'PostgreSQL, CHAIN=none' : 'PGlite (fresh data dir), embedded anvil'}; npm start answered in ${ready.toFixed(1)} s; load average ${os.loadavg()[0].toFixed(2)}`,
  );
  const waited = await settle(server.pid);
  snapshot(`idle after start (settled ${waited} s after the first answer)`);

  // --- one use of every feature -------------------------------------------------------------
  let cookie = '';
  const call = async (method, url, body, headers = {}) => {
    const res = await fetch(base + url, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const buf = Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, buf, json: () => JSON.parse(buf.toString()) };
  };
  const features = [];
  // Each feature's line also says how the server's RSS moved (what loads on first use).
  const use = async (name, fn) => {
    const t = performance.now();
    const before = rssMb(server.pid);
    try {
      const status = await fn();
      const after = rssMb(server.pid);
      const d = before !== null && after !== null ? Math.round(after - before) : null;
      const grew = d === null ? '' : `, RSS ${d >= 0 ? '+' : ''}${d} → ${Math.round(after)} MB`;
      features.push(`${name} ${status} (${Math.round(performance.now() - t)} ms${grew})`);
    } catch (err) {
      features.push(`${name} FAILED: ${err.message}`);
    }
  };
  const login = await call('POST', '/api/login/dev', {
    displayName: 'Memory Bench',
    email: `mem.${Date.now()}@bench.test`,
  });
  cookie = (login.headers.getSetCookie().find((c) => /^sid=.+/.test(c)) ?? '').split(';')[0];
  features.push(`sign-in ${login.status}`);
  let avatarId = null;
  await use('avatar (portrait, mint)', async () => {
    const r = await call('POST', '/api/avatars', { name: 'MEMORY_PROBE', description: 'Counts bytes for a living.' });
    avatarId = r.json().id;
    return r.status;
  });
  await use(
    'chat (persona engine)',
    async () =>
      (await call('POST', '/api/avatar/chat', { avatarId, message: 'Hello! What can you do for me today?' })).status,
  );
  await use(
    'chat stream',
    async () =>
      (await call('POST', '/api/avatar/chat/stream', { avatarId, message: 'Can you build me a website?' })).status,
  );
  await use(
    'speech (eSpeak)',
    async () =>
      (await call('POST', '/api/avatar/speech', { text: 'Memory check, one two three.', avatarId, voice: 'hacker' }))
        .status,
  );
  await use('image', async () => (await call('POST', '/api/ai/generate-image', { prompt: 'a neon city' })).status);
  for (const [taskType, prompt] of [
    ['mint_art_nft', 'a neon fox'],
    ['deploy_website', 'a landing page for a coffee shop'],
    ['farcaster_post', 'our new release'],
    ['code_project', 'a python script that prints the first ten primes'],
  ]) {
    await use(`task ${taskType}`, async () => {
      const r = await call('POST', `/api/avatars/${avatarId}/tasks`, { taskType, prompt });
      if (r.status >= 300) return r.status;
      const task = r.json();
      // Wait for the job to finish (the queue runs it in the background).
      for (let i = 0; i < 240; i++) {
        const list = (await call('GET', `/api/avatars/${avatarId}/tasks`)).json();
        const mine = (Array.isArray(list) ? list : (list.tasks ?? [])).find((t) => t.id === task.id);
        if (mine && mine.status !== 'PENDING') return `${r.status} → ${mine.status}`;
        await new Promise((res) => setTimeout(res, 500));
      }
      return `${r.status} → still pending after 120 s`;
    });
  }
  await use('team + chat', async () => {
    const team = await call('POST', '/api/teams', { name: 'MEM_TEAM', description: 'bench' });
    if (team.status >= 300) return team.status;
    const id = team.json().id;
    await call('POST', `/api/teams/${id}/members`, { avatarId, role: 'lead' });
    return (await call('POST', `/api/teams/${id}/chat`, { message: 'Team, status report please.' })).status;
  });
  await use(
    'verify task (chain)',
    async () =>
      (
        await call('POST', '/api/blockchain/verify-task', {
          avatarId: String(avatarId),
          taskType: 'avatar_create',
          taskData: {},
          userWalletAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        })
      ).status,
  );
  await use('nft tokens', async () => (await call('GET', '/api/nft/tokens')).status);
  await use('skill listing', async () => {
    const skills = (await call('GET', `/api/avatar-details/${avatarId}`)).json().skills ?? [];
    return skills.length
      ? (
          await call('POST', '/api/skill-listings', {
            avatarId,
            skillId: skills[0].id ?? skills[0].skillId,
            price: 0.01,
          })
        ).status
      : 'no skills';
  });
  await use('earnings', async () => (await call('GET', '/api/earnings')).status);
  await use(
    'waitlist',
    async () => (await call('POST', '/api/waitlist', { email: `wl.${Date.now()}@bench.test` })).status,
  );
  await use('profile', async () => (await call('PATCH', '/api/profile', { firstName: 'Mem' })).status);
  await use('agent card + MCP', async () => {
    await call('PUT', `/api/avatars/${avatarId}/agent-access`, { public: true });
    const card = await call('GET', `/api/agents/${avatarId}/.well-known/agent-card.json`);
    const key = (await call('POST', `/api/avatars/${avatarId}/api-keys`, { label: 'bench' })).json().key;
    const mcp = await call(
      'POST',
      `/api/agents/${avatarId}/mcp`,
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' },
    );
    return `${card.status}, MCP ${mcp.status}`;
  });
  await use('API docs', async () => (await call('GET', '/api/docs/json')).status);
  console.log(`\nfeatures used once:\n  ${features.join('\n  ')}`);

  // --- mixed requests ------------------------------------------------------------------------
  const first = (await call('GET', '/api/marketplace/avatars?limit=24')).json();
  const ids = first.map((a) => a.id);
  const next = (await call('GET', '/api/marketplace/avatars?limit=24')).headers.get('x-next-cursor');
  const shell = (await call('GET', '/marketplace')).buf.toString();
  const assets = [...shell.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  const mix = [
    '/api/marketplace/avatars',
    '/api/marketplace/avatars?category=technical',
    '/api/marketplace/avatars?category=creative&sort=price_low',
    '/api/marketplace/avatars?q=neon',
    '/api/marketplace/avatars?q=ghost&sort=level',
    next ? `/api/marketplace/avatars?cursor=${encodeURIComponent(next)}` : '/api/marketplace/price',
    ...ids.slice(0, 8).map((id) => `/api/avatar-details/${id}`),
    '/api/auth/user',
    '/api/avatars',
    '/api/teams',
    '/api/earnings',
    '/api/nft/tokens',
    `/api/avatars/${avatarId}/chat/history`,
    '/api/blockchain/network',
    '/api/health',
    '/',
    '/marketplace',
    ...assets,
  ];
  const counts = new Map();
  let sent = 0;
  const tMix = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (sent < REQUESTS) {
        const url = mix[sent++ % mix.length];
        const r = await call('GET', url, undefined, { 'accept-encoding': 'br, gzip' });
        counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
      }
    }),
  );
  console.log(
    `\n${REQUESTS} mixed requests (${mix.length} URLs, 8 at a time) in ${((performance.now() - tMix) / 1000).toFixed(1)} s: ${[...counts].map(([s, n]) => `${n}× ${s}`).join(', ')}`,
  );
  await settle(server.pid);
  snapshot('after every feature once and the mixed requests (settled)');
  if (RELEASE_WAIT > 0) {
    await new Promise((r) => setTimeout(r, RELEASE_WAIT * 1000));
    await settle(server.pid);
    snapshot(`${RELEASE_WAIT} s later, unused`);
  }
  console.log(
    `\nload average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await stop();
}

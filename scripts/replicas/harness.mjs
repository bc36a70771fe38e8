/**
 * Helpers of the replicas acceptance run (scripts/e2e-replicas.mjs): results, child processes that
 * never outlive the run, a TCP relay that can be cut (a PostgreSQL outage without touching the
 * shared server), a Redis server of our own, polling helpers.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { root, SERVER_ENTRY } from '../build.mjs';

/** Every check's outcome, printed as it happens. */
export const results = [];
/** Every process the run started (killed at the end if still alive). */
export const procs = [];

export function check(name, ok, detail = '') {
  results.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` until it returns a truthy value (returned) or `ms` pass (null). */
export async function until(fn, ms, every = 250) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn().catch(() => null);
    if (v) return v;
    await sleep(every);
  }
  return null;
}

export const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Resolves with the exit code once `child` has exited (at once if it already has). */
export const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((res) => child.once('exit', (code) => res(code)));

/** A TCP relay to `target` that can be cut (every connection dropped, new ones refused) and restored. */
export function relay(port, target) {
  const sockets = new Set();
  let server;
  const open = () =>
    new Promise((resolve) => {
      server = net.createServer((c) => {
        const up = net.connect(Number(target.port || 5432), target.hostname);
        sockets.add(c).add(up);
        c.pipe(up).pipe(c);
        const done = () => {
          c.destroy();
          up.destroy();
          sockets.delete(c);
          sockets.delete(up);
        };
        c.on('error', done).on('close', done);
        up.on('error', done).on('close', done);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  return {
    open,
    cut: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Waits until `url`'s readiness answers 200. @throws after `ms` */
export async function waitReady(url, ms = 240_000) {
  const ok = await until(async () => (await fetch(`${url}/api/health/ready`)).status === 200, ms, 1000);
  if (!ok) throw new Error(`${url} not ready in ${ms} ms`);
}

/** Starts the built server on `port` (sites on port + 1). E2E_VERBOSE=1 shows its log. */
export function startReplica(name, port, env) {
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), SITES_PORT: String(port + 1) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (d) => process.env.E2E_VERBOSE && process.stderr.write(`[${name}] ${d}`));
  procs.push(child);
  return child;
}

/** Runs one of the server's CLI entries (`db-migrate`, `db-seed`) to completion. @returns its exit code */
export async function runCli(name, env) {
  const child = spawn(process.execPath, [path.join(path.dirname(SERVER_ENTRY), `${name}.js`)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  return exited(child);
}

/** A redis-server of our own on `port` (never the shared one), without persistence. */
export async function startRedis(port) {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  procs.push(child);
  const up = await until(
    () =>
      new Promise((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.end();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      }),
    10_000,
    100,
  );
  if (!up) throw new Error(`redis-server did not start on ${port}`);
  return child;
}

/** The anvil binary of `@foundry-rs/anvil` for this platform (as packages/contracts/src/anvil.ts finds it). */
export function anvilBinary() {
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch] ?? process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  return path.join(path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`)), 'bin', 'anvil');
}

export async function rpc(url, method, params = []) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await res.json()).result;
}

/**
 * What the replicas acceptance run (scripts/e2e-replicas.mjs) starts: replicas of the built server
 * and its CLI entries, a TCP relay that can be cut (a PostgreSQL outage without touching the shared
 * server), a Redis server of our own, anvil; every process it starts never outlives the run (`procs`).
 * Waiting, process and sign-in helpers shared with the other scripts are in scripts/lib/.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { root, SERVER_ENTRY } from '../build.mjs';
import { exited, startProcess } from '../lib/processes.mjs';
import { until } from '../lib/wait.mjs';

/** Every process the run started (killed at the end if still alive). */
export const procs = [];

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

/** Starts the built server on `port` (sites on port + 1). E2E_VERBOSE=1 shows its log. */
export function startReplica(name, port, env) {
  return startProcess(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), SITES_PORT: String(port + 1) },
    name,
    list: procs,
  }).child;
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

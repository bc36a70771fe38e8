/**
 * Rolling restart under load: a test proxy in front of the replicas that routes only to replicas
 * whose readiness (`scope=replica`) answered 200 at its last poll — every 5 s, like deploy/Caddyfile
 * — and never retries a failed request, so anything the server drops is seen. One replica gets
 * SIGTERM while clients keep sending requests through the proxy; none may fail.
 */
import http from 'node:http';
import { check } from '../lib/checks.mjs';
import { exited } from '../lib/processes.mjs';
import { sleep } from '../lib/wait.mjs';

/** Caddy's health_interval in deploy/Caddyfile. */
export const HEALTH_INTERVAL_MS = 5_000;

/**
 * A round-robin HTTP proxy over `upstreams` (origins), with active readiness polling.
 * @returns `{ url, stats, close }`; stats counts answers per upstream
 */
export async function startProxy(port, upstreams) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const healthy = new Map(upstreams.map((u) => [u, true]));
  const stats = Object.fromEntries(upstreams.map((u) => [u, 0]));
  const poll = async () => {
    await Promise.all(
      upstreams.map(async (u) => {
        try {
          const res = await fetch(`${u}/api/health/ready?scope=replica`, { signal: AbortSignal.timeout(4_000) });
          healthy.set(u, res.status === 200);
        } catch {
          healthy.set(u, false);
        }
      }),
    );
  };
  const timer = setInterval(() => void poll(), HEALTH_INTERVAL_MS);
  let next = 0;
  const server = http.createServer((req, res) => {
    const live = upstreams.filter((u) => healthy.get(u));
    if (!live.length) {
      res.writeHead(503).end('no upstream');
      return;
    }
    const target = new URL(live[next++ % live.length]);
    const up = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers, agent },
      (upRes) => {
        stats[target.origin] += 1;
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
      },
    );
    up.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'x-proxy-error': err.code ?? err.message });
      res.end();
    });
    req.pipe(up);
  });
  await new Promise((resolve, reject) => {
    // a port taken (EADDRINUSE) fails the run, which then cleans up, instead of an uncaught 'error'
    server.once('error', (err) => {
      clearInterval(timer);
      reject(err);
    });
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: async () => {
      clearInterval(timer);
      agent.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

/**
 * Sends requests through the proxy from `clients` concurrent loops until `stop()` is called.
 * @returns `{ stop }` resolving to `{ sent, failed: [descriptions] }`
 */
export function load(proxyUrl, paths, clients = 6) {
  let running = true;
  let sent = 0;
  const failed = [];
  const loops = Array.from({ length: clients }, async (_, i) => {
    for (let n = i; running; n++) {
      const path = paths[n % paths.length];
      try {
        const res = await fetch(`${proxyUrl}${path}`);
        await res.arrayBuffer();
        sent += 1;
        if (res.status >= 500) failed.push(`${path} ${res.status} ${res.headers.get('x-proxy-error') ?? ''}`);
      } catch (err) {
        sent += 1;
        failed.push(`${path} ${err.cause?.code ?? err.message}`);
      }
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return { sent, failed };
    },
  };
}

/**
 * SIGTERM to `victim` (a replica child process serving `victimOrigin`) behind the proxy, under load.
 * The replica runs with the default SHUTDOWN_DELAY_MS, which must cover the proxy's poll.
 */
export async function rollingRestart({ proxyPort, replicas, victim, victimOrigin }) {
  const proxy = await startProxy(proxyPort, replicas);
  const traffic = load(proxy.url, ['/', '/marketplace', '/api/marketplace/avatars', '/api/health/live']);
  await sleep(2_000);
  const before = proxy.stats[victimOrigin];
  const t0 = Date.now();
  const code = exited(victim);
  victim.kill('SIGTERM');
  const exitCode = await code;
  const stoppedAfter = Date.now() - t0;
  const servedWhileStopping = proxy.stats[victimOrigin] - before;
  await sleep(1_000);
  const { sent, failed } = await traffic.stop();
  await proxy.close();
  check(
    'SIGTERM to a replica behind a proxy polling readiness every 5 s, under load: zero failed requests',
    failed.length === 0 && sent > 50,
    `${sent} requests, ${failed.length} failed${failed.length ? `: ${failed.slice(0, 5).join('; ')}` : ''}`,
  );
  check(
    'the stopping replica kept serving until the proxy stopped routing to it, then exited 0',
    exitCode === 0 && servedWhileStopping > 0,
    `exit ${exitCode} after ${stoppedAfter} ms, ${servedWhileStopping} answers after SIGTERM`,
  );
}

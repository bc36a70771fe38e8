/**
 * Load of the marketplace bench (bench/marketplace.bench.ts): autocannon runs (a child process,
 * JSON output) and the raw node:http baseline serving a fixed body.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const AUTOCANNON = path.join(path.resolve(import.meta.dirname, '../..'), 'node_modules/autocannon/autocannon.js');

/** One measured scenario. */
export interface Result {
  label: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytes: number;
}

/** Runs autocannon (child process, JSON output) against `url`. */
function autocannon(url: string, seconds: number, connections: number): Promise<Omit<Result, 'label'>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [AUTOCANNON, '-c', String(connections), '-d', String(seconds), '-j', url], {
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

/** Warm-up (2 s) then `seconds` of measurement with `connections` at once; prints the line. */
export async function measure(label: string, url: string, seconds: number, connections: number): Promise<Result> {
  await autocannon(url, 2, connections);
  const r = await autocannon(url, seconds, connections);
  console.log(
    `  ${label.padEnd(34)} ${r.reqPerSec.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : ''}`,
  );
  return { label, ...r };
}

/** A node:http server that answers every request with `body` (the raw baseline). */
export async function rawServer(body: Buffer): Promise<{ url: string; close: () => Promise<void> }> {
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

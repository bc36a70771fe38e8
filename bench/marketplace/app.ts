/**
 * The app as the marketplace bench (bench/marketplace.bench.ts) serves the catalogue: `npm start`.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/processes.mjs';
import { waitForUrl } from '../../scripts/lib/wait.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the app exactly as `npm start` does — `node scripts/start.mjs` (which builds what is stale,
 * then runs the compiled server) — with a clean environment: PATH and HOME, `DATABASE_URL` when the
 * database is PostgreSQL, and only where it lives besides (`PORT`, `DATA_DIR`: a free port and a
 * throw-away folder, so a developer's data and port 5000 are left alone). No NODE_ENV, LOG_LEVEL,
 * RATE_LIMIT_DISABLED or anything else: every other setting is the default a user gets (logs at
 * info, rate limits on, the embedded anvil chain). Its output goes to a file, as `npm start > log`.
 */
export async function startApp(dataDir: string, databaseUrl?: string) {
  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  const log = openSync(logFile, 'w');
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir() };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  env.PORT = String(port);
  env.DATA_DIR = dataDir;
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', log, log] });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await waitForUrl(`${base}/api/health`, { timeoutMs: 300_000, every: 100, child, hint: `see ${logFile}` });
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

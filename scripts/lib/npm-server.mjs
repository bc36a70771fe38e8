/**
 * The real `npm start` as a crash test drives it: on a fresh data folder, in its own process group
 * (so `kill -9 -pgid` takes npm, the server and anvil down at once), restarted after each kill.
 *
 *   const app = npmServer({ root, port, prefix: 'crash-test-' });
 *   await app.start(); … await app.kill(); await app.start();
 *   process.exit(await app.finish(main));   // runs main, stops the server, removes the folder on success
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param {{ root: string, port: number, prefix: string }} o the repository root, the app's port (the
 *   sites origin takes port + 1) and the data folder's name prefix
 */
export function npmServer({ root, port, prefix }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const logFile = path.join(dataDir, 'server.log');
  const base = `http://localhost:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    SITES_PORT: String(port + 1),
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    RATE_LIMIT_DISABLED: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    NODE_ENV: 'development',
  };
  let server = null;

  async function waitHealthy(timeoutMs = 600_000) {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      try {
        const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) });
        if (res.ok) return;
      } catch {
        // not up yet
      }
      if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}); see ${logFile}`);
      await sleep(500);
    }
    throw new Error(`server not healthy within ${timeoutMs} ms; see ${logFile}`);
  }

  function groupAlive(pgid) {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  }

  /** Signals the whole process group and waits (up to 10 s) until it is gone. */
  async function kill(signal = 'SIGKILL') {
    const pgid = server.pid;
    try {
      process.kill(-pgid, signal);
    } catch {
      return;
    }
    for (let i = 0; i < 200 && groupAlive(pgid); i++) await sleep(50);
  }

  return {
    base,
    dataDir,
    logFile,
    /** Starts `npm start` (building what is stale) and resolves once /api/health answers. */
    start() {
      const out = openSync(logFile, 'a');
      server = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', out, out] });
      return waitHealthy();
    },
    kill,
    /**
     * Runs `main` (its result is the exit code), prints the server log's tail on an error, stops
     * the server and removes the data folder when all went well (KEEP_DATA=1 keeps it).
     */
    async finish(main) {
      let code = 1;
      try {
        code = await main();
      } catch (err) {
        console.error(`crash test error: ${err.stack ?? err}`);
        try {
          console.error(readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n'));
        } catch {}
      } finally {
        if (server) {
          await kill('SIGTERM');
          await kill('SIGKILL');
        }
        if (!process.env.KEEP_DATA && code === 0) rmSync(dataDir, { recursive: true, force: true });
      }
      return code;
    },
  };
}

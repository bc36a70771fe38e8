/**
 * The real `npm start` as a crash test drives it: on a fresh data folder, in its own process group
 * (so `kill -9 -pgid` takes npm, the server and anvil down at once), restarted after each kill.
 *
 *   const app = npmServer({ root, port, prefix: 'crash-test-' });
 *   await app.start(); … await app.kill(); await app.start();
 *   process.exit(await app.finish(main));   // runs main, stops the server, removes the folder on success
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killGroup } from './processes.mjs';
import { waitForUrl } from './wait.mjs';

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

  /** Signals the whole process group and waits (up to 10 s) until it is gone. */
  const kill = (signal = 'SIGKILL') => (server ? killGroup(server.pid, signal) : Promise.resolve());

  return {
    base,
    dataDir,
    logFile,
    /** Starts `npm start` (building what is stale) and resolves once /api/health answers (600 s at most). */
    start() {
      const out = openSync(logFile, 'a');
      server = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', out, out] });
      closeSync(out);
      return waitForUrl(`${base}/api/health`, { timeoutMs: 600_000, child: server, hint: `see ${logFile}` });
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
        await kill('SIGTERM');
        await kill('SIGKILL');
        if (!process.env.KEEP_DATA && code === 0) rmSync(dataDir, { recursive: true, force: true });
      }
      return code;
    },
  };
}

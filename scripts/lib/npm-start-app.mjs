/**
 * The app as the crash tests run it: the real `npm start` (embedded PGlite and anvil) on a fresh
 * data folder, in a process group of its own, so `kill -9` of the group takes npm, the server and
 * anvil down at once — and the run around a crash test's main function.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../build.mjs';
import { killGroup } from './processes.mjs';
import { waitForUrl } from './wait.mjs';

/**
 * An app on `port` (sites on port + 1) with demo data off and rate limits off; its output goes to
 * `server.log` in its data folder. Nothing runs until `start()`.
 * @param opts.name prefix of the data folder under the system's temporary folder
 */
export function npmStartApp({ port, name }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const logFile = path.join(dataDir, 'server.log');
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
  const base = `http://localhost:${port}`;
  let child = null;
  return {
    base,
    dataDir,
    logFile,
    /** Starts the app (again) and waits until /api/health answers, 600 s at most. @throws when it exits first */
    async start() {
      const out = openSync(logFile, 'a');
      child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', out, out] });
      closeSync(out);
      await waitForUrl(`${base}/api/health`, { timeoutMs: 600_000, child, hint: `see ${logFile}` });
    },
    /** Sends `signal` to the app's whole process group and waits until it is gone. */
    kill: (signal = 'SIGKILL') => (child ? killGroup(child.pid, signal) : Promise.resolve()),
    /** The last `lines` lines of the server's log ('' when there is none). */
    logTail(lines = 30) {
      try {
        return readFileSync(logFile, 'utf8').split('\n').slice(-lines).join('\n');
      } catch {
        return '';
      }
    },
  };
}

/**
 * Runs a crash test: `main()` resolves to the exit code; an error is printed with the tail of the
 * server's log. Then the app is stopped (SIGTERM, then SIGKILL), its data folder removed after a
 * passing run unless KEEP_DATA is set, and the process exits with the code.
 */
export async function runCrashTest(app, main) {
  let code = 1;
  try {
    code = await main();
  } catch (err) {
    console.error(`crash test error: ${err.stack ?? err}`);
    console.error(app.logTail());
  } finally {
    await app.kill('SIGTERM');
    await app.kill('SIGKILL');
    if (!process.env.KEEP_DATA && code === 0) rmSync(app.dataDir, { recursive: true, force: true });
  }
  process.exit(code);
}

/**
 * The WebAssembly code sandbox (DESIGN §8, docs/decisions/011-code-sandbox.md): Python in Pyodide
 * and JavaScript/TypeScript in QuickJS, each run in a fresh worker thread with no network, no host
 * files, no environment, no child processes and hard CPU, memory and output limits.
 *
 *   const sandbox = createSandbox();
 *   const r = await sandbox.run({ language: 'python', files: { 'main.py': 'print(1)' }, entry: 'main.py' });
 *   // r.exitCode 0, r.stdout '1\n'
 *
 * Nothing loads before the first run; see pool.ts for spares, the concurrency cap and idling.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { type PoolOptions, SandboxPool } from './pool';
import { checkRequest, languageOf } from './request';
import { runOnWorker } from './run';
import type { Sandbox, SandboxRunRequest, SandboxRunResult } from './types';

export { SANDBOX_RUNTIME_NOTES } from './notes';
export { languageOf, SandboxRequestError } from './request';
export * from './types';

/** The sandbox plus what the app needs to manage it. */
export interface WasmSandbox extends Sandbox {
  /** Stops every worker (running programs included) and refuses later runs (app shutdown). */
  close(): Promise<void>;
  /** Booted or booting spare workers right now (tests, benchmarks). */
  readonly spareCount: number;
  /** Whether the Python heap snapshot is held (tests, benchmarks). */
  readonly hasPythonSnapshot: boolean;
  /** Resolves once the spares that are booting have booted (tests, benchmarks). */
  whenWarm(): Promise<void>;
}

export interface SandboxOptions extends Partial<PoolOptions> {}

const require = createRequire(import.meta.url);

/** Installed version of an npm package, read from its package.json without loading it. */
function packageVersion(name: string): string {
  try {
    for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const file = path.join(dir, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name) return String(pkg.version);
    }
  } catch {
    // reported as unknown
  }
  return 'unknown';
}

/**
 * Creates the sandbox. Cheap: no worker starts until the first run.
 * @param options concurrency (default: the number of cores, at most 4 — 2 on a 2-core machine),
 *   spares (default true: one booted worker per runtime kept ready), idleMs (default 5 000: an
 *   unused spare is then terminated), snapshotIdleMs (default 60 000: the Python snapshot is then
 *   dropped); see pool.ts
 */
export function createSandbox(options: SandboxOptions = {}): WasmSandbox {
  const pool = new SandboxPool({
    concurrency: Math.max(1, options.concurrency ?? Math.min(4, availableParallelism())),
    spares: options.spares ?? true,
    idleMs: options.idleMs ?? 5_000,
    snapshotIdleMs: options.snapshotIdleMs ?? 60_000,
  });
  const name = `wasm-sandbox (pyodide ${packageVersion('pyodide')}, quickjs-emscripten ${packageVersion('quickjs-emscripten-core')})`;

  return {
    name,
    languageOf,
    async run(req: SandboxRunRequest): Promise<SandboxRunResult> {
      const input = checkRequest(req);
      if (pool.isClosed) throw new Error('the sandbox is closed');
      if (req.signal?.aborted) return abortedResult();
      let freeSlot: () => void;
      try {
        freeSlot = await pool.acquireSlot(req.signal);
      } catch (error) {
        if (req.signal?.aborted) return abortedResult();
        throw error;
      }
      try {
        const { worker } = pool.take(input.runtime);
        return await runOnWorker(worker, input, req.signal);
      } finally {
        freeSlot();
        pool.refill(input.runtime);
      }
    },
    release: () => pool.release(),
    close: () => pool.close(),
    whenWarm: () => pool.whenWarm(),
    get spareCount() {
      return pool.spareCount;
    },
    get hasPythonSnapshot() {
      return pool.hasPythonSnapshot;
    },
  };
}

function abortedResult(): SandboxRunResult {
  const message = 'the run was aborted by its caller before it started';
  return {
    exitCode: null,
    stdout: '',
    stderr: `[sandbox] stopped: ${message}\n`,
    timedOut: false,
    stopped: { reason: 'aborted', message },
    changedFiles: {},
    durationMs: 0,
  };
}

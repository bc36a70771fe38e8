/**
 * The sandbox's worker threads. Every run gets a fresh worker (one runtime, one program, then
 * terminated), so nothing a program leaves behind reaches the next one. To keep runs fast anyway,
 * the pool keeps at most one booted spare per runtime: a run takes it, and a new spare boots in
 * the background after the run. Spares serve the runs of one task, which come in quick
 * succession, and are released after `idleMs` (5 s) without runs: a booted Python spare holds
 * ~120 MB. The Python heap snapshot new workers boot from (~30 MB; ~0.35 s to boot from it
 * instead of ~2 s afresh) is kept longer, `snapshotIdleMs` (60 s). Nothing boots before the
 * first run.
 * At most `concurrency` runs execute at once; the others wait in arrival order.
 */
import { Worker } from 'node:worker_threads';

/** The two runtimes (TypeScript runs in the JavaScript one). */
export type Runtime = 'python' | 'javascript';

/** Messages a sandbox worker posts (see sandbox-worker/index.cjs). */
export type WorkerMessage =
  | { type: 'tid'; tid: number }
  | { type: 'snapshot'; bytes: Uint8Array | null; message?: string }
  | { type: 'ready'; runtime: string }
  | { type: 'out'; fd: 1 | 2; text: string }
  | { type: 'limit'; reason: 'output' | 'memory'; message: string }
  | { type: 'done'; exitCode: number; changedFiles: Record<string, string>; skippedFiles: number }
  | { type: 'failed'; message: string };

const WORKER_URL = new URL('./sandbox-worker/index.cjs', import.meta.url);

/** SANDBOX_DEBUG=1 prints each worker's life (boot, run, stop, exit) on stderr, for diagnosis. */
export const debug: (message: string) => void =
  process.env.SANDBOX_DEBUG === '1'
    ? (message) => process.stderr.write(`[sandbox ${new Date().toISOString()}] ${message}\n`)
    : () => {};
let nextWorkerId = 1;

/**
 * V8 heap limits of a worker (the program's WebAssembly memory is limited separately, inside the
 * worker). Pyodide's JavaScript side needs ~60 MB of heap; past these the worker is stopped.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32 };

/** One worker thread booting (then serving) one runtime for one run. */
export class SandboxWorker {
  readonly worker: Worker;
  /** [0]: set to 1 by the main thread to stop the run (read by the worker's runtime). */
  readonly control = new Int32Array(new SharedArrayBuffer(8));
  /** Linux thread id of the worker (for its CPU time), once reported. */
  tid: number | null = null;
  /** Resolves with the runtime's name and version once booted; rejects (in words) if it cannot boot. */
  readonly ready: Promise<string>;
  /** Why the worker ended, once it has (error or exit before the end of its run). */
  ended: Error | null = null;
  private terminating = false;
  /** Sequence number in this process (debug output). */
  readonly id = nextWorkerId++;

  /**
   * @param snapshot  a booted Python heap to start from (see sandbox-worker/python.cjs); without
   *   one a Python worker boots the interpreter and hands its own snapshot to `onSnapshot`
   */
  constructor(
    readonly runtime: Runtime,
    snapshot: Uint8Array | null = null,
    onSnapshot: (bytes: Uint8Array) => void = () => {},
  ) {
    this.worker = new Worker(WORKER_URL, {
      name: `sandbox-${runtime}`,
      workerData: { language: runtime, control: this.control.buffer, snapshot },
      // The program must see no environment even if it escaped its runtime.
      env: {},
      argv: [],
      // Plain JavaScript: no loader needed, and the parent's flags (tsx...) must not apply.
      execArgv: [],
      resourceLimits: RESOURCE_LIMITS,
      stdin: false,
      // The worker's own console (the runtimes' internal messages, never the program's output,
      // which comes as messages) stays out of the server's logs; SANDBOX_DEBUG=1 shows it.
      stdout: true,
      stderr: true,
    });
    for (const stream of [this.worker.stdout, this.worker.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (text: string) => debug(`worker ${this.id} console: ${text.trimEnd()}`));
    }
    this.ready = new Promise<string>((resolve, reject) => {
      const onMessage = (msg: WorkerMessage) => {
        if (msg.type === 'tid') this.tid = msg.tid;
        else if (msg.type === 'snapshot' && msg.bytes) onSnapshot(msg.bytes);
        else if (msg.type === 'ready') {
          this.worker.off('message', onMessage);
          resolve(msg.runtime);
        } else if (msg.type === 'failed') {
          this.worker.off('message', onMessage);
          reject(new Error(msg.message));
        }
      };
      this.worker.on('message', onMessage);
      this.worker.once('error', (error) =>
        reject(new Error(`the ${runtime} runtime failed to start: ${error.message}`)),
      );
      this.worker.once('exit', (code) =>
        reject(new Error(`the ${runtime} runtime exited while starting (code ${code})`)),
      );
    });
    this.ready.then(
      (name) => debug(`worker ${this.id} (${runtime}) ready: ${name}${snapshot ? ', from the snapshot' : ''}`),
      (error) => debug(`worker ${this.id} (${runtime}) failed to boot: ${error.message}`),
    );
    this.worker.on('error', (error) => {
      debug(`worker ${this.id} error: ${error.message}`);
      this.ended ??= error;
    });
    this.worker.on('exit', (code) => {
      debug(`worker ${this.id} exited (${code})`);
      this.ended ??= new Error(`the worker exited (code ${code})`);
    });
    debug(`worker ${this.id} (${runtime}) starting`);
  }

  /** Whether terminate() was called (by the pool or a run), as opposed to a crash. */
  get terminated(): boolean {
    return this.terminating;
  }

  /** Whether the worker is still usable (not terminated, not crashed). */
  get alive(): boolean {
    return this.ended === null && !this.terminating;
  }

  /** Lets the process exit while this worker idles (spares), or keeps it alive (runs). */
  hold(keepAlive: boolean): void {
    if (keepAlive) this.worker.ref();
    else this.worker.unref();
  }

  /** Stops the thread now (whatever it is doing) and frees its memory. */
  async terminate(): Promise<void> {
    if (this.terminating) return;
    this.terminating = true;
    await this.worker.terminate().catch(() => {});
  }
}

export interface PoolOptions {
  /** Runs executing at once (createSandbox: one per core, at most 4); the rest wait. */
  concurrency: number;
  /** Keep one booted spare per runtime (default true). */
  spares: boolean;
  /** A spare unused this long (ms) is terminated (createSandbox: 5 s). */
  idleMs: number;
  /** The Python snapshot is dropped after this long (ms) without a Python worker starting (createSandbox: 60 s). */
  snapshotIdleMs: number;
}

/** Spares, the run slots and their queue. */
export class SandboxPool {
  private readonly spares = new Map<Runtime, SandboxWorker>();
  private readonly idleTimers = new Map<Runtime, NodeJS.Timeout>();
  private readonly waiting: Array<{ grant: () => void; refuse: (e: Error) => void }> = [];
  private active = 0;
  private closed = false;
  /**
   * Python's heap right after boot (shared memory, ~30 MB), made by the first Python worker:
   * later workers restore it instead of initialising Python (about 10× less CPU). Dropped after
   * `snapshotIdleMs` without a Python worker starting, and on release.
   */
  private pythonSnapshot: Uint8Array | null = null;
  private snapshotTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: PoolOptions) {}

  /** Whether a Python snapshot is held (for tests and benchmarks). */
  get hasPythonSnapshot(): boolean {
    return this.pythonSnapshot !== null;
  }

  /** A new worker for `runtime`, booting from the Python snapshot when there is one. */
  private spawn(runtime: Runtime): SandboxWorker {
    if (runtime !== 'python') return new SandboxWorker(runtime);
    clearTimeout(this.snapshotTimer);
    this.snapshotTimer = setTimeout(() => {
      this.pythonSnapshot = null;
    }, this.options.snapshotIdleMs);
    this.snapshotTimer.unref();
    const snapshot = this.pythonSnapshot;
    const worker = new SandboxWorker(runtime, snapshot, (bytes) => {
      if (!this.closed) this.pythonSnapshot ??= bytes;
    });
    // A snapshot that cannot be booted from is dropped: the next worker boots Python afresh.
    worker.ready.catch(() => {
      if (snapshot && !worker.terminated && this.pythonSnapshot === snapshot) this.pythonSnapshot = null;
    });
    return worker;
  }

  /**
   * Waits for a run slot; resolves with the function that frees it. Rejects when the pool closes
   * or `signal` aborts while waiting.
   */
  acquireSlot(signal?: AbortSignal): Promise<() => void> {
    if (this.closed) return Promise.reject(new Error('the sandbox is closed'));
    const free = () => {
      this.active--;
      const next = this.waiting.shift();
      if (next) next.grant();
    };
    let freed = false;
    const once = () => {
      if (!freed) {
        freed = true;
        free();
      }
    };
    if (this.active < this.options.concurrency) {
      this.active++;
      return Promise.resolve(once);
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          this.active++;
          resolve(once);
        },
        refuse: reject,
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(new Error('the run was aborted while waiting for a free sandbox'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  /** A worker for one run: the booted spare when there is one, else a new (cold) one. */
  take(runtime: Runtime): { worker: SandboxWorker; warm: boolean } {
    const spare = this.spares.get(runtime);
    this.spares.delete(runtime);
    clearTimeout(this.idleTimers.get(runtime));
    this.idleTimers.delete(runtime);
    if (spare?.alive) {
      spare.hold(true);
      return { worker: spare, warm: true };
    }
    if (spare) void spare.terminate();
    return { worker: this.spawn(runtime), warm: false };
  }

  /** Boots a new spare for `runtime` in the background (after a run used the previous one). */
  refill(runtime: Runtime): void {
    if (!this.options.spares || this.closed || this.spares.has(runtime)) return;
    const spare = this.spawn(runtime);
    spare.hold(false);
    this.spares.set(runtime, spare);
    spare.ready.catch(() => {
      if (this.spares.get(runtime) === spare) this.spares.delete(runtime);
      void spare.terminate();
    });
    const timer = setTimeout(() => {
      if (this.spares.get(runtime) !== spare) return;
      this.spares.delete(runtime);
      this.idleTimers.delete(runtime);
      void spare.terminate();
    }, this.options.idleMs);
    timer.unref();
    this.idleTimers.set(runtime, timer);
  }

  /** Resolves once every current spare has booted (or failed to). */
  async whenWarm(): Promise<void> {
    const spares = [...this.spares.values()];
    // Someone waits on them: keep the process alive until they are up.
    for (const s of spares) s.hold(true);
    await Promise.allSettled(spares.map((s) => s.ready));
    for (const s of spares) if (this.spares.get(s.runtime) === s) s.hold(false);
  }

  /** Number of booted or booting spares (for tests and benchmarks). */
  get spareCount(): number {
    return this.spares.size;
  }

  /** Terminates the spares (running programs are not affected). */
  async release(): Promise<void> {
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    clearTimeout(this.snapshotTimer);
    const spares = [...this.spares.values()];
    this.spares.clear();
    this.pythonSnapshot = null;
    await Promise.all(spares.map((s) => s.terminate()));
  }

  /** Refuses queued runs and terminates the spares; later runs are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.refuse(new Error('the sandbox is closed'));
    await this.release();
  }

  get isClosed(): boolean {
    return this.closed;
  }
}

// @ts-check
/**
 * Entry of a sandbox worker thread (see ../pool.ts). One worker serves one run of one language,
 * then is terminated, so nothing a program does survives it.
 *
 * Plain CommonJS on purpose: Node 20 cannot start a .ts file as a worker without a loader, and a
 * worker that loads ES modules while the parent has module hooks (tsx, Vitest) can deadlock in
 * Node's shared hooks thread; require() does not go through those hooks.
 *
 * Protocol (structured clone):
 *   workerData  { language: 'python' | 'javascript', control: SharedArrayBuffer, snapshot?: Uint8Array }
 *               control (Int32Array): [0] is set to 1 by the main thread when the run must stop
 *               snapshot: a booted Python heap (shared memory) to start from; without it the
 *               worker boots Python itself and posts such a snapshot before its 'ready'
 *   worker → main
 *     { type: 'tid', tid }                       Linux thread id (for CPU-time accounting)
 *     { type: 'snapshot', bytes }                Python heap after boot (Uint8Array on shared memory)
 *     { type: 'ready', runtime }                 runtime booted, e.g. 'pyodide 314.0.7'
 *     { type: 'out', fd, text }                  program output (1 stdout, 2 stderr), in order
 *     { type: 'limit', reason, message }         'output' (cut) or 'memory' (growth refused)
 *     { type: 'done', exitCode, changedFiles, skippedFiles }
 *     { type: 'failed', message }                the runtime itself failed (boot or run)
 *   main → worker
 *     { type: 'run', request: { files, entry, args, stdin, limits: { memoryBytes, outputBytes }, maxChangedBytes } }
 */
const { readlinkSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');

if (!parentPort) throw new Error('sandbox-worker/index.cjs must run as a worker thread');
// Keep this thread's event loop busy for its whole (short) life. Booting awaits WebAssembly
// compilation, which is no libuv handle: with an empty loop Node parks the thread in
// NodePlatform::DrainTasks, and with several workers starting at once that wait has been seen to
// never end (Node 20, also under plain node). The worker is always terminated by the main thread.
setInterval(() => {}, 60_000);
const port = parentPort;
const control = new Int32Array(workerData.control);
/** @type {'python' | 'javascript'} */
const language = workerData.language;

try {
  const link = readlinkSync('/proc/thread-self');
  const tid = Number(link.split('/').pop());
  if (Number.isInteger(tid)) port.postMessage({ type: 'tid', tid });
} catch {
  // Not Linux: the main thread falls back to wall-clock time.
}

/** Per-run state the hooks read. */
const state = {
  memoryLimit: 256 * 1024 * 1024,
  outputLimit: 64 * 1024,
  outputUsed: 0,
  outputCut: false,
  memoryReported: false,
  /** performance.now() when the program was first told to stop (0: not yet). */
  stopSignalledAt: 0,
};
const decoders = [new TextDecoder(), new TextDecoder(), new TextDecoder()];

/** @param {number} fd @param {Uint8Array | string} data */
function write(fd, data) {
  if (state.outputCut) return;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const room = state.outputLimit - state.outputUsed;
  const keep = bytes.byteLength <= room ? bytes : bytes.subarray(0, Math.max(0, room));
  state.outputUsed += keep.byteLength;
  const decoder = decoders[fd === 2 ? 2 : 1];
  const text = decoder.decode(keep, { stream: keep === bytes });
  if (text) port.postMessage({ type: 'out', fd: fd === 2 ? 2 : 1, text });
  if (keep !== bytes) {
    state.outputCut = true;
    port.postMessage({
      type: 'limit',
      reason: 'output',
      message: `the program wrote more than ${state.outputLimit} bytes of output; the rest was cut and the run stopped`,
    });
  }
}

const hooks = {
  write,
  /** @param {number} wanted @param {number} limit */
  memoryRefused(wanted, limit) {
    if (state.memoryReported) return;
    state.memoryReported = true;
    port.postMessage({
      type: 'limit',
      reason: 'memory',
      message:
        wanted > limit
          ? `the program tried to use ${Math.round(wanted / 1048576)} MB of memory (its heap and in-memory files); the limit is ${Math.round(limit / 1048576)} MB`
          : `the program ran out of memory; the limit is ${Math.round(limit / 1048576)} MB`,
    });
  },
  memoryLimit: () => state.memoryLimit,
  /**
   * 2 (SIGINT) when the main thread asked the run to stop or the output was cut. After signalling
   * once, the program gets half a second to unwind (print its traceback) before the next signal.
   */
  stopRequested() {
    if (Atomics.load(control, 0) === 0 && !state.outputCut) return 0;
    const now = performance.now();
    if (state.stopSignalledAt === 0 || now - state.stopSignalledAt > 500) {
      state.stopSignalledAt = now;
      return 2;
    }
    return 0;
  },
};

/** Boots the runtime, then serves the one run. */
(async () => {
  /** @type {{ run(req: any): Promise<{ exitCode: number, changedFiles: Record<string, string>, skippedFiles?: number }> | { exitCode: number, changedFiles: Record<string, string>, skippedFiles?: number } }} */
  let runtime;
  try {
    if (language === 'python') {
      const { preparePython, PYODIDE_VERSION } = require('./python.cjs');
      const python = await preparePython(hooks, {
        snapshot: workerData.snapshot ?? undefined,
        makeSnapshot: !workerData.snapshot,
      });
      if (!workerData.snapshot) {
        // Taken before any program runs, so later workers boot from a heap no program touched.
        try {
          port.postMessage({ type: 'snapshot', bytes: python.snapshot() });
        } catch (error) {
          port.postMessage({ type: 'snapshot', bytes: null, message: describe(error) });
        }
      }
      runtime = python;
      port.postMessage({ type: 'ready', runtime: `pyodide ${PYODIDE_VERSION}` });
    } else {
      const { prepareJavaScript, QUICKJS_VERSION } = require('./javascript.cjs');
      runtime = await prepareJavaScript(hooks, control);
      port.postMessage({ type: 'ready', runtime: `quickjs-emscripten ${QUICKJS_VERSION}` });
    }
  } catch (error) {
    port.postMessage({ type: 'failed', message: `the ${language} runtime failed to start: ${describe(error)}` });
    return;
  }

  port.once('message', async (/** @type {{ type: 'run', request: any }} */ msg) => {
    const { request } = msg;
    state.memoryLimit = request.limits.memoryBytes;
    state.outputLimit = request.limits.outputBytes;
    try {
      const result = await runtime.run({
        files: request.files,
        entry: request.entry,
        args: request.args,
        stdin: request.stdin,
        maxChangedBytes: Number(request.maxChangedBytes ?? 1024 * 1024),
      });
      for (const fd of [1, 2]) {
        const rest = decoders[fd]?.decode();
        if (rest && !state.outputCut) port.postMessage({ type: 'out', fd, text: rest });
      }
      port.postMessage({
        type: 'done',
        exitCode: result.exitCode,
        changedFiles: result.changedFiles,
        skippedFiles: result.skippedFiles ?? 0,
      });
    } catch (error) {
      port.postMessage({ type: 'failed', message: describe(error) });
    }
  });
})();

/** @param {unknown} error */
function describe(error) {
  if (error && typeof error === 'object' && 'message' in error) return String(error.message).slice(0, 2000);
  return String(error).slice(0, 2000);
}

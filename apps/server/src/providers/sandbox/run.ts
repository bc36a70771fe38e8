/**
 * One run on one worker (see pool.ts): sends the program, collects its output as it comes,
 * enforces the limits the worker cannot enforce itself and assembles the {@link SandboxRunResult}.
 *
 * CPU time: every {@link POLL_MS} the worker thread's CPU time is read (cpu-time.ts); past the
 * limit the run is asked to stop (Python gets KeyboardInterrupt, QuickJS is interrupted), and
 * {@link GRACE_MS} later the thread is terminated whatever it does. A run also stops after
 * `wallFactor × cpuMs` of wall-clock time (a program waiting on timers or blocked). Output past the
 * limit and a worker that dies are handled here too; memory growth is refused inside the worker.
 */
import { threadCpuMs } from './cpu-time';
import { debug, type SandboxWorker, type WorkerMessage } from './pool';
import type { SandboxLimits, SandboxRunResult, SandboxStopReason } from './types';

/** How often the worker's CPU time is read (ms). */
const POLL_MS = 100;
/** Time a program gets to unwind after being asked to stop, before its thread is terminated (ms). */
const GRACE_MS = 1_000;
/** Wall-clock limit of a run as a multiple of its CPU limit. */
const WALL_FACTOR = 4;
/**
 * Longest wait for a runtime to boot (ms). Pyodide needs ~4 s of CPU; on a loaded 2-core machine
 * that has taken 30 s of wall-clock time.
 */
const BOOT_TIMEOUT_MS = 120_000;
/** At most this many bytes of changed files come back (the program's output files). */
export const MAX_CHANGED_BYTES = 1024 * 1024;

export interface RunInput {
  files: Record<string, string>;
  entry: string;
  args: string[];
  stdin: string;
  limits: SandboxLimits;
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * Runs `input` on a booting or booted worker and resolves with the result; never rejects for
 * anything the program does. The worker is terminated at the end.
 */
export async function runOnWorker(w: SandboxWorker, input: RunInput, signal?: AbortSignal): Promise<SandboxRunResult> {
  let stdout = '';
  let stderr = '';
  let used = 0;
  let stopped: { reason: SandboxStopReason; message: string } | null = null;
  let finished = false;
  let resolveDone!: (r: { exitCode: number | null; changedFiles: Record<string, string>; skipped: number }) => void;
  const done = new Promise<{ exitCode: number | null; changedFiles: Record<string, string>; skipped: number }>(
    (resolve) => {
      resolveDone = resolve;
    },
  );
  const finish = (exitCode: number | null, changedFiles: Record<string, string> = {}, skipped = 0) => {
    if (finished) return;
    finished = true;
    debug(`worker ${w.id} run finished (exit code ${exitCode})`);
    resolveDone({ exitCode, changedFiles, skipped });
  };
  const append = (fd: 1 | 2, text: string) => {
    const room = input.limits.outputBytes - used;
    if (room <= 0) return;
    const bytes = Buffer.byteLength(text, 'utf8');
    const kept = bytes <= room ? text : Buffer.from(text, 'utf8').subarray(0, room).toString('utf8');
    used += Math.min(bytes, room);
    if (fd === 1) stdout += kept;
    else stderr += kept;
  };
  /** Stops the run for `reason`: first asks the program to stop, then terminates the thread. */
  const stop = (reason: SandboxStopReason, message: string, hard = false) => {
    debug(`worker ${w.id} stop (${reason}${hard ? ', now' : ''}): ${message}`);
    if (!stopped) stopped = { reason, message };
    Atomics.store(w.control, 0, 1);
    if (hard) {
      void w.terminate().then(() => finish(null));
      return;
    }
    setTimeout(() => {
      if (!finished) void w.terminate().then(() => finish(null));
    }, GRACE_MS).unref();
  };

  const onMessage = (msg: WorkerMessage) => {
    if (msg.type === 'out') append(msg.fd, msg.text);
    else if (msg.type === 'limit' && msg.reason === 'output') stop('output', msg.message, true);
    else if (msg.type === 'limit' && msg.reason === 'memory') stopped ??= { reason: 'memory', message: msg.message };
    else if (msg.type === 'done') finish(msg.exitCode, msg.changedFiles, msg.skippedFiles);
    else if (msg.type === 'failed') {
      stopped ??= { reason: 'crash', message: `the sandbox runtime failed: ${msg.message}` };
      finish(null);
    }
  };
  const onExit = () => {
    if (finished) return;
    const error = w.ended;
    const code = (error as { code?: string } | null)?.code;
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
      stopped ??= { reason: 'memory', message: 'the program used more memory than the sandbox allows and was stopped' };
    } else {
      stopped ??= {
        reason: 'crash',
        message: `the sandbox worker stopped unexpectedly: ${error?.message ?? 'no reason'}`,
      };
    }
    finish(null);
  };
  const onAbort = () => stop('aborted', 'the run was aborted by its caller', true);

  w.worker.on('message', onMessage);
  w.worker.on('exit', onExit);
  w.worker.on('error', () => {});
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });

  let programStart = performance.now();
  let poll: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  /** Ends the run whatever the worker does (it stopped answering). */
  const giveUp = (message: string) => {
    stopped ??= { reason: 'crash', message };
    void w.terminate();
    finish(null);
  };
  try {
    deadline = setTimeout(
      () => giveUp(`the ${w.runtime} runtime did not start within ${seconds(BOOT_TIMEOUT_MS)}`),
      BOOT_TIMEOUT_MS,
    );
    try {
      await Promise.race([w.ready, done]);
    } catch (error) {
      stopped ??= { reason: 'crash', message: (error as Error).message };
      finish(null);
    }
    clearTimeout(deadline);
    if (!finished) {
      const cpuStart = w.tid === null ? null : await threadCpuMs(w.tid);
      programStart = performance.now();
      debug(`worker ${w.id} runs ${input.entry}`);
      const { cpuMs } = input.limits;
      const wallMs = cpuMs * WALL_FACTOR;
      w.worker.postMessage({
        type: 'run',
        request: {
          files: input.files,
          entry: input.entry,
          args: input.args,
          stdin: input.stdin,
          limits: { memoryBytes: input.limits.memoryBytes, outputBytes: input.limits.outputBytes },
          maxChangedBytes: MAX_CHANGED_BYTES,
        },
      });
      deadline = setTimeout(() => giveUp('the sandbox worker stopped answering'), wallMs + GRACE_MS + 10_000);
      let polling = false;
      poll = setInterval(async () => {
        if (polling || finished || stopped) return;
        polling = true;
        try {
          const wall = performance.now() - programStart;
          const cpuNow = cpuStart === null || w.tid === null ? null : await threadCpuMs(w.tid);
          const cpu = cpuNow === null || cpuStart === null ? wall : cpuNow - cpuStart;
          if (finished || stopped) return;
          if (cpu >= cpuMs) {
            stop('cpu-time', `the program used more than ${seconds(cpuMs)} of CPU time and was stopped`);
          } else if (wall >= wallMs) {
            stop('cpu-time', `the program ran for more than ${seconds(wallMs)} (wall clock) and was stopped`);
          }
        } finally {
          polling = false;
        }
      }, POLL_MS);
    }
    const result = await done;
    const reason = (stopped as { reason: SandboxStopReason } | null)?.reason;
    // A program stopped for memory ended by itself (MemoryError): its exit code is kept.
    const exitCode = stopped && reason !== 'memory' ? null : result.exitCode;
    const final = stopped as { reason: SandboxStopReason; message: string } | null;
    if (final) {
      stderr += `${stderr && !stderr.endsWith('\n') ? '\n' : ''}[sandbox] stopped: ${final.message}\n`;
    }
    if (result.skipped > 0) {
      stderr += `[sandbox] ${result.skipped} changed file(s) not returned: over ${MAX_CHANGED_BYTES} bytes in all\n`;
    }
    return {
      exitCode,
      stdout,
      stderr,
      timedOut: reason === 'cpu-time',
      stopped: final,
      changedFiles: result.changedFiles,
      durationMs: Math.round(performance.now() - programStart),
    };
  } finally {
    clearInterval(poll);
    clearTimeout(deadline);
    signal?.removeEventListener('abort', onAbort);
    w.worker.off('message', onMessage);
    w.worker.off('exit', onExit);
    void w.terminate();
  }
}

/**
 * The code sandbox (apps/server/src/providers/sandbox): how long a run takes from `sandbox.run()`
 * to its result, for Python (Pyodide) and JavaScript (QuickJS), and how much memory a live worker
 * holds.
 *
 * Run from the repository root:
 *   npx tsx bench/sandbox.bench.ts [--cold=5] [--snapshot=10] [--warm=20] [--settle=1000] [--workers=4]
 *
 * Per language, for a one-line program (print / console.log):
 *   cold      a new sandbox each time: boot the runtime from nothing (for Python: initialise
 *             CPython and save its heap snapshot), then run — the first run after start or idling
 *   snapshot  (Python) the next run right after another: no booted spare yet, the worker boots
 *             from the saved heap
 *   warm      a booted spare is waiting (the usual case once the sandbox is in use): run as soon as
 *             it is up, and again `--settle` ms after it is up
 * Prints p50/p99/mean/max of the wall-clock time of `run()` (ms), the program's own duration
 * (`durationMs`, p50), and the CPU time the process used per run. Memory: the process's RSS before
 * and after `--workers` booted workers of a runtime, divided by their number (MB per live worker),
 * with the worker heap limits of pool.ts. Prints the load average: the machine may be shared, so
 * quote it with the figures.
 */
import os from 'node:os';
import { createSandbox } from '../apps/server/src/providers/sandbox/index';
import { SandboxWorker } from '../apps/server/src/providers/sandbox/pool';
import type { SandboxLanguage } from '../apps/server/src/providers/sandbox/types';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const COLD = Number(args.cold ?? 5);
const SNAPSHOT = Number(args.snapshot ?? 10);
const WARM = Number(args.warm ?? 20);
const WORKERS = Number(args.workers ?? 4);
const SETTLE_MS = Number(args.settle ?? 1000);

const PROGRAMS: Record<'python' | 'javascript', { entry: string; code: string; language: SandboxLanguage }> = {
  python: { entry: 'main.py', code: 'print("hello")\n', language: 'python' },
  javascript: { entry: 'main.js', code: 'console.log("hello");\n', language: 'javascript' },
};

interface Sample {
  wallMs: number;
  programMs: number;
  cpuMs: number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const fmt = (n: number) => n.toFixed(1).padStart(8);

function report(label: string, samples: Sample[]) {
  const wall = samples.map((s) => s.wallMs);
  const mean = wall.reduce((a, b) => a + b, 0) / wall.length;
  console.log(
    `${label.padEnd(22)} n=${String(samples.length).padStart(3)}  p50 ${fmt(pct(wall, 50))}  p99 ${fmt(pct(wall, 99))}  mean ${fmt(mean)}  max ${fmt(Math.max(...wall))} ms` +
      `   program p50 ${fmt(
        pct(
          samples.map((s) => s.programMs),
          50,
        ),
      )} ms   cpu/run p50 ${fmt(
        pct(
          samples.map((s) => s.cpuMs),
          50,
        ),
      )} ms`,
  );
}

async function timedRun(sandbox: ReturnType<typeof createSandbox>, kind: 'python' | 'javascript'): Promise<Sample> {
  const p = PROGRAMS[kind];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await sandbox.run({ language: p.language, files: { [p.entry]: p.code }, entry: p.entry });
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (r.stdout !== 'hello\n' || r.exitCode !== 0) throw new Error(`unexpected result: ${JSON.stringify(r)}`);
  return { wallMs, programMs: r.durationMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

async function latency(kind: 'python' | 'javascript') {
  const cold: Sample[] = [];
  for (let i = 0; i < COLD; i++) {
    const sandbox = createSandbox({ spares: false });
    cold.push(await timedRun(sandbox, kind));
    await sandbox.close();
  }
  report(`${kind} cold`, cold);

  const sandbox = createSandbox({ idleMs: 600_000 });
  await timedRun(sandbox, kind); // boots once (and saves Python's snapshot)
  if (kind === 'python') {
    const fromSnapshot: Sample[] = [];
    const noSpares = createSandbox({ spares: false });
    await timedRun(noSpares, kind);
    for (let i = 0; i < SNAPSHOT; i++) fromSnapshot.push(await timedRun(noSpares, kind));
    await noSpares.close();
    report(`${kind} from snapshot`, fromSnapshot);
  }
  // A spare right after it booted still shares the cores with V8's background compilation of
  // its hot WebAssembly functions; a second later it has settled (the usual case: the next run
  // comes after the model has read the last one).
  for (const settleMs of [0, SETTLE_MS]) {
    const warm: Sample[] = [];
    for (let i = 0; i < WARM; i++) {
      await sandbox.whenWarm();
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      warm.push(await timedRun(sandbox, kind));
    }
    report(`${kind} warm${settleMs ? ` +${settleMs / 1000} s` : ''}`, warm);
  }
  await sandbox.close();
}

async function memory(kind: 'python' | 'javascript') {
  let snapshot: Uint8Array | null = null;
  if (kind === 'python') {
    const first = new SandboxWorker('python', null, (bytes) => {
      snapshot = bytes;
    });
    await first.ready;
    await first.terminate();
  }
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = process.memoryUsage.rss();
  const workers = Array.from({ length: WORKERS }, () => new SandboxWorker(kind, snapshot));
  await Promise.all(workers.map((w) => w.ready));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = process.memoryUsage.rss();
  console.log(
    `${`${kind} memory`.padEnd(22)} ${WORKERS} booted workers: RSS ${(before / 2 ** 20).toFixed(0)} → ${(after / 2 ** 20).toFixed(0)} MB, ` +
      `${((after - before) / 2 ** 20 / WORKERS).toFixed(1)} MB per live worker${snapshot ? ` (snapshot ${((snapshot as Uint8Array).byteLength / 2 ** 20).toFixed(1)} MB, shared)` : ''}`,
  );
  await Promise.all(workers.map((w) => w.terminate()));
}

console.log(
  `sandbox bench — node ${process.version}, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const kind of ['javascript', 'python'] as const) {
  await latency(kind);
  await memory(kind);
}
console.log(
  `load after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

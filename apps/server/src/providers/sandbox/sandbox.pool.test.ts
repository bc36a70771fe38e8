/**
 * The sandbox's workers: nothing starts before the first run, every run gets a fresh runtime (no
 * state survives from one run to the next), runs beyond the concurrency cap wait their turn, an
 * abort stops a run, release() drops the spares, idle spares go away, and a closed sandbox or a
 * bad request starts nothing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, SandboxRequestError } from './index';
import { SLOW_MACHINE_MS } from './test-timeouts';

const sandbox = createSandbox({ idleMs: 600_000, concurrency: 1 });
afterAll(() => sandbox.close());

describe('sandbox workers', { timeout: SLOW_MACHINE_MS }, () => {
  it('starts no worker before the first run and names its runtimes', () => {
    const fresh = createSandbox();
    expect(fresh.spareCount).toBe(0);
    expect(fresh.name).toMatch(/^wasm-sandbox \(pyodide \d+\.\d+\.\d+, quickjs-emscripten \d+\.\d+\.\d+\)$/);
    return fresh.close();
  });

  it('gives every run a fresh runtime: nothing a program leaves behind reaches the next', async () => {
    const leavePy = 'import builtins\nbuiltins.LEAK = 1\nopen("/tmp/leak.txt", "w").write("x")\nprint("left")\n';
    const findPy = 'import builtins, os\nprint(hasattr(builtins, "LEAK"), os.path.exists("/tmp/leak.txt"))\n';
    expect((await sandbox.run({ language: 'python', files: { 'a.py': leavePy }, entry: 'a.py' })).stdout).toBe(
      'left\n',
    );
    expect((await sandbox.run({ language: 'python', files: { 'a.py': findPy }, entry: 'a.py' })).stdout).toBe(
      'False False\n',
    );
    const leaveJs = 'globalThis.LEAK = 1;\nrequire("fs").writeFileSync("/tmp/leak.txt", "x");\nconsole.log("left");\n';
    const findJs = 'console.log(typeof LEAK, require("fs").existsSync("/tmp/leak.txt"));\n';
    expect((await sandbox.run({ language: 'javascript', files: { 'a.js': leaveJs }, entry: 'a.js' })).stdout).toBe(
      'left\n',
    );
    expect((await sandbox.run({ language: 'javascript', files: { 'a.js': findJs }, entry: 'a.js' })).stdout).toBe(
      'undefined false\n',
    );
    // Each runtime keeps one booted spare for the next run.
    expect(sandbox.spareCount).toBe(2);
  });

  it('runs one program at a time when the cap is 1: the second starts after the first ended', async () => {
    const program = 'const start = Date.now();\nsetTimeout(() => console.log(start, Date.now()), 300);\n';
    const runs = await Promise.all(
      [1, 2].map(() => sandbox.run({ language: 'javascript', files: { 'a.js': program }, entry: 'a.js' })),
    );
    const [[start1, end1], [start2]] = runs.map((r) => r.stdout.trim().split(' ').map(Number)) as [
      [number, number],
      [number, number],
    ];
    expect(end1).toBeGreaterThan(start1);
    expect(start2).toBeGreaterThanOrEqual(end1);
  });

  it('stops a run when its signal aborts, and refuses an already aborted one without starting it', async () => {
    // A sandbox of its own: no run of another test holds the slot.
    const own = createSandbox({ spares: false });
    const controller = new AbortController();
    const running = own.run({
      language: 'javascript',
      files: { 'a.js': 'console.log("started");\nfor (;;) {}\n' },
      entry: 'a.js',
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 1_500);
    const r = await running;
    expect(r.stopped).toEqual({ reason: 'aborted', message: 'the run was aborted by its caller' });
    expect(r.exitCode).toBeNull();
    expect(r.timedOut).toBe(false);

    const before = await own.run({
      language: 'javascript',
      files: { 'a.js': 'console.log(1)' },
      entry: 'a.js',
      signal: AbortSignal.abort(),
    });
    expect(before.stopped?.reason).toBe('aborted');
    expect(before.stdout).toBe('');
    await own.close();
  });

  it('throws on a bad request and starts nothing', async () => {
    const other = createSandbox();
    await expect(other.run({ language: 'python', files: { 'a.py': '' }, entry: 'b.py' })).rejects.toBeInstanceOf(
      SandboxRequestError,
    );
    expect(other.spareCount).toBe(0);
    await other.close();
    await expect(other.run({ language: 'python', files: { 'a.py': '' }, entry: 'a.py' })).rejects.toThrow(/closed/);
  });

  it('drops the spares on release() and after the idle time', async () => {
    await sandbox.release();
    expect(sandbox.spareCount).toBe(0);
    const idle = createSandbox({ idleMs: 200 });
    await idle.run({ language: 'javascript', files: { 'a.js': '' }, entry: 'a.js' });
    expect(idle.spareCount).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(idle.spareCount).toBe(0);
    await idle.close();
  });

  it('keeps the Python snapshot after the spare idles, and drops it after its own idle time', async () => {
    const idle = createSandbox({ idleMs: 200, snapshotIdleMs: 2_500 });
    const first = await idle.run({ language: 'python', files: { 'a.py': 'print(1)' }, entry: 'a.py' });
    expect(first.stdout).toBe('1\n');
    await idle.whenWarm();
    expect(idle.hasPythonSnapshot).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(idle.spareCount).toBe(0);
    expect(idle.hasPythonSnapshot).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(idle.hasPythonSnapshot).toBe(false);
    await idle.close();
  });
});

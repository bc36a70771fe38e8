/**
 * Hostile programs: each is refused by the runtime or stopped by the sandbox, with an honest
 * message. Probes that do not end the program (network, files, environment, processes, escape
 * hatches to the host's JavaScript) share one run per language; loops, memory, floods and
 * recursion get a run each. CPU limits are lowered to 1 s to keep the file short.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from './index';
import { SLOW_MACHINE_MS } from './test-timeouts';

const sandbox = createSandbox({ idleMs: 600_000 });
afterAll(() => sandbox.close());

const py = (code: string, cpuMs = 5_000) =>
  sandbox.run({ language: 'python', files: { 'main.py': code }, entry: 'main.py', limits: { cpuMs } });
const js = (code: string, cpuMs = 5_000) =>
  sandbox.run({ language: 'javascript', files: { 'main.js': code }, entry: 'main.js', limits: { cpuMs } });

/** Python probes: each prints `name: <exception type>: <message>` or what it got. */
const PYTHON_PROBES = `
import os, sys
def probe(name, fn):
    try:
        print(f"{name}: OK {fn()!r}"[:300])
    except BaseException as e:
        print(f"{name}: {type(e).__name__}: {e}"[:300])

def socket_connect():
    import socket
    return socket.create_connection(("127.0.0.1", 5432), timeout=1)
def http_get():
    import urllib.request
    return urllib.request.urlopen("http://example.com", timeout=1).read()
def spawn():
    import subprocess
    return subprocess.run(["cat", "/etc/passwd"], capture_output=True)
def ffi_function():
    from pyodide.ffi import to_js
    return to_js([1]).constructor.constructor("return globalThis.process")()
def run_js():
    from pyodide.code import run_js
    return run_js("process.env")
def import_js():
    import js
    return js.process.env
def import_pyodide_js():
    import pyodide_js
    return pyodide_js.FS
def pyfetch():
    from pyodide.http import pyfetch
    import asyncio
    return asyncio.run(pyfetch("http://example.com"))

probe("socket", socket_connect)
probe("http", http_get)
probe("passwd", lambda: open("/etc/passwd").read())
probe("root_dir", lambda: sorted(os.listdir("/")))
probe("host_dir", lambda: os.listdir("/work"))
probe("proc_environ", lambda: open("/proc/self/environ").read())
probe("environ", lambda: dict(os.environ))
probe("getenv_path", lambda: os.getenv("PATH"))
probe("subprocess", spawn)
probe("system", lambda: os.system("id"))
probe("fork", lambda: os.fork())
probe("ffi_function", ffi_function)
probe("run_js", run_js)
probe("import_js", import_js)
probe("import_pyodide_js", import_pyodide_js)
probe("pyfetch", pyfetch)
probe("numpy", lambda: __import__("numpy"))
def ffi_buffer():
    from pyodide.ffi import to_js
    return to_js(b"x").constructor.new(2 ** 30).length
probe("ffi_buffer", ffi_buffer)
`;

/** JavaScript probes, same output format. */
const JS_PROBES = `
const probe = async (name, fn) => {
  try {
    console.log(name + ': OK ' + JSON.stringify(await fn()).slice(0, 200));
  } catch (e) {
    console.log(name + ': ' + (e && e.name) + ': ' + (e && e.message));
  }
};
await probe('net', () => require('net').connect(5432, '127.0.0.1'));
await probe('http', () => require('http').get('http://example.com'));
await probe('fetch', () => fetch('http://example.com'));
await probe('passwd', () => require('fs').readFileSync('/etc/passwd', 'utf8'));
await probe('write_outside', () => require('fs').writeFileSync('/etc/evil', 'x'));
await probe('environ', () => process.env);
await probe('child_process', () => require('child_process').execSync('id'));
await probe('worker_threads', () => require('worker_threads'));
await probe('function_ctor', () => typeof Function('return this')().process.exit);
await probe('host_globals', () => [typeof __host, typeof __sandbox, typeof std, typeof os, typeof Deno, typeof Bun]);
await probe('npm_package', () => require('lodash'));
`;

const lines = (stdout: string) =>
  Object.fromEntries(
    stdout
      .trim()
      .split('\n')
      .map((l) => [l.split(':')[0], l]),
  );

describe('hostile Python programs', { timeout: SLOW_MACHINE_MS }, () => {
  it('finds no network, host files, environment, processes or way out to JavaScript', async () => {
    const r = await py(PYTHON_PROBES);
    expect(r.exitCode).toBe(0);
    const got = lines(r.stdout);
    expect(got.socket).toBe('socket: OSError: [Errno 40] network access is disabled in the sandbox');
    expect(got.http).toContain('URLError: <urlopen error [Errno 40] network access is disabled in the sandbox>');
    expect(got.passwd).toBe("passwd: FileNotFoundError: [Errno 44] No such file or directory: '/etc/passwd'");
    // Pyodide's own in-memory file system: no /etc, /usr, /root or the host's folders.
    expect(got.root_dir).toBe("root_dir: OK ['dev', 'home', 'lib', 'proc', 'tmp', 'workspace']");
    expect(got.host_dir).toBe("host_dir: FileNotFoundError: [Errno 44] No such file or directory: '/work'");
    expect(got.proc_environ).toMatch(/^proc_environ: (FileNotFoundError|OK '')/);
    expect(got.environ).toBe('environ: OK {}');
    expect(got.getenv_path).toBe('getenv_path: OK None');
    expect(got.subprocess).toMatch(
      /^subprocess: (PermissionError|OSError): .*(not available in the sandbox|does not support processes)/,
    );
    expect(got.system).toBe('system: PermissionError: [Errno 63] child processes are not available in the sandbox');
    expect(got.fork).toBe('fork: PermissionError: [Errno 63] child processes are not available in the sandbox');
    expect(got.ffi_function).toContain('Code generation from strings disallowed');
    expect(got.run_js).toBe("run_js: ModuleNotFoundError: No module named 'js'");
    expect(got.import_js).toBe("import_js: ModuleNotFoundError: No module named 'js'");
    expect(got.import_pyodide_js).toBe("import_pyodide_js: ModuleNotFoundError: No module named 'pyodide_js'");
    expect(got.pyfetch).not.toMatch(/: OK /);
    // Packages are never fetched: only the standard library exists.
    expect(got.numpy).toBe("numpy: ModuleNotFoundError: No module named 'numpy'");
    // Buffers made through the FFI count against the memory limit too.
    expect(got.ffi_buffer).toMatch(/^ffi_buffer: JsException: RangeError: .*sandbox memory limit is reached/);
  });

  it('stops an endless loop at its CPU limit, in words', async () => {
    const r = await py('n = 0\nwhile True:\n    n += 1\n', 1_000);
    expect(r.timedOut).toBe(true);
    expect(r.exitCode).toBeNull();
    // CPU time, or wall-clock time (4× the CPU limit) when the machine is too busy to give it the CPU.
    expect(r.stopped).toEqual({
      reason: 'cpu-time',
      message: expect.stringMatching(/more than (1 s of CPU time|4 s \(wall clock\))/),
    });
    expect(r.stderr).toContain('[sandbox] stopped: the program');
  });

  it('terminates a loop that swallows the interrupt', async () => {
    const r = await py(
      'while True:\n    try:\n        while True: pass\n    except BaseException:\n        pass\n',
      1_000,
    );
    expect(r.timedOut).toBe(true);
    expect(r.stopped?.reason).toBe('cpu-time');
  });

  it('refuses 2 GB: MemoryError past the memory limit, reported as stopped for memory', async () => {
    const [list, bytes] = await Promise.all([
      py('blocks = []\nfor _ in range(2048):\n    blocks.append(bytearray(1024 * 1024))\nprint("allocated 2 GB")\n'),
      py('data = bytearray(2 * 1024 ** 3)\nprint(len(data))\n'),
    ]);
    expect(list.stdout).toBe('');
    expect(list.stderr).toContain('MemoryError');
    expect(list.exitCode).toBe(1);
    expect(list.stopped).toEqual({ reason: 'memory', message: expect.stringMatching(/limit is 256 MB/) });
    // A single 2 GB object does not even fit the 32-bit WebAssembly address space.
    expect(bytes.exitCode).toBe(1);
    expect(bytes.stdout).toBe('');
    expect(bytes.stderr).toMatch(/OverflowError|MemoryError/);
  });

  it('refuses files that grow without end (in-memory files count against the memory limit)', async () => {
    const r = await py(
      'chunk = "x" * (10 * 1024 * 1024)\ni = 0\nwhile True:\n    with open(f"/tmp/f{i}.txt", "w") as f:\n        f.write(chunk)\n    i += 1\n',
    );
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('OSError: [Errno 51] No space left on device');
    expect(r.stopped).toEqual({
      reason: 'memory',
      message: expect.stringMatching(/in-memory files\); the limit is 256 MB/),
    });
  });

  it('cuts an output flood at 64 KB and stops the program', async () => {
    const r = await py('while True:\n    print("x" * 1000)\n');
    expect(Buffer.byteLength(r.stdout)).toBe(64 * 1024);
    expect(r.exitCode).toBeNull();
    expect(r.stopped).toEqual({ reason: 'output', message: expect.stringContaining('65536 bytes') });
  });

  it('ends a recursion bomb with RecursionError', async () => {
    const r = await py('def f():\n    return f()\nf()\n');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('RecursionError: maximum recursion depth exceeded');
    expect(r.stopped).toBeNull();
  });
});

describe('hostile JavaScript programs', { timeout: SLOW_MACHINE_MS }, () => {
  it('finds no network, host files, environment, processes or host objects', async () => {
    const r = await js(JS_PROBES);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    const got = lines(r.stdout);
    expect(got.net).toBe("net: Error: Cannot use module 'net': network access is disabled in the sandbox");
    expect(got.http).toBe("http: Error: Cannot use module 'http': network access is disabled in the sandbox");
    expect(got.fetch).toBe('fetch: TypeError: fetch failed: network access is disabled in the sandbox');
    expect(got.passwd).toBe("passwd: Error: ENOENT: no such file or directory, open '/etc/passwd'");
    expect(got.write_outside).toContain('EACCES: permission denied');
    expect(got.environ).toBe('environ: OK {}');
    expect(got.child_process).toContain("Cannot use module 'child_process': the sandbox cannot start processes");
    expect(got.worker_threads).toContain('cannot start processes or threads');
    expect(got.function_ctor).toBe('function_ctor: OK "function"');
    expect(got.host_globals).toBe(
      'host_globals: OK ["undefined","undefined","undefined","undefined","undefined","undefined"]',
    );
    expect(got.npm_package).toContain("Cannot find module 'lodash'");
    expect(r.stdout).toContain('Third-party packages are not installed in the sandbox');
  });

  it('stops an endless loop, even one inside try/catch, at its CPU limit', async () => {
    const r = await js('for (;;) {\n  try {\n    for (;;) {}\n  } catch (e) {}\n}\n', 1_000);
    expect(r.timedOut).toBe(true);
    expect(r.exitCode).toBeNull();
    expect(r.stopped).toEqual({
      reason: 'cpu-time',
      message: expect.stringMatching(/more than (1 s of CPU time|4 s \(wall clock\))/),
    });
  });

  it('stops an endless chain of promise jobs', async () => {
    const r = await js('function f() { Promise.resolve().then(f); }\nf();\n', 1_000);
    expect(r.timedOut).toBe(true);
    expect(r.stopped?.reason).toBe('cpu-time');
  });

  it('refuses 2 GB: out of memory at the limit', async () => {
    // The memory limit is under test, not the CPU limit (5 s; a request can only lower it). Filling
    // the default 256 MB in 16 MB chunks took about 7 s of wall time on an idle machine, and CI runs
    // stopped it for CPU time first (twice, with 1 MB and with 16 MB chunks). So this run lowers its
    // own memory limit to 64 MB (a request may lower a limit): the same allocator limit stops it, in
    // about 2 s. The 2 GB buffer below is refused at the default limit.
    const chunks = await sandbox.run({
      language: 'javascript',
      files: {
        'main.js':
          'const kept = [];\nfor (let i = 0; i < 128; i++) kept.push(new Uint8Array(16 * 1024 * 1024));\nconsole.log("allocated 2 GB");\n',
      },
      entry: 'main.js',
      limits: { memoryBytes: 64 * 1024 * 1024 },
    });
    const buffer = await js('const b = new ArrayBuffer(2 * 1024 ** 3);\nconsole.log(b.byteLength);\n');
    expect(chunks.stopped?.reason).toBe('memory');
    expect(chunks.stdout).toBe('');
    expect(chunks.exitCode).toBe(1);
    expect(chunks.stderr).toContain('out of memory');
    expect(chunks.stopped).toEqual({ reason: 'memory', message: expect.stringMatching(/limit is 64 MB/) });
    expect(buffer.exitCode).toBe(1);
    expect(buffer.stdout).toBe('');
    expect(buffer.stderr).toMatch(/RangeError|out of memory/);
  });

  it('refuses files that grow without end', async () => {
    const r = await js(
      'const fs = require("fs");\nconst chunk = "x".repeat(10 * 1024 * 1024);\nfor (let i = 0; ; i++) fs.writeFileSync("/tmp/f" + i, chunk + i);\n',
    );
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('out of memory');
    expect(r.stopped?.reason).toBe('memory');
  });

  it('cuts an output flood at 64 KB and stops the program', async () => {
    const r = await js('for (;;) console.log("x".repeat(1000));\n');
    expect(Buffer.byteLength(r.stdout)).toBe(64 * 1024);
    expect(r.stopped?.reason).toBe('output');
  });

  it('ends a recursion bomb with a short stack overflow report', async () => {
    const r = await js('function f() {\n  return f() + 1;\n}\nf();\n');
    expect(r.exitCode).toBe(1);
    expect(r.stopped).toBeNull();
    expect(r.stderr).toMatch(/stack overflow|Maximum call stack/);
    expect(r.stderr).toContain('/workspace/main.js:2');
    expect(r.stderr.length).toBeLessThan(2_000);
  });
});

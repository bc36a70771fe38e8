/**
 * What a program meets in the sandbox, in words a model can act on (for its system prompt).
 * Kept next to the implementation it describes: change both together.
 */
import { SANDBOX_LIMITS } from './types';

const mb = SANDBOX_LIMITS.memoryBytes / (1024 * 1024);
const kb = SANDBOX_LIMITS.outputBytes / 1024;
const s = SANDBOX_LIMITS.cpuMs / 1000;

/** The sandbox's capabilities and gaps, for a model writing and running code (plain text). */
export const SANDBOX_RUNTIME_NOTES = `The sandbox that runs programs (run_program) is WebAssembly in a worker thread, not a real machine:
- Languages: Python 3 (Pyodide: CPython with its standard library), JavaScript (QuickJS, ES2023) and TypeScript (types are stripped, not checked). Go, Rust, shell and other files are delivered but never executed.
- No network (sockets, HTTP and fetch fail), no third-party packages (nothing can be installed: no numpy, requests, pytest, lodash, express...), no environment variables, no child processes (subprocess, os.system, child_process fail), no host files. The program sees only the workspace, in memory, as its working directory /workspace; files it creates or changes there are returned.
- Limits per run: ${s} s of CPU time, ${mb} MB of memory, ${kb} KB of output (stdout + stderr). Past a limit the run is stopped and the reason is added to stderr.
- run_program args become sys.argv[1:] / process.argv.slice(2); stdin is the text given, then end of file.
Python: runs like \`python <file>\` with the standard library only; imports between workspace files work (the entry's folder, then the workspace root, are on sys.path); input() and sys.stdin read stdin; sys.exit(n) sets the exit code; an uncaught exception prints its traceback and exits 1; asyncio works (timers, no sockets). A file named test_*.py or *_test.py runs like \`python -m unittest <file>\`: its unittest.TestCase tests and its top-level test_* functions (plain assert) run; exit 0 when all pass, 1 when one fails, 5 when none ran.
JavaScript/TypeScript: a Node-like runtime. require() and import/export (CommonJS and ES modules, top-level await, import.meta.url) between workspace files (./x, ./x.js, ./x.ts). Built-in modules: fs (readFileSync, writeFileSync, existsSync, readdirSync, mkdirSync... plus callback and promise forms; data is text, there is no Buffer), path, assert and assert/strict, node:test (test/it/describe, hooks; a failing test sets exit code 1), events, readline, util, url, os, timers, perf_hooks, crypto (randomUUID, randomInt, getRandomValues). Not available: Buffer, http, net, child_process, worker_threads, zlib, stream. console.log/error, process.argv, process.exit(n), process.exitCode, process.stdout.write; read stdin with fs.readFileSync(0, 'utf8'), process.stdin 'data'/'end' events or readline. An uncaught error prints its stack and exits 1; an unhandled promise rejection is NOT detected, so await your async work (or use .catch).
Tests: write them next to the code (test_<name>.py, or <name>.test.js using node:test or assert) and run the test file with run_program; exit code 0 means they passed.`;

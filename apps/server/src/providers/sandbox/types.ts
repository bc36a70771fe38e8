/**
 * The code sandbox contract (DESIGN §8): generated code — a model's or an embedded template's — runs
 * only here, inside WebAssembly runtimes in worker threads (Pyodide for Python, QuickJS for
 * JavaScript/TypeScript). A run sees only its workspace (in memory), no network, no host files, no
 * environment and no child processes, under hard CPU, memory and output limits.
 */

/** Languages the sandbox executes. Other languages (Go, Rust, shell…) are delivered "not executed". */
export type SandboxLanguage = 'python' | 'javascript' | 'typescript';

/** Hard limits of one run. */
export interface SandboxLimits {
  /** CPU time of the run in ms (the worker is stopped past it; reported as `timedOut`). */
  cpuMs: number;
  /** Memory the run may use, in bytes (WASM heap growth past it fails inside the program). */
  memoryBytes: number;
  /** stdout + stderr kept, in bytes; the rest is cut and the run reported as `stopped: 'output'`. */
  outputBytes: number;
}

/** The limits every run gets unless a caller asks for less: 5 s CPU, 256 MB, 64 KB of output. */
export const SANDBOX_LIMITS: SandboxLimits = {
  cpuMs: 5_000,
  memoryBytes: 256 * 1024 * 1024,
  outputBytes: 64 * 1024,
};

/** One run of one file of a workspace. */
export interface SandboxRunRequest {
  language: SandboxLanguage;
  /** The workspace: relative POSIX path → UTF-8 content. Mounted in memory; nothing else is visible. */
  files: Record<string, string>;
  /** Relative path (a key of `files`) of the program to run. */
  entry: string;
  /** Arguments (`sys.argv[1:]` / `process.argv.slice(2)` / `scriptArgs`). */
  args?: string[];
  /** Text fed to standard input. */
  stdin?: string;
  /** At most these limits (each capped by {@link SANDBOX_LIMITS}). */
  limits?: Partial<SandboxLimits>;
  /** Aborts the run (the worker is terminated). */
  signal?: AbortSignal;
}

/** Why the sandbox stopped a run before the program ended by itself. */
export type SandboxStopReason = 'cpu-time' | 'memory' | 'output' | 'aborted' | 'crash';

/** What a run did. Never throws for anything the program does; only for a bad request. */
export interface SandboxRunResult {
  /** The program's exit code; null when the sandbox stopped it. */
  exitCode: number | null;
  /** Standard output, cut at the output limit. */
  stdout: string;
  /** Standard error (tracebacks, uncaught errors, the sandbox's own "stopped" message). */
  stderr: string;
  /** true when the run hit its CPU-time limit. */
  timedOut: boolean;
  /** Set when the sandbox stopped the run, with a sentence saying why. */
  stopped: { reason: SandboxStopReason; message: string } | null;
  /** Workspace files the program created or changed (relative path → content), within limits. */
  changedFiles: Record<string, string>;
  /** Wall-clock duration of the run in ms (for display and benchmarks; never hashed). */
  durationMs: number;
}

/** The sandbox as the rest of the server sees it. */
export interface Sandbox {
  /** Reported by health and in evidence, e.g. 'wasm-sandbox (pyodide 0.x, quickjs-emscripten 0.x)'. */
  readonly name: string;
  /** Which language a workspace path runs as, or null when the sandbox cannot execute it. */
  languageOf(path: string): SandboxLanguage | null;
  /** Runs one program; see {@link SandboxRunResult}. Throws only on a bad request (missing entry…). */
  run(req: SandboxRunRequest): Promise<SandboxRunResult>;
  /** Stops idle workers and releases their memory (they start again on the next run). */
  release(): Promise<void>;
}

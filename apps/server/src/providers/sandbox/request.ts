/**
 * Checks a {@link SandboxRunRequest} before anything runs: a bad request throws
 * {@link SandboxRequestError} (in words) and starts no worker. Also maps file names to languages.
 */
import { SANDBOX_LIMITS, type SandboxLanguage, type SandboxLimits, type SandboxRunRequest } from './types';

/** At most this many files in a workspace. */
export const MAX_WORKSPACE_FILES = 500;
/** At most this many bytes (UTF-8) in all files of a workspace together. */
export const MAX_WORKSPACE_BYTES = 5 * 1024 * 1024;
/** At most this many bytes of standard input. */
export const MAX_STDIN_BYTES = 1024 * 1024;
/** At most this many program arguments, each at most {@link MAX_ARG_CHARS} characters. */
export const MAX_ARGS = 100;
export const MAX_ARG_CHARS = 10_000;

/** A run request the sandbox refuses (the message says why); nothing was run. */
export class SandboxRequestError extends Error {
  override name = 'SandboxRequestError';
}

const EXTENSIONS: Record<string, SandboxLanguage> = {
  py: 'python',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
};

/** The language a workspace path runs as, by extension; null when the sandbox cannot run it. */
export function languageOf(path: string): SandboxLanguage | null {
  const dot = path.lastIndexOf('.');
  // A name is needed before the extension: ".py" alone is a dotfile, not a Python file.
  if (dot <= path.lastIndexOf('/') + 1) return null;
  return EXTENSIONS[path.slice(dot + 1).toLowerCase()] ?? null;
}

/** Which runtime a language runs in (TypeScript runs as JavaScript once its types are stripped). */
export function runtimeOf(language: SandboxLanguage): 'python' | 'javascript' {
  return language === 'python' ? 'python' : 'javascript';
}

/** Why `path` is not a safe relative POSIX path inside the workspace, or null when it is. */
export function workspacePathProblem(path: string): string | null {
  if (typeof path !== 'string' || path.length === 0) return 'is empty';
  if (path.length > 255) return 'is longer than 255 characters';
  if (path.startsWith('/')) return 'is absolute (paths are relative to the workspace)';
  if (path.includes('\\')) return 'contains a backslash (use /)';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f]/.test(path)) return 'contains a control character';
  const parts = path.split('/');
  if (parts.some((p) => p === '..')) return 'leaves the workspace (..)';
  if (parts.some((p) => p === '' || p === '.')) return 'has an empty or "." segment';
  return null;
}

/** The limits of a run: each requested limit capped by {@link SANDBOX_LIMITS}. */
export function effectiveLimits(requested: Partial<SandboxLimits> | undefined): SandboxLimits {
  const pick = (key: keyof SandboxLimits): number => {
    const value = requested?.[key];
    if (value === undefined) return SANDBOX_LIMITS[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new SandboxRequestError(`limits.${key} must be a positive number (got ${String(value)})`);
    }
    return Math.min(Math.floor(value), SANDBOX_LIMITS[key]);
  };
  return { cpuMs: pick('cpuMs'), memoryBytes: pick('memoryBytes'), outputBytes: pick('outputBytes') };
}

/**
 * Validates a request and returns its normalised parts.
 * @throws SandboxRequestError when the language, files, entry, args, stdin or limits are wrong
 */
export function checkRequest(req: SandboxRunRequest): {
  runtime: 'python' | 'javascript';
  files: Record<string, string>;
  entry: string;
  args: string[];
  stdin: string;
  limits: SandboxLimits;
} {
  if (!req || typeof req !== 'object') throw new SandboxRequestError('the run request must be an object');
  const { language, files, entry } = req;
  if (language !== 'python' && language !== 'javascript' && language !== 'typescript') {
    throw new SandboxRequestError(`the sandbox runs python, javascript and typescript, not "${String(language)}"`);
  }
  if (!files || typeof files !== 'object' || Array.isArray(files)) {
    throw new SandboxRequestError('files must be an object of relative path → text');
  }
  const entries = Object.entries(files);
  if (entries.length > MAX_WORKSPACE_FILES) {
    throw new SandboxRequestError(`the workspace has ${entries.length} files; at most ${MAX_WORKSPACE_FILES}`);
  }
  let total = 0;
  for (const [path, content] of entries) {
    const problem = workspacePathProblem(path);
    if (problem) throw new SandboxRequestError(`file path "${path}" ${problem}`);
    if (typeof content !== 'string') throw new SandboxRequestError(`file "${path}" must be text`);
    total += Buffer.byteLength(content, 'utf8');
  }
  if (total > MAX_WORKSPACE_BYTES) {
    throw new SandboxRequestError(`the workspace holds ${total} bytes; at most ${MAX_WORKSPACE_BYTES}`);
  }
  if (typeof entry !== 'string' || !Object.hasOwn(files, entry)) {
    throw new SandboxRequestError(`the entry "${String(entry)}" is not a file of the workspace`);
  }
  const entryLanguage = languageOf(entry);
  if (entryLanguage === null || runtimeOf(entryLanguage) !== runtimeOf(language)) {
    throw new SandboxRequestError(`the entry "${entry}" is not a ${language} file`);
  }
  const args = req.args ?? [];
  if (!Array.isArray(args) || args.some((a) => typeof a !== 'string')) {
    throw new SandboxRequestError('args must be an array of strings');
  }
  if (args.length > MAX_ARGS || args.some((a) => a.length > MAX_ARG_CHARS)) {
    throw new SandboxRequestError(`at most ${MAX_ARGS} args of at most ${MAX_ARG_CHARS} characters each`);
  }
  const stdin = req.stdin ?? '';
  if (typeof stdin !== 'string') throw new SandboxRequestError('stdin must be text');
  if (Buffer.byteLength(stdin, 'utf8') > MAX_STDIN_BYTES) {
    throw new SandboxRequestError(`stdin is longer than ${MAX_STDIN_BYTES} bytes`);
  }
  return { runtime: runtimeOf(language), files, entry, args, stdin, limits: effectiveLimits(req.limits) };
}

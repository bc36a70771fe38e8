/**
 * Run requests are checked before anything starts: bad ones throw SandboxRequestError in words.
 */
import { describe, expect, it } from 'vitest';
import { checkRequest, effectiveLimits, languageOf, SandboxRequestError, workspacePathProblem } from './request';
import { SANDBOX_LIMITS, type SandboxRunRequest } from './types';

const ok: SandboxRunRequest = { language: 'python', files: { 'main.py': 'print(1)' }, entry: 'main.py' };
const refused = (req: unknown) => () => checkRequest(req as SandboxRunRequest);

describe('languageOf', () => {
  it('maps executable extensions and leaves the rest "not executed"', () => {
    expect(languageOf('main.py')).toBe('python');
    expect(languageOf('src/app.js')).toBe('javascript');
    expect(languageOf('lib/x.mjs')).toBe('javascript');
    expect(languageOf('lib/x.cjs')).toBe('javascript');
    expect(languageOf('index.ts')).toBe('typescript');
    expect(languageOf('a/b.MTS')).toBe('typescript');
    for (const other of ['main.go', 'src/main.rs', 'run.sh', 'README.md', 'Makefile', 'dir.py/file', '.py']) {
      expect(languageOf(other)).toBeNull();
    }
  });
});

describe('checkRequest', () => {
  it('accepts a good request and fills in args, stdin and the default limits', () => {
    expect(checkRequest(ok)).toEqual({
      runtime: 'python',
      files: ok.files,
      entry: 'main.py',
      args: [],
      stdin: '',
      limits: SANDBOX_LIMITS,
    });
    expect(checkRequest({ ...ok, language: 'typescript', files: { 'a.ts': '' }, entry: 'a.ts' }).runtime).toBe(
      'javascript',
    );
  });

  it('refuses unknown languages, missing or mismatched entries', () => {
    expect(refused({ ...ok, language: 'go' })).toThrow(/runs python, javascript and typescript, not "go"/);
    expect(refused({ ...ok, entry: 'other.py' })).toThrow(/entry "other.py" is not a file of the workspace/);
    expect(refused({ ...ok, language: 'javascript' })).toThrow(/"main.py" is not a javascript file/);
    expect(refused({ ...ok, files: null })).toThrow(SandboxRequestError);
  });

  it('refuses paths that leave the workspace or are not plain relative paths', () => {
    for (const path of ['/etc/passwd', '../x.py', 'a/../../x.py', 'a\\b.py', 'a//b.py', './a.py', '', 'a\u0000.py']) {
      expect(workspacePathProblem(path), path).not.toBeNull();
      expect(refused({ ...ok, files: { ...ok.files, [path]: 'x' } }), path).toThrow(SandboxRequestError);
    }
    expect(workspacePathProblem('pkg/sub/mod.py')).toBeNull();
  });

  it('refuses oversized workspaces, stdin and args, and non-text content', () => {
    const many = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`f${i}.py`, '']));
    expect(refused({ ...ok, files: { ...many, 'main.py': '' } })).toThrow(/at most 500/);
    expect(refused({ ...ok, files: { 'main.py': 'x'.repeat(5 * 1024 * 1024 + 1) } })).toThrow(/bytes; at most/);
    expect(refused({ ...ok, stdin: 'x'.repeat(1024 * 1024 + 1) })).toThrow(/stdin is longer/);
    expect(refused({ ...ok, args: ['a', 3] })).toThrow(/args must be an array of strings/);
    expect(refused({ ...ok, files: { 'main.py': 42 } })).toThrow(/must be text/);
  });
});

describe('effectiveLimits', () => {
  it('caps each asked limit at the sandbox maximum and refuses nonsense', () => {
    expect(effectiveLimits({ cpuMs: 1_000 })).toEqual({ ...SANDBOX_LIMITS, cpuMs: 1_000 });
    expect(effectiveLimits({ cpuMs: 60_000, memoryBytes: 2 ** 40, outputBytes: 10 ** 9 })).toEqual(SANDBOX_LIMITS);
    expect(() => effectiveLimits({ cpuMs: 0 })).toThrow(/positive number/);
    expect(() => effectiveLimits({ memoryBytes: Number.NaN })).toThrow(/positive number/);
  });
});

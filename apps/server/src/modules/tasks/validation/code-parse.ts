/**
 * "Every file parses": Python files are compiled by CPython's own `compile()` inside the sandbox;
 * JavaScript is parsed with acorn, TypeScript (and JSX/TSX) with the TypeScript compiler's parser,
 * JSON with JSON.parse — all in-process, nothing of the project runs. Go and Rust are never executed:
 * their brackets, braces and parentheses are checked to balance (a static check only); shell is
 * delivered unparsed.
 */
import type { ValidationCheck } from '@app/domain/task-validation';
import { parse as parseJs } from 'acorn';
import type { Sandbox } from '../../../providers/sandbox/types';
import { check, describeRun, excerpt, extensionOf, listWords } from './checks';

/** What one file's parse found: ok, the first error in words, or that it cannot be parsed here. */
type FileParse = { path: string; result: 'ok' | 'error' | 'static-ok' | 'unparsed'; note: string };

const JS = new Set(['js', 'mjs', 'cjs']);
const TS = new Set(['ts', 'mts', 'cts', 'tsx', 'jsx']);
const STATIC = new Map([
  ['go', 'Go'],
  ['rs', 'Rust'],
]);
const SHELL = new Set(['sh', 'bash', 'zsh']);

/**
 * The Python program that compiles each file named on stdin (one path a line) and reports per file.
 * It imports only `sys` (built in), so a delivered json.py or similar cannot stand in for a module.
 */
const PY_COMPILE_DRIVER = `import sys
bad = 0
for path in sys.stdin.read().splitlines():
    try:
        with open(path, encoding="utf-8") as f:
            compile(f.read(), path, "exec", dont_inherit=True)
        print(path + ": ok")
    except SyntaxError as e:
        bad += 1
        print("%s:%s: %s: %s" % (path, e.lineno, type(e).__name__, e.msg))
sys.exit(1 if bad else 0)
`;

/** A workspace path not taken by the project's files, for a validator's own program. */
export function freePath(files: Record<string, string>, base: string, ext: string): string {
  let p = `${base}.${ext}`;
  for (let i = 2; p in files; i++) p = `${base}_${i}.${ext}`;
  return p;
}

function parseJavaScript(path: string, src: string): FileParse {
  const options = {
    ecmaVersion: 'latest' as const,
    allowHashBang: true,
    allowAwaitOutsideFunction: true,
    allowReturnOutsideFunction: true,
  };
  try {
    parseJs(src, { ...options, sourceType: extensionOf(path) === 'cjs' ? 'script' : 'module' });
    return { path, result: 'ok', note: `${path}: ok` };
  } catch (moduleError) {
    try {
      parseJs(src, { ...options, sourceType: 'script' });
      return { path, result: 'ok', note: `${path}: ok (script)` };
    } catch {
      return { path, result: 'error', note: `${path}: SyntaxError: ${(moduleError as Error).message}` };
    }
  }
}

async function parseTypeScript(path: string, src: string): Promise<FileParse> {
  const ts = (await import('typescript')).default;
  const out = ts.transpileModule(src, {
    fileName: path,
    reportDiagnostics: true,
    compilerOptions: { jsx: ts.JsxEmit.Preserve, target: ts.ScriptTarget.ESNext },
  });
  const first = out.diagnostics?.[0];
  if (!first) return { path, result: 'ok', note: `${path}: ok` };
  const text = ts.flattenDiagnosticMessageText(first.messageText, ' ');
  const at = first.file && first.start !== undefined ? first.file.getLineAndCharacterOfPosition(first.start) : null;
  return {
    path,
    result: 'error',
    note: `${path}${at ? `:${at.line + 1}:${at.character + 1}` : ''}: error TS${first.code}: ${text}`,
  };
}

/**
 * Whether (), [] and {} balance in Go or Rust source, skipping comments, strings and character
 * literals. @returns null when they balance, else the first problem with its line
 */
export function delimiterProblem(src: string, language: 'Go' | 'Rust'): string | null {
  const stack: { c: string; line: number }[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  let line = 1;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    const next = src[i + 1];
    if (c === '\n') line++;
    else if (c === '/' && next === '/') {
      while (i < src.length && src[i] !== '\n') i++;
      line++;
    } else if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      const body = src.slice(i, end === -1 ? src.length : end);
      line += body.split('\n').length - 1;
      i = end === -1 ? src.length : end + 1;
    } else if (c === '"' || (c === '`' && language === 'Go')) {
      let j = i + 1;
      for (; j < src.length && src[j] !== c; j++) {
        if (src[j] === '\\' && c === '"') j++;
        else if (src[j] === '\n') line++;
      }
      i = j;
    } else if (c === "'") {
      // a character literal ('x', '\n', '\u{1F600}'); a Rust lifetime ('a) is not one
      const m = /^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^'\\\n])'/u.exec(src.slice(i, i + 14));
      if (m) i += m[0].length - 1;
    } else if (c === '(' || c === '[' || c === '{') stack.push({ c, line });
    else if (c in pairs) {
      const open = stack.pop();
      if (!open) return `line ${line}: '${c}' closes nothing`;
      if (open.c !== pairs[c]) return `line ${line}: '${c}' closes '${open.c}' opened on line ${open.line}`;
    }
  }
  const open = stack.pop();
  return open ? `line ${open.line}: '${open.c}' is never closed` : null;
}

/**
 * Parses every source file of a project. @returns the check `code.parses`: passed when every file
 * that can be parsed here parses (and at least one can), failed at the first that does not,
 * not checked when the project has no file this validator can parse.
 */
export async function parseCheck(files: Record<string, string>, sandbox: Sandbox): Promise<ValidationCheck> {
  const parses: FileParse[] = [];
  const python: string[] = [];
  for (const [path, src] of Object.entries(files)) {
    const ext = extensionOf(path);
    if (ext === 'py') python.push(path);
    else if (JS.has(ext)) parses.push(parseJavaScript(path, src));
    else if (TS.has(ext)) parses.push(await parseTypeScript(path, src));
    else if (ext === 'json') {
      try {
        JSON.parse(src);
        parses.push({ path, result: 'ok', note: `${path}: ok` });
      } catch (e) {
        parses.push({ path, result: 'error', note: `${path}: ${(e as Error).message}` });
      }
    } else if (STATIC.has(ext)) {
      const language = STATIC.get(ext) as 'Go' | 'Rust';
      const problem = delimiterProblem(src, language);
      parses.push(
        problem
          ? { path, result: 'error', note: `${path}: ${problem} (static check; ${language} is not executed)` }
          : {
              path,
              result: 'static-ok',
              note: `${path}: brackets balance (static check only; ${language} is not executed)`,
            },
      );
    } else if (SHELL.has(ext)) {
      parses.push({ path, result: 'unparsed', note: `${path}: shell is not parsed or executed (delivered as is)` });
    }
  }
  const notes: string[] = [];
  let pythonFailed = false;
  if (python.length) {
    const driver = freePath(files, '_validator_compile', 'py');
    const run = await sandbox.run({
      language: 'python',
      files: { ...files, [driver]: PY_COMPILE_DRIVER },
      entry: driver,
      stdin: python.join('\n'),
    });
    if (run.exitCode === 0 || run.exitCode === 1) {
      pythonFailed = run.exitCode === 1;
      // errors first, so the excerpt keeps them
      const lines = run.stdout.split('\n').filter(Boolean);
      notes.push(
        excerpt([...lines.filter((l) => !l.endsWith(': ok')), ...lines.filter((l) => l.endsWith(': ok'))].join('\n')),
      );
    } else {
      pythonFailed = true;
      notes.push(`Python files could not be compiled in the sandbox: ${describeRun(run)}`);
    }
  }
  for (const p of parses) notes.push(p.note);
  const description = 'Every source file parses (Python compiled in the sandbox, JavaScript/TypeScript/JSON parsed)';
  const failed = pythonFailed || parses.some((p) => p.result === 'error');
  const parsed = python.length + parses.filter((p) => p.result !== 'unparsed').length;
  if (failed) return check('code.parses', description, 'failed', notes.join('\n'));
  if (parsed === 0) {
    const evidence = notes.length ? notes.join('\n') : 'the project has no source file this validator can parse';
    return check('code.parses', description, 'not_checked', evidence);
  }
  const skipped = parses.filter((p) => p.result === 'unparsed').map((p) => p.path);
  if (skipped.length) notes.push(`not parsed: ${listWords(skipped)}`);
  return check('code.parses', description, 'passed', notes.join('\n'));
}

/**
 * The checks of a code project (DESIGN §8): every file parses, the entry point runs to exit code 0
 * in the sandbox, the project's own tests pass, and the request is met (an acceptance test written
 * by a separate validator model call, see acceptance.ts).
 */
import type { ValidationCheck } from '@app/domain/task-validation';
import { SandboxRequestError } from '../../../providers/sandbox/request';
import type { Sandbox, SandboxLanguage } from '../../../providers/sandbox/types';
import type { TaskModel, TaskWork } from '../task-types';
import { type AcceptanceTest, acceptanceCheck } from './acceptance';
import { baseName, check, describeRun, extensionOf } from './checks';
import { parseCheck } from './code-parse';

/** At most this many test files are run (the rest are named in the evidence). */
export const MAX_TEST_FILES = 6;

const LANGUAGE_NAMES: Record<string, string> = {
  go: 'Go',
  rs: 'Rust',
  sh: 'shell',
  bash: 'shell',
  rb: 'Ruby',
  java: 'Java',
  c: 'C',
  cpp: 'C++',
};

/** The language of a file in words, for "not executed" evidence. */
function languageName(path: string): string {
  const ext = extensionOf(path);
  return LANGUAGE_NAMES[ext] ?? (ext ? `.${ext}` : 'this kind of file');
}

/** Test files of a project: test_*.py, *_test.py, *.test.js/ts, *.spec.js/ts, and JS/TS under test(s)/. */
export function testFiles(files: Record<string, string>, sandbox: Sandbox): string[] {
  return Object.keys(files)
    .filter((p) => {
      const lang = sandbox.languageOf(p);
      if (!lang) return false;
      const name = baseName(p);
      if (lang === 'python') return /^test_.+\.py$|^.+_test\.py$/.test(name);
      return /\.(?:test|spec)\.[cm]?[jt]s$/.test(name) || /(?:^|\/)(?:tests?|__tests__)\/[^/]+$/.test(p);
    })
    .sort();
}

async function entryCheck(work: TaskWork, files: Record<string, string>, sandbox: Sandbox): Promise<ValidationCheck> {
  const entry = work.entry ?? null;
  const id = 'code.entry-runs';
  if (!entry) {
    return check(
      id,
      'The entry point runs to exit code 0 in the sandbox',
      'not_checked',
      'the project names no entry point',
    );
  }
  const description = `The entry point ${entry} runs to exit code 0 in the sandbox`;
  if (!(entry in files)) return check(id, description, 'failed', `${entry} is not among the delivered files`);
  const language = sandbox.languageOf(entry);
  if (!language) {
    return check(
      id,
      description,
      'not_checked',
      `${entry}: ${languageName(entry)} is not executed in the sandbox (static checks only)`,
    );
  }
  const run = await sandbox.run({ language, files, entry, args: [], stdin: '' });
  return check(id, description, run.exitCode === 0 ? 'passed' : 'failed', describeRun(run));
}

async function testsCheck(files: Record<string, string>, sandbox: Sandbox): Promise<ValidationCheck> {
  const id = 'code.tests-pass';
  const description = "The project's own tests pass in the sandbox";
  const tests = testFiles(files, sandbox);
  if (tests.length === 0) {
    const unrunnable = Object.keys(files).filter(
      (p) => /(?:^|\/|_)tests?(?:[_./]|$)/i.test(p) && !sandbox.languageOf(p),
    );
    if (unrunnable.length) {
      return check(
        id,
        description,
        'not_checked',
        `${unrunnable.join(', ')}: not executed in the sandbox (static checks only)`,
      );
    }
    return check(id, description, 'failed', 'the project has no tests (test_*.py, *_test.py, *.test.js, *.test.ts…)');
  }
  const evidence: string[] = [];
  let allPassed = true;
  for (const path of tests.slice(0, MAX_TEST_FILES)) {
    const run = await sandbox.run({
      language: sandbox.languageOf(path) as SandboxLanguage,
      files,
      entry: path,
      stdin: '',
    });
    const passed = run.exitCode === 0;
    allPassed &&= passed;
    const none = run.exitCode === 5 && extensionOf(path) === 'py' ? ' (no tests ran)' : '';
    evidence.push(`${path}: ${passed ? 'passed' : 'failed'}${none}\n${describeRun(run, true)}`);
  }
  if (tests.length > MAX_TEST_FILES)
    evidence.push(`not run (more than ${MAX_TEST_FILES} test files): ${tests.slice(MAX_TEST_FILES).join(', ')}`);
  return check(id, description, allPassed ? 'passed' : 'failed', evidence.join('\n\n'));
}

/**
 * Runs a check; a workspace the sandbox refuses to run (too many or too large files, a bad path)
 * fails the check with the sandbox's reason instead of failing the whole validation.
 */
async function refusedAs(
  id: string,
  description: string,
  run: () => Promise<ValidationCheck>,
): Promise<ValidationCheck> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof SandboxRequestError)) throw err;
    return check(id, description, 'failed', `the sandbox refused to run the project: ${err.message}`);
  }
}

/** The checks of a code project and the acceptance test the validator model wrote (null without one). */
export async function checkCodeProject(p: {
  request: string;
  work: TaskWork;
  model: TaskModel | null;
  sandbox: Sandbox;
  signal?: AbortSignal;
}): Promise<{ checks: ValidationCheck[]; acceptanceTest: AcceptanceTest | null }> {
  const files = p.work.files ?? {};
  if (Object.keys(files).length === 0) {
    const none = 'no files were delivered';
    return {
      checks: [
        check('code.parses', 'Every source file parses', 'failed', none),
        check('code.entry-runs', 'The entry point runs to exit code 0 in the sandbox', 'failed', none),
        check('code.tests-pass', "The project's own tests pass in the sandbox", 'failed', none),
        check('code.request-met', 'The request is met (an acceptance test written from the request)', 'failed', none),
      ],
      acceptanceTest: null,
    };
  }
  const parses = await refusedAs('code.parses', 'Every source file parses', () => parseCheck(files, p.sandbox));
  const entry = await refusedAs('code.entry-runs', 'The entry point runs to exit code 0 in the sandbox', () =>
    entryCheck(p.work, files, p.sandbox),
  );
  const tests = await refusedAs('code.tests-pass', "The project's own tests pass in the sandbox", () =>
    testsCheck(files, p.sandbox),
  );
  let acceptanceTest: AcceptanceTest | null = null;
  const acceptance = await refusedAs('code.request-met', 'The request is met (an acceptance test)', async () => {
    const r = await acceptanceCheck({ ...p, files });
    acceptanceTest = r.test;
    return r.check;
  });
  return { checks: [parses, entry, tests, acceptance], acceptanceTest };
}

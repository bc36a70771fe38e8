/**
 * "The request is met": a separate validator call to the configured model — which sees only the
 * request and the delivered files' names, never their content or the producer's account — writes
 * one acceptance test through the tool `write_test({ path, content })`. The test then runs once in
 * the sandbox beside the delivered files; exit code 0 passes the check. Without a model the check
 * is "not checked".
 */
import type { ValidationCheck } from '@app/domain/task-validation';
import { generateText, hasToolCall, stepCountIs, tool } from 'ai';
import { z } from 'zod';
import { SANDBOX_RUNTIME_NOTES } from '../../../providers/sandbox/notes';
import { workspacePathProblem } from '../../../providers/sandbox/request';
import type { Sandbox, SandboxLanguage } from '../../../providers/sandbox/types';
import type { TaskModel, TaskWork } from '../task-types';
import { check, describeRun } from './checks';

/** The acceptance test the validator model wrote (published with the evidence, to re-run it). */
export interface AcceptanceTest {
  path: string;
  content: string;
  /** "model gpt-4.1 via openai" */
  writtenBy: string;
}

/** At most this many bytes of acceptance test. */
export const ACCEPTANCE_TEST_MAX_BYTES = 64 * 1024;
/** The validator call gives up after this long (ms). */
export const ACCEPTANCE_TIMEOUT_MS = 90_000;

const ID = 'code.request-met';
const DESCRIPTION = 'The request is met: an acceptance test written from the request alone passes in the sandbox';

function systemPrompt(language: SandboxLanguage, entry: string | null): string {
  const how =
    language === 'python'
      ? `Write it in Python as test_acceptance.py with unittest (standard library only). To check what the program prints, run it in-process: set sys.argv, redirect stdout with contextlib.redirect_stdout(io.StringIO()), call runpy.run_path(${JSON.stringify(entry ?? 'main.py')}, run_name="__main__") and catch SystemExit. To test functions, import the module by its file name.`
      : `Write it in ${language === 'typescript' ? 'TypeScript or JavaScript' : 'JavaScript'} as acceptance.test.js with node:test and node:assert. To check what the program prints, replace console.log with a function that collects its arguments, set process.argv, then require(${JSON.stringify(`./${entry ?? 'index.js'}`)}); restore console.log afterwards. To test functions, require the module.`;
  return `You are an independent validator. A task asked an AI agent for a program; you never see its code. From the request and the names of the delivered files only, write ONE acceptance test that passes if and only if the delivered program does what the request asks. Test the observable behaviour the request names (the output, the values, the files written); do not test style. Call the tool write_test exactly once with the test file, then stop.
${how}
The test runs in this sandbox, beside the delivered files:
${SANDBOX_RUNTIME_NOTES}`;
}

/**
 * The `code.request-met` check. @returns the check and the test that was run (null when none ran)
 */
export async function acceptanceCheck(p: {
  request: string;
  work: TaskWork;
  files: Record<string, string>;
  model: TaskModel | null;
  sandbox: Sandbox;
  signal?: AbortSignal;
}): Promise<{ check: ValidationCheck; test: AcceptanceTest | null }> {
  if (!p.model)
    return {
      check: check(ID, DESCRIPTION, 'not_checked', 'no model configured to write an acceptance test'),
      test: null,
    };
  const entry = p.work.entry && p.work.entry in p.files ? p.work.entry : null;
  const language =
    (entry ? p.sandbox.languageOf(entry) : null) ??
    Object.keys(p.files)
      .map((f) => p.sandbox.languageOf(f))
      .find((l) => l !== null) ??
    null;
  if (!language) {
    const evidence =
      'none of the delivered files is executed in the sandbox (static checks only), so no acceptance test can run';
    return { check: check(ID, DESCRIPTION, 'not_checked', evidence), test: null };
  }
  const writtenBy = `model ${p.model.model} via ${p.model.provider}`;
  let written: { path: string; content: string } | null = null;
  const writeTest = tool({
    description: 'Saves the acceptance test file. It runs once, after you stop, beside the delivered files.',
    inputSchema: z.object({
      path: z.string().describe('Relative path of the test file, e.g. test_acceptance.py or acceptance.test.js'),
      content: z.string().describe('The whole test file'),
    }),
    execute: async ({ path, content }) => {
      const problem = workspacePathProblem(path);
      if (problem) return `refused: the path ${problem}`;
      if (path in p.files) return `refused: ${path} is a delivered file; choose another name`;
      if (!p.sandbox.languageOf(path)) return 'refused: the test must be a .py, .js or .ts file';
      if (Buffer.byteLength(content) > ACCEPTANCE_TEST_MAX_BYTES)
        return `refused: over ${ACCEPTANCE_TEST_MAX_BYTES} bytes`;
      written = { path, content };
      return 'saved; it will run after you stop';
    },
  });
  const timeout = AbortSignal.timeout(ACCEPTANCE_TIMEOUT_MS);
  try {
    await generateText({
      model: p.model.languageModel,
      system: systemPrompt(language, entry),
      prompt: `The request:\n${p.request || '(empty: a starter project)'}\n\nDelivered files:\n${Object.keys(p.files)
        .sort()
        .map((f) => `- ${f}`)
        .join('\n')}\n${entry ? `Entry point: ${entry}\n` : ''}`,
      tools: { write_test: writeTest },
      stopWhen: [hasToolCall('write_test'), stepCountIs(3)],
      maxOutputTokens: 8_000,
      abortSignal: p.signal ? AbortSignal.any([p.signal, timeout]) : timeout,
    });
  } catch (err) {
    const why = timeout.aborted ? `no answer within ${ACCEPTANCE_TIMEOUT_MS / 1000} s` : (err as Error).message;
    return {
      check: check(ID, DESCRIPTION, 'not_checked', `the validator model (${writtenBy}) failed: ${why}`),
      test: null,
    };
  }
  const test = written as { path: string; content: string } | null;
  if (!test) {
    return {
      check: check(ID, DESCRIPTION, 'not_checked', `the validator model (${writtenBy}) wrote no acceptance test`),
      test: null,
    };
  }
  const run = await p.sandbox.run({
    language: p.sandbox.languageOf(test.path) as SandboxLanguage,
    files: { ...p.files, [test.path]: test.content },
    entry: test.path,
    stdin: '',
  });
  const evidence = `acceptance test ${test.path}, written by ${writtenBy} from the request and the file names: ${describeRun(run, true)}`;
  return {
    check: check(ID, DESCRIPTION, run.exitCode === 0 ? 'passed' : 'failed', evidence),
    test: { ...test, writtenBy },
  };
}

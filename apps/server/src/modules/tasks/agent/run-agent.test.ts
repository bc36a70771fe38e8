/**
 * The agent loop driven by the AI SDK's mock model, per task type: tools write, run and finish;
 * an unknown tool, a path outside the workspace, a limit and a run that never finishes end it with
 * the reason in words; a provider error reaches the caller with the provider's message.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { APICallError } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, describe, expect, it } from 'vitest';
import { ProceduralImageProvider } from '../../../providers/images/procedural';
import { createSandbox } from '../../../providers/sandbox/index';
import { SLOW_MACHINE_MS } from '../../../providers/sandbox/test-timeouts';
import type { TaskModel } from '../task-types';
import { AGENT_MAX_FILES, AGENT_MAX_NUDGES, AGENT_MAX_STEPS, AGENT_TOKEN_BUDGET } from './limits';
import { AGENT_NUDGE, type AgentRunInput, runAgent } from './run-agent';
import { AgentFailure } from './workspace';

const sandbox = createSandbox({ idleMs: 600_000 });
afterAll(() => sandbox.close());
const images = new ProceduralImageProvider();

type Call = { tool: string; input: Record<string, unknown> };

const usage = (tokens = 30) => ({
  inputTokens: { total: tokens - 10, noCache: tokens - 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
});

/** One model step: the given tool calls (or a text answer). */
function step(calls: Call[] | string, tokens?: number): LanguageModelV3GenerateResult {
  return {
    content:
      typeof calls === 'string'
        ? [{ type: 'text', text: calls }]
        : calls.map((c, i) => ({
            type: 'tool-call' as const,
            toolCallId: `call-${Math.random().toString(36).slice(2)}-${i}`,
            toolName: c.tool,
            input: JSON.stringify(c.input),
          })),
    finishReason:
      typeof calls === 'string' ? { unified: 'stop', raw: 'stop' } : { unified: 'tool-calls', raw: 'tool_calls' },
    usage: usage(tokens),
    warnings: [],
  };
}

/** A mock model answering the scripted steps in order (the last one again when the script runs out). */
function scripted(steps: LanguageModelV3GenerateResult[]) {
  const calls: LanguageModelV3CallOptions[] = [];
  const model = new MockLanguageModelV3({
    provider: 'mock',
    modelId: 'mock-1',
    doGenerate: async (options) => {
      calls.push(options);
      return steps[Math.min(calls.length - 1, steps.length - 1)]!;
    },
  });
  const taskModel: TaskModel = { languageModel: model, model: 'mock-1', provider: 'mock' };
  return { taskModel, calls };
}

const persona = { name: 'Neo', agentType: 'HACKER', description: null };

function input(taskModel: TaskModel, taskType: AgentRunInput['taskType'], request: string): AgentRunInput {
  return { model: taskModel, taskType, request, persona, tools: { sandbox, images }, maxRetries: 0 };
}

/** The tool results the model was sent back with its last call. */
function toolResults(calls: LanguageModelV3CallOptions[]) {
  return calls.at(-1)!.prompt.flatMap((m) => (m.role === 'tool' ? m.content : []));
}

const PRIMES = [
  'function primes(n) {',
  '  const out = [];',
  '  for (let k = 2; out.length < n; k++) if (out.every((p) => k % p !== 0)) out.push(k);',
  '  return out;',
  '}',
  'module.exports = { primes };',
  'if (require.main === module) console.log(primes(10).join(" "));',
].join('\n');
const PRIMES_TEST = [
  "const assert = require('node:assert');",
  "const { primes } = require('./main.js');",
  'assert.deepStrictEqual(primes(5), [2, 3, 5, 7, 11]);',
  "console.log('ok');",
].join('\n');

describe('runAgent', { timeout: SLOW_MACHINE_MS }, () => {
  it('code_project: writes a program and its test, runs both in the sandbox, and finishes', async () => {
    const { taskModel, calls } = scripted([
      step([
        { tool: 'write_file', input: { path: 'main.js', content: PRIMES } },
        { tool: 'write_file', input: { path: './main.test.js', content: PRIMES_TEST } },
      ]),
      step([{ tool: 'run_program', input: { path: 'main.js' } }]),
      step([{ tool: 'run_program', input: { path: 'main.test.js' } }]),
      step([{ tool: 'finish', input: { summary: 'Prints the first ten primes; tests pass.' } }]),
    ]);
    const result = await runAgent(input(taskModel, 'code_project', 'a script that prints the first ten primes'));
    expect(result.summary).toBe('Prints the first ten primes; tests pass.');
    expect(Object.keys(result.files).sort()).toEqual(['main.js', 'main.test.js']);
    expect(result.runs).toEqual([
      { path: 'main.js', exitCode: 0, timedOut: false, executed: true },
      { path: 'main.test.js', exitCode: 0, timedOut: false, executed: true },
    ]);
    expect(result.steps).toBe(4);
    // The model saw the program's output.
    const outputs = calls[2]!.prompt.flatMap((m) => (m.role === 'tool' ? m.content : []));
    expect(JSON.stringify(outputs)).toContain('2 3 5 7 11 13 17 19 23 29');
    // The system prompt is the code task's, with the request in the user message.
    expect(JSON.stringify(calls[0]!.prompt)).toContain('first ten primes');
    expect(calls[0]!.tools?.map((t) => t.name).sort()).toEqual(['finish', 'run_program', 'write_file']);
  });

  it('code_project: a Go file is delivered "not executed"', async () => {
    const { taskModel, calls } = scripted([
      step([{ tool: 'write_file', input: { path: 'main.go', content: 'package main\nfunc main() {}\n' } }]),
      step([{ tool: 'run_program', input: { path: 'main.go' } }]),
      step([{ tool: 'finish', input: { summary: 'A Go program.' } }]),
    ]);
    const result = await runAgent(input(taskModel, 'code_project', 'a go program'));
    expect(result.runs).toEqual([{ path: 'main.go', exitCode: null, timedOut: false, executed: false }]);
    expect(JSON.stringify(toolResults(calls))).toContain('not executed');
  });

  it('deploy_website: writes index.html and finishes; finish before index.html is refused and retried', async () => {
    const { taskModel } = scripted([
      step([{ tool: 'finish', input: { summary: 'done' } }]),
      step([{ tool: 'write_file', input: { path: 'index.html', content: '<!doctype html><title>Bakery</title>' } }]),
      step([{ tool: 'finish', input: { summary: 'One page for the bakery.' } }]),
    ]);
    const result = await runAgent(input(taskModel, 'deploy_website', 'a site for my bakery'));
    expect(result.files).toEqual({ 'index.html': '<!doctype html><title>Bakery</title>' });
    expect(result.summary).toBe('One page for the bakery.');
    expect(result.steps).toBe(3);
  });

  it('mint_art_nft: prompts the image provider and finishes with the image', async () => {
    const { taskModel } = scripted([
      step([{ tool: 'generate_image', input: { prompt: 'a neon fox in the rain', style: 'cyberpunk' } }]),
      step([{ tool: 'finish', input: { summary: 'A neon fox.' } }]),
    ]);
    const result = await runAgent(input(taskModel, 'mint_art_nft', 'a fox'));
    expect(result.images).toHaveLength(1);
    expect(result.images[0]!.prompt).toBe('a neon fox in the rain');
    expect(result.images[0]!.png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('farcaster_post: the summary is the cast; a cast over 320 characters is sent back to be shortened', async () => {
    const { taskModel, calls } = scripted([
      step([{ tool: 'finish', input: { summary: 'x'.repeat(321) } }]),
      step([{ tool: 'finish', input: { summary: 'gm, shipping zk proofs today' } }]),
    ]);
    const result = await runAgent({ ...input(taskModel, 'farcaster_post', 'cast about zk'), topic: 'zk proofs' });
    expect(result.summary).toBe('gm, shipping zk proofs today');
    expect(JSON.stringify(toolResults(calls))).toContain('321 characters');
    expect(calls[0]!.tools?.map((t) => t.name)).toEqual(['finish']);
  });

  it('an unknown tool ends the run with its name', async () => {
    const { taskModel, calls } = scripted([
      step([{ tool: 'shell', input: { cmd: 'rm -rf /' } }]),
      step([{ tool: 'finish', input: { summary: 'never reached' } }]),
    ]);
    const err = await runAgent(input(taskModel, 'code_project', 'x')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentFailure);
    expect((err as Error).message).toBe(
      'The model called an unknown tool "shell"; the tools of this task are write_file, run_program, finish.',
    );
    expect(calls).toHaveLength(1);
  });

  it('a tool of another task type is unknown here (generate_image in a code project)', async () => {
    const { taskModel } = scripted([step([{ tool: 'generate_image', input: { prompt: 'x', style: 'y' } }])]);
    await expect(runAgent(input(taskModel, 'code_project', 'x'))).rejects.toThrow(
      'The model called an unknown tool "generate_image"',
    );
  });

  it.each([
    ['/etc/passwd', 'The model wrote to "/etc/passwd", which is absolute (paths are relative to the workspace).'],
    ['../escape.py', 'The model wrote to "../escape.py", which leaves the workspace (..).'],
    ['src/../../x.py', 'The model wrote to "src/../../x.py", which leaves the workspace (..).'],
  ])('a path outside the workspace (%s) ends the run', async (path, message) => {
    const { taskModel, calls } = scripted([
      step([{ tool: 'write_file', input: { path, content: 'x' } }]),
      step([{ tool: 'finish', input: { summary: 'never reached' } }]),
    ]);
    await expect(runAgent(input(taskModel, 'code_project', 'x'))).rejects.toThrow(message);
    expect(calls).toHaveLength(1);
  });

  it('running a path outside the workspace ends the run', async () => {
    const { taskModel } = scripted([step([{ tool: 'run_program', input: { path: '/etc/passwd' } }])]);
    await expect(runAgent(input(taskModel, 'code_project', 'x'))).rejects.toThrow(
      'The model asked to run "/etc/passwd", which is absolute',
    );
  });

  it('too many files ends the run, naming the limit', async () => {
    const writes = Array.from({ length: AGENT_MAX_FILES + 1 }, (_, i) => ({
      tool: 'write_file',
      input: { path: `f${i}.txt`, content: 'x' },
    }));
    const { taskModel } = scripted([step(writes)]);
    await expect(runAgent(input(taskModel, 'code_project', 'x'))).rejects.toThrow(
      `The model wrote more than ${AGENT_MAX_FILES} files; that is the limit of a workspace.`,
    );
  });

  it('a file over the size limit ends the run', async () => {
    const { taskModel } = scripted([
      step([{ tool: 'write_file', input: { path: 'big.txt', content: 'x'.repeat(300 * 1024) } }]),
    ]);
    await expect(runAgent(input(taskModel, 'code_project', 'x'))).rejects.toThrow(
      /The model wrote 307200 bytes to big.txt; a file may hold at most \d+ bytes/,
    );
  });

  it('never calling finish ends the run after the step limit', async () => {
    const { taskModel, calls } = scripted([
      step([{ tool: 'write_file', input: { path: 'main.py', content: 'print(1)\n' } }]),
    ]);
    await expect(runAgent(input(taskModel, 'code_project', 'x'))).rejects.toThrow(
      `The model did not call finish within ${AGENT_MAX_STEPS} steps.`,
    );
    expect(calls).toHaveLength(AGENT_MAX_STEPS);
  });

  it('a model that answers in text is reminded to use the tools, and goes on', async () => {
    const { taskModel, calls } = scripted([
      step('Sure! I will write a cast about zk.'),
      step([{ tool: 'finish', input: { summary: 'zk proofs, cheaper every week' } }]),
    ]);
    const result = await runAgent(input(taskModel, 'farcaster_post', 'cast about zk'));
    expect(result.summary).toBe('zk proofs, cheaper every week');
    expect(result.steps).toBe(2);
    expect(JSON.stringify(calls[1]!.prompt.at(-1))).toContain(AGENT_NUDGE);
  });

  it('a model that keeps answering in text ends the run after the reminders, quoting it', async () => {
    const { taskModel, calls } = scripted([step('Here is your program: print(1)')]);
    await expect(runAgent(input(taskModel, 'code_project', 'x'))).rejects.toThrow(
      'The model stopped without calling finish (it answered: "Here is your program: print(1)").',
    );
    expect(calls).toHaveLength(1 + AGENT_MAX_NUDGES);
  });

  it('the token budget ends the run', async () => {
    const { taskModel, calls } = scripted([
      step([{ tool: 'write_file', input: { path: 'a.py', content: '' } }], AGENT_TOKEN_BUDGET + 1),
      step([{ tool: 'finish', input: { summary: 'never reached' } }]),
    ]);
    await expect(runAgent(input(taskModel, 'code_project', 'x'))).rejects.toThrow(
      `The model used ${AGENT_TOKEN_BUDGET + 1} tokens without finishing; the budget of a task is ${AGENT_TOKEN_BUDGET}.`,
    );
    expect(calls).toHaveLength(1);
  });

  it("a provider error reaches the caller with the provider's message", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new APICallError({
          message: 'Incorrect API key provided: sk-abcdefghijklmnop',
          url: 'https://api.example/v1/chat/completions',
          requestBodyValues: {},
          statusCode: 401,
          isRetryable: false,
        });
      },
    });
    const err = await runAgent(
      input({ languageModel: model, model: 'gpt-4.1', provider: 'openai' }, 'code_project', 'x'),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentFailure);
    expect((err as Error).message).toBe(
      'The model provider (openai, model gpt-4.1) failed: HTTP 401: Incorrect API key provided: sk-….',
    );
  });

  it('a model that does not answer in time ends the run at the time limit', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: (options) =>
        new Promise((_, reject) => {
          options.abortSignal?.addEventListener('abort', () => reject(options.abortSignal!.reason));
        }),
    });
    const err = await runAgent({
      ...input({ languageModel: model, model: 'slow', provider: 'mock' }, 'farcaster_post', 'x'),
      timeoutMs: 50,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentFailure);
    expect((err as Error).message).toBe('The model did not finish within 0.05 s.');
  });

  it('what checkCancelled throws ends the run as it is', async () => {
    class Stop extends Error {}
    const { taskModel, calls } = scripted([step([{ tool: 'finish', input: { summary: 'x' } }])]);
    const run = runAgent({
      ...input(taskModel, 'farcaster_post', 'x'),
      checkCancelled: async () => {
        throw new Stop('cancelled');
      },
    });
    await expect(run).rejects.toBeInstanceOf(Stop);
    expect(calls).toHaveLength(0);
  });
});

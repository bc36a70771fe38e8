/**
 * A task's work done by the configured model: the agent loop (run-agent.ts) run for a task context,
 * and what the executors need from its result (the producer, a code project's entry point and
 * framework, a title). Executors import this module only when a model is configured, so a process
 * working offline never loads the AI SDK.
 */
import type { TaskProducer } from '@app/domain/task-validation';
import type { AgentTaskType } from '@app/domain/tasks';
import type { TaskContext } from '../task-types';
import { type AgentResult, runAgent } from './run-agent';

export { AgentFailure } from './workspace';
export type { AgentResult };

/**
 * Runs the agent loop for the task of `ctx` with the configured model.
 * @param topic farcaster_post: the cast's topic
 * @throws Error when no model is configured; AgentFailure with the reason in words; Cancelled
 */
export async function runTaskAgent(ctx: TaskContext, topic?: string): Promise<AgentResult> {
  const { deps, row, avatar } = ctx;
  if (!deps.model) throw new Error('No model is configured for agent work');
  return runAgent({
    model: deps.model,
    taskType: row.taskType as AgentTaskType,
    request: ctx.prompt,
    topic,
    persona: { name: avatar.name, agentType: avatar.agentType, description: avatar.description },
    tools: { sandbox: deps.sandbox, images: deps.images },
    checkCancelled: ctx.checkCancelled,
  });
}

/** Who made the work: the configured model. */
export function modelProducer(ctx: TaskContext): TaskProducer {
  return { kind: 'model', model: ctx.deps.model?.model ?? null, provider: ctx.deps.model?.provider ?? null };
}

/** A test file by its name: test_*.py, *_test.py, *.test.js/ts, *.spec.js/ts. */
export function isTestFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return /^test_.*\.py$|_test\.py$|\.(test|spec)\.[cm]?[jt]s$/.test(name);
}

/** Entry points looked for first, in this order. */
const ENTRY_CANDIDATES = [
  'main.py',
  'main.js',
  'main.mjs',
  'main.ts',
  'index.js',
  'index.ts',
  'app.py',
  'app.js',
  'src/main.py',
  'src/index.js',
  'src/index.ts',
  'main.go',
  'src/main.rs',
  'main.sh',
];
const SOURCE = /\.(py|[cm]?js|[cm]?ts|go|rs|sh)$/;

/**
 * The entry point of a model's code project: a usual entry file, else the last program it ran that
 * is not a test, else its first source file that is not a test; null when it wrote no program.
 */
export function codeEntry(result: Pick<AgentResult, 'files' | 'runs'>): string | null {
  const has = (p: string) => Object.hasOwn(result.files, p);
  const usual = ENTRY_CANDIDATES.find(has);
  if (usual) return usual;
  const ran = result.runs.findLast((r) => has(r.path) && !isTestFile(r.path));
  if (ran) return ran.path;
  return Object.keys(result.files).find((p) => SOURCE.test(p) && !isTestFile(p)) ?? null;
}

const FRAMEWORKS: Record<string, string> = {
  py: 'python',
  js: 'node',
  mjs: 'node',
  cjs: 'node',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  go: 'go',
  rs: 'rust',
  sh: 'shell',
};

/** node | python | typescript | go | rust | shell (by the entry's extension), or 'files'. */
export function codeFramework(entry: string | null): string {
  return (entry && FRAMEWORKS[entry.slice(entry.lastIndexOf('.') + 1).toLowerCase()]) || 'files';
}

/** A project's title: the README's first heading, else the page's <title>, else the request's first words. */
export function workTitle(files: Record<string, string>, request: string, fallback: string): string {
  const heading = files['README.md']?.match(/^#\s+(.+)$/m)?.[1];
  const title = files['index.html']?.match(/<title[^>]*>([^<]*)<\/title>/i)?.[1];
  const words = request.trim().split(/\s+/).slice(0, 8).join(' ');
  return (heading || title || words || fallback).trim().slice(0, 120);
}

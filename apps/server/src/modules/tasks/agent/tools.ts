/**
 * The agent's tools (an interface: names and arguments stay as they are):
 * - write_file({ path, content }) — a relative path in the task's in-memory workspace;
 * - run_program({ path, args?, stdin? }) — runs a workspace file in the sandbox, → { exitCode, stdout, stderr, timedOut };
 * - generate_image({ prompt, style }) — through the configured image provider;
 * - finish({ summary }) — ends the run (a Farcaster cast's text is its summary).
 * A rule broken (path outside the workspace, a limit) ends the run through {@link AgentState.failure};
 * a mistake the model can fix (a missing file, an empty summary) is answered as a tool error.
 */
import type { AgentTaskType } from '@app/domain/tasks';
import { type Tool, tool } from 'ai';
import { z } from 'zod';
import type { ImageProvider } from '../../../providers/images/types';
import { workspacePathProblem } from '../../../providers/sandbox/request';
import type { Sandbox } from '../../../providers/sandbox/types';
import { AGENT_CAST_MAX_CHARS, AGENT_MAX_IMAGES, AGENT_MAX_RUNS, AGENT_RUN_OUTPUT_CHARS } from './limits';
import { AGENT_TOOLS, type AgentToolName } from './prompts';
import { AgentFailure, Workspace } from './workspace';

/** An image the model had made. */
export interface AgentImage {
  png: Buffer;
  /** The prompt the model gave. */
  prompt: string;
  /** What the provider says it drew. */
  revisedPrompt: string;
  style: string;
}

/** One `run_program` call, as the run saw it. */
export interface AgentRun {
  path: string;
  exitCode: number | null;
  timedOut: boolean;
  /** false for files the sandbox does not execute (Go, Rust, shell…). */
  executed: boolean;
}

/** What the tools did so far; read by the loop's stop conditions and by the caller afterwards. */
export interface AgentState {
  workspace: Workspace;
  runs: AgentRun[];
  images: AgentImage[];
  /** Set by `finish` once its summary is accepted. */
  finished: { summary: string } | null;
  /** Set when the model broke a rule: the reason the task fails. */
  failure: string | null;
  /** The last error a tool answered with (shown when the run ends without `finish`). */
  lastToolError: string | null;
}

export function newAgentState(): AgentState {
  return { workspace: new Workspace(), runs: [], images: [], finished: null, failure: null, lastToolError: null };
}

/** What the tools use. */
export interface AgentToolDeps {
  sandbox: Sandbox;
  images: ImageProvider;
}

/** Records a broken rule and throws it (the loop stops after this step). */
function fail(state: AgentState, message: string): never {
  state.failure ??= message;
  throw new AgentFailure(message);
}

/** Records an error the model may fix, and throws it as the tool's answer. */
function answerError(state: AgentState, message: string): never {
  state.lastToolError = message;
  throw new Error(message);
}

const cut = (text: string) =>
  text.length > AGENT_RUN_OUTPUT_CHARS
    ? `${text.slice(0, AGENT_RUN_OUTPUT_CHARS)}\n… (${text.length - AGENT_RUN_OUTPUT_CHARS} more characters cut)`
    : text;

function writeFileTool(state: AgentState): Tool {
  return tool({
    description: 'Write (or replace) a file of the workspace. The path is relative, e.g. "main.py" or "src/app.js".',
    inputSchema: z.object({
      path: z.string().describe('Relative POSIX path inside the workspace'),
      content: z.string().describe('The whole content of the file (UTF-8 text)'),
    }),
    execute: async ({ path, content }) => {
      try {
        const written = state.workspace.write(path, content);
        return { ...written, files: Object.keys(state.workspace.files).length };
      } catch (err) {
        if (err instanceof AgentFailure) fail(state, err.message);
        throw err;
      }
    },
  });
}

function runProgramTool(state: AgentState, deps: AgentToolDeps): Tool {
  return tool({
    description:
      'Run a file of the workspace in the sandbox (Python, JavaScript, TypeScript) with optional arguments and stdin. Returns { exitCode, stdout, stderr, timedOut }.',
    inputSchema: z.object({
      path: z.string().describe('Relative path of the file to run (written before with write_file)'),
      args: z.array(z.string()).max(50).optional().describe('Command-line arguments'),
      stdin: z
        .string()
        .max(64 * 1024)
        .optional()
        .describe('Text fed to standard input'),
    }),
    execute: async ({ path, args, stdin }, { abortSignal }) => {
      const entry = path.replace(/^(\.\/)+/, '');
      const problem = workspacePathProblem(entry);
      if (problem) fail(state, `The model asked to run "${path}", which ${problem}.`);
      if (state.runs.length >= AGENT_MAX_RUNS) {
        fail(state, `The model ran programs more than ${AGENT_MAX_RUNS} times; that is the limit of a task.`);
      }
      if (state.workspace.read(entry) === undefined) {
        answerError(state, `There is no file ${entry} in the workspace; write it with write_file first.`);
      }
      const language = deps.sandbox.languageOf(entry);
      if (!language) {
        state.runs.push({ path: entry, exitCode: null, timedOut: false, executed: false });
        return {
          exitCode: null,
          stdout: '',
          stderr: `not executed: the sandbox runs Python, JavaScript and TypeScript only; ${entry} is delivered as it is`,
          timedOut: false,
        };
      }
      let result: Awaited<ReturnType<Sandbox['run']>>;
      try {
        result = await deps.sandbox.run({
          language,
          files: { ...state.workspace.files },
          entry,
          args,
          stdin,
          signal: abortSignal,
        });
      } catch (err) {
        if (abortSignal?.aborted) throw err;
        return answerError(state, `The sandbox refused the run: ${(err as Error).message}`);
      }
      state.runs.push({ path: entry, exitCode: result.exitCode, timedOut: result.timedOut, executed: true });
      return {
        exitCode: result.exitCode,
        stdout: cut(result.stdout),
        stderr: cut(result.stderr),
        timedOut: result.timedOut,
      };
    },
  });
}

function generateImageTool(state: AgentState, deps: AgentToolDeps): Tool {
  return tool({
    description: 'Generate the artwork with the image provider (1024x1024 PNG).',
    inputSchema: z.object({
      prompt: z.string().describe('What to draw: subject, composition, palette, mood'),
      style: z.string().describe('A style, e.g. digital_art, pixel_art, abstract, cyberpunk, watercolor'),
    }),
    execute: async ({ prompt, style }, { abortSignal }) => {
      if (state.images.length >= AGENT_MAX_IMAGES) {
        fail(state, `The model asked for more than ${AGENT_MAX_IMAGES} images; that is the limit of a task.`);
      }
      try {
        const image = await deps.images.generate(
          { prompt, style: style.trim() || 'digital_art', size: '1024x1024' },
          { signal: abortSignal },
        );
        state.images.push({ png: image.png, prompt, revisedPrompt: image.revisedPrompt, style });
        return { ok: true, width: 1024, height: 1024, revisedPrompt: image.revisedPrompt };
      } catch (err) {
        if (abortSignal?.aborted) throw err;
        return answerError(state, `The image provider failed: ${(err as Error).message}`);
      }
    },
  });
}

/** Why `finish` cannot be accepted yet for this task type, or null. */
function finishProblem(taskType: AgentTaskType, state: AgentState, summary: string): string | null {
  if (!summary) return 'The summary is empty.';
  switch (taskType) {
    case 'code_project':
      return Object.keys(state.workspace.files).length ? null : 'The workspace is empty: write the program first.';
    case 'deploy_website':
      return state.workspace.read('index.html') !== undefined ? null : 'There is no index.html: write the site first.';
    case 'mint_art_nft':
      return state.images.length ? null : 'There is no artwork yet: call generate_image first.';
    case 'farcaster_post':
      return summary.length <= AGENT_CAST_MAX_CHARS
        ? null
        : `The cast is ${summary.length} characters; at most ${AGENT_CAST_MAX_CHARS} are allowed. Shorten it and call finish again.`;
  }
}

function finishTool(taskType: AgentTaskType, state: AgentState): Tool {
  return tool({
    description:
      taskType === 'farcaster_post'
        ? `End the task. summary is the text of the cast (at most ${AGENT_CAST_MAX_CHARS} characters).`
        : 'End the task once the work is complete. summary says what you made and what the runs showed.',
    inputSchema: z.object({ summary: z.string().describe('What you did (for a cast: the cast text itself)') }),
    execute: async ({ summary }) => {
      const text = summary.trim();
      const problem = finishProblem(taskType, state, text);
      if (problem) answerError(state, problem);
      state.finished = { summary: text };
      return { done: true };
    },
  });
}

/** The tools a task type gets (see AGENT_TOOLS in prompts.ts). */
export function agentTools(taskType: AgentTaskType, state: AgentState, deps: AgentToolDeps): Record<string, Tool> {
  const all: Record<AgentToolName, () => Tool> = {
    write_file: () => writeFileTool(state),
    run_program: () => runProgramTool(state, deps),
    generate_image: () => generateImageTool(state, deps),
    finish: () => finishTool(taskType, state),
  };
  return Object.fromEntries(AGENT_TOOLS[taskType].map((name) => [name, all[name]()]));
}

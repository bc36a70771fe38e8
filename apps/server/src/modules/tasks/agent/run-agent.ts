/**
 * The bounded agent loop (DESIGN §8): the configured model does a task's work by calling tools
 * (tools.ts) through the AI SDK — at most {@link AGENT_MAX_STEPS} steps, {@link AGENT_TOKEN_BUDGET}
 * tokens and {@link AGENT_TIMEOUT_MS} ms — so any OpenAI-compatible model can drive it. The run ends
 * when `finish` is accepted; anything else (unknown tool, path outside the workspace, a limit, no
 * `finish`, a provider error, the time limit) throws {@link AgentFailure} with the reason in words.
 */
import type { AgentTaskType } from '@app/domain/tasks';
import {
  APICallError,
  generateText,
  type ModelMessage,
  RetryError,
  type StepResult,
  type StopCondition,
  stepCountIs,
  type ToolSet,
} from 'ai';
import { describeLlmFailure } from '../../../providers/ai/llm';
import type { TaskModel } from '../task-types';
import {
  AGENT_MAX_NUDGES,
  AGENT_MAX_OUTPUT_TOKENS,
  AGENT_MAX_STEPS,
  AGENT_TIMEOUT_MS,
  AGENT_TOKEN_BUDGET,
} from './limits';
import { AGENT_TOOLS, type AgentPersona, agentRequestMessage, agentSystemPrompt } from './prompts';
import { type AgentImage, type AgentRun, type AgentToolDeps, agentTools, newAgentState } from './tools';
import { AgentFailure } from './workspace';

/** One agent run. */
export interface AgentRunInput {
  model: TaskModel;
  taskType: AgentTaskType;
  /** The user's request (may be empty: each type has a default). */
  request: string;
  /** farcaster_post: the cast's topic. */
  topic?: string;
  persona: AgentPersona;
  tools: AgentToolDeps;
  /** Called before each step; what it throws (e.g. the task was cancelled) ends the run as it is. */
  checkCancelled?: () => Promise<void>;
  /** Aborts the run from outside (the time limit applies anyway). */
  signal?: AbortSignal;
  /** Retries of the AI SDK on retryable API errors (default 2). */
  maxRetries?: number;
  /** Wall-clock limit of the run in ms (default {@link AGENT_TIMEOUT_MS}; tests pass less). */
  timeoutMs?: number;
}

/** What a finished run delivered. */
export interface AgentResult {
  /** The model's `finish` summary (a cast's text for farcaster_post). */
  summary: string;
  /** The workspace: relative POSIX path → UTF-8 content. */
  files: Record<string, string>;
  images: AgentImage[];
  runs: AgentRun[];
  /** Model calls made. */
  steps: number;
  /** Input + output tokens used. */
  tokens: number;
}

type Steps = ReadonlyArray<StepResult<ToolSet>>;

/** What a model that answered in text instead of calling a tool is told. */
export const AGENT_NUDGE =
  'Only tool calls do the work: continue with the tools, and call finish when the work is complete.';

const stepTokens = (s: StepResult<ToolSet>) =>
  s.usage.totalTokens ?? (s.usage.inputTokens ?? 0) + (s.usage.outputTokens ?? 0);
const tokensOf = (steps: Steps) => steps.reduce((sum, s) => sum + stepTokens(s), 0);

/** The provider's own words about a failed call (status and message), never a secret. */
export function describeProviderFailure(error: unknown): string {
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(last)) {
    const status = last.statusCode ? `HTTP ${last.statusCode}` : 'network error';
    const message = last.message
      ?.replace(/\s+/g, ' ')
      .replace(/\b(sk|key|token)[-_][A-Za-z0-9_-]{8,}/gi, '$1-…')
      .trim()
      .slice(0, 300);
    return message ? `${status}: ${message}` : status;
  }
  return describeLlmFailure(error);
}

/**
 * Runs the loop for one task. @returns the delivered work once `finish` was accepted
 * @throws AgentFailure with the reason in words; what `checkCancelled` throws, as it is
 */
export async function runAgent(input: AgentRunInput): Promise<AgentResult> {
  const state = newAgentState();
  const tools = agentTools(input.taskType, state, input.tools);
  const toolNames = AGENT_TOOLS[input.taskType].join(', ');
  const timeoutMs = input.timeoutMs ?? AGENT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = input.signal ? AbortSignal.any([timeout, input.signal]) : timeout;
  let cancelled: unknown;
  // Steps of earlier calls: a call ends when the model answers in text; it is reminded to use the
  // tools (at most AGENT_MAX_NUDGES times) and the run goes on, within the same step limit.
  const done: StepResult<ToolSet>[] = [];

  /** Stops after a step that broke a rule, used up the budget, or finished. */
  const settled: StopCondition<ToolSet> = ({ steps }) => {
    const last = steps.at(-1);
    // The SDK answers a call of a tool it does not have with a tool error (and would go on).
    const unknown = last?.content.find((p) => p.type === 'tool-call' && !Object.hasOwn(tools, p.toolName));
    if (unknown && unknown.type === 'tool-call') {
      state.failure ??= `The model called an unknown tool "${unknown.toolName}"; the tools of this task are ${toolNames}.`;
    }
    const tokens = tokensOf(done) + tokensOf(steps);
    if (tokens > AGENT_TOKEN_BUDGET && !state.finished) {
      state.failure ??= `The model used ${tokens} tokens without finishing; the budget of a task is ${AGENT_TOKEN_BUDGET}.`;
    }
    return state.failure !== null || state.finished !== null;
  };

  const messages: ModelMessage[] = [
    { role: 'user', content: agentRequestMessage(input.taskType, input.request, input.topic) },
  ];
  try {
    for (let nudges = 0; ; nudges++) {
      const result = await generateText({
        model: input.model.languageModel,
        system: agentSystemPrompt(input.taskType, input.persona),
        messages,
        tools,
        stopWhen: [stepCountIs(AGENT_MAX_STEPS - done.length), settled],
        maxOutputTokens: AGENT_MAX_OUTPUT_TOKENS,
        maxRetries: input.maxRetries ?? 2,
        abortSignal: signal,
        prepareStep: async () => {
          try {
            await input.checkCancelled?.();
          } catch (err) {
            cancelled = err;
            throw err;
          }
          return undefined;
        },
      });
      done.push(...result.steps);
      if (state.failure || state.finished || done.length >= AGENT_MAX_STEPS || nudges >= AGENT_MAX_NUDGES) break;
      messages.push(...result.response.messages, { role: 'user', content: AGENT_NUDGE });
    }
  } catch (err) {
    if (cancelled !== undefined) throw cancelled;
    if (timeout.aborted) {
      throw new AgentFailure(`The model did not finish within ${timeoutMs / 1000} s.`, { cause: err });
    }
    if (input.signal?.aborted) throw input.signal.reason ?? err;
    if (state.failure) throw new AgentFailure(state.failure, { cause: err });
    throw new AgentFailure(
      `The model provider (${input.model.provider}, model ${input.model.model}) failed: ${describeProviderFailure(err)}.`,
      { cause: err },
    );
  }
  const steps: Steps = done;

  if (state.failure) throw new AgentFailure(state.failure);
  if (!state.finished) {
    const hint = state.lastToolError ? ` The last tool error was: ${state.lastToolError}` : '';
    if (steps.length >= AGENT_MAX_STEPS) {
      throw new AgentFailure(`The model did not call finish within ${AGENT_MAX_STEPS} steps.${hint}`);
    }
    const said = steps.at(-1)?.text.replace(/\s+/g, ' ').trim().slice(0, 200);
    throw new AgentFailure(
      `The model stopped without calling finish${said ? ` (it answered: "${said}")` : ''}.${hint}`,
    );
  }
  return {
    summary: state.finished.summary,
    files: { ...state.workspace.files },
    images: state.images,
    runs: state.runs,
    steps: steps.length,
    tokens: tokensOf(steps),
  };
}

/**
 * A scripted validator model for tests (AI SDK mock): each call answers with the next scripted
 * step — a `write_test` tool call or plain text — and records the prompts it was given.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import type { TaskModel } from '../task-types';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

/** One scripted answer: a tool call, or text that ends the call. */
export type ScriptedStep = { tool: string; input: unknown } | { text: string };

/** A {@link TaskModel} that answers `steps` in order (then "done"); `calls` holds each call's prompt. */
export function scriptedModel(steps: ScriptedStep[]): TaskModel & { calls: LanguageModelV3CallOptions[] } {
  const calls: LanguageModelV3CallOptions[] = [];
  let i = 0;
  const languageModel = new MockLanguageModelV3({
    doGenerate: async (options): Promise<LanguageModelV3GenerateResult> => {
      calls.push(options);
      const step = steps[i++] ?? { text: 'done' };
      if ('text' in step) {
        return {
          content: [{ type: 'text', text: step.text }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        };
      }
      return {
        content: [
          { type: 'tool-call', toolCallId: `call-${i}`, toolName: step.tool, input: JSON.stringify(step.input) },
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      };
    },
  });
  return { languageModel, model: 'validator-test-model', provider: 'openai-compatible', calls };
}

/**
 * Dialogue-state update for providers that return none (the LLM path): the facts the message
 * states (same extractor as the offline engine) and the last task from the reply's suggestion.
 */
import type { DialogueMemory } from '@app/domain/chat';
import { extractFacts, hasFacts, mergeFacts } from '../../providers/ai/persona/facts';
import type { ChatReply } from '../../providers/ai/types';

/** The memory after one exchange whose provider did not update it. Pure. */
export function fallbackMemoryUpdate(memory: DialogueMemory, message: string, reply: ChatReply): DialogueMemory {
  const told = extractFacts(message);
  const facts = hasFacts(told) ? mergeFacts(memory.facts, told) : memory.facts;
  if (!reply.taskSuggestion) return { ...memory, facts };
  const request = (reply.taskSuggestion.prompt ?? message).slice(0, 500);
  return {
    facts,
    topic: request.slice(0, 200),
    lastTask: { act: reply.intent, request, subject: null, imagePrompt: reply.imagePrompt?.slice(0, 200) ?? null },
  };
}

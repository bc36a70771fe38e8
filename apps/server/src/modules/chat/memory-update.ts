/**
 * Dialogue-state update for providers that return none (the LLM path), with the offline engine's
 * language layer: the facts the message states, corrections ("I meant Bath, not Bristol", "it got
 * moved to Monday"), plans and dates; "forget my name" / "forget everything about me" / "forget
 * what I said about hiking" erase them; the business or news described in passing is kept for
 * later requests; the last task comes from the reply's suggestion, and a task it replaces stays a
 * resumable topic; what the user says about themselves is kept as said (bounded) for recall. The LLM
 * reads all of it back in its system prompt (providers/ai/llm.ts).
 */
import { type DialogueMemory, type LastTask, MEMORY_TOPICS_MAX } from '@app/domain/chat';
import { correctedFacts } from '../../providers/ai/persona/fact-corrections';
import { forgetFacts, forgetScope, forgetStatements, recallTargets } from '../../providers/ai/persona/fact-questions';
import { extractFacts, hasFacts, mergeFacts } from '../../providers/ai/persona/facts';
import { rememberStatement } from '../../providers/ai/persona/statements';
import { asksToForget, describedBusiness, describedNews } from '../../providers/ai/persona/topics';
import type { ChatReply } from '../../providers/ai/types';

/** True when the message asks to erase stored facts ("forget my name", "wipe what you know about me"). */
function forgetsFacts(message: string): boolean {
  const lower = message.toLowerCase().replace(/[’`]/g, "'");
  if (!asksToForget(message)) return false;
  const scope = forgetScope(message);
  return (
    /\b(?:about me|everything)\b/.test(lower) ||
    recallTargets(lower).length > 0 ||
    (!scope.all && (!!scope.about || !!scope.things?.length))
  );
}

/** The memory after one exchange whose provider did not update it. Pure. */
export function fallbackMemoryUpdate(memory: DialogueMemory, message: string, reply: ChatReply): DialogueMemory {
  let facts = memory.facts;
  let notes = memory.notes ?? [];
  if (forgetsFacts(message)) {
    const scope = forgetScope(message);
    facts = forgetFacts(facts, scope);
    notes = forgetStatements(notes, scope, memory.facts, facts);
  } else {
    // "I meant Bath, not Bristol" corrects what was stored (as the offline engine does); what the
    // message tells is added on top.
    const corrected = correctedFacts(facts, message);
    const told = extractFacts(message);
    if (hasFacts(corrected)) facts = { ...facts, ...corrected };
    if (hasFacts(told)) facts = mergeFacts(facts, told);
    // What the user says about themselves is kept as said, for recall (a question or a request is not).
    if (!reply.taskSuggestion && !/\?\s*$/.test(message.trim())) notes = rememberStatement(notes, message);
  }
  const business = describedBusiness(message);
  const news = describedNews(message);
  const context =
    business || news || memory.context
      ? { business: business ?? memory.context?.business ?? null, news: news ?? memory.context?.news ?? null }
      : undefined;
  const base: DialogueMemory = {
    ...memory,
    facts,
    ...(context ? { context } : {}),
    ...(notes.length ? { notes } : {}),
  };
  if (!notes.length) delete base.notes;
  if (!reply.taskSuggestion) return base;
  const request = (reply.taskSuggestion.prompt ?? message).slice(0, 500);
  const lastTask: LastTask = {
    act: reply.intent,
    request,
    subject: null,
    imagePrompt: reply.imagePrompt?.slice(0, 200) ?? null,
  };
  const previous = memory.lastTask;
  const topics =
    previous && previous.request !== request
      ? [...(memory.topics ?? []).filter((t) => t.request !== previous.request), previous].slice(-MEMORY_TOPICS_MAX)
      : memory.topics;
  return { ...base, topic: request.slice(0, 200), lastTask, ...(topics ? { topics } : {}) };
}

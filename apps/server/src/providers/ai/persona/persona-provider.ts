/**
 * The embedded offline persona engine (DESIGN §2 "chat", §9): deterministic, in-character, no
 * network or key. The same avatar, message, history and memory give the same reply.
 *
 * How a reply is made:
 * 1. The history is replayed (`turn.ts`) to know what the avatar said last, the open topic, the
 *    last art prompt and the user's last message.
 * 2. The message is understood (`turn.ts`): switch markers, resumed drafts, identity and memory
 *    questions, live-data questions, task frames, the classifier for the rest, and the feeling.
 * 3. The dialogue memory moves on: facts told or forgotten (`facts.ts`), the task draft and the
 *    earlier drafts kept as resumable topics, the business or news described (`topics.ts`).
 * 4. The reply is written in the avatar's voice (`reply.ts`) and routed to actions and a task
 *    suggestion whose prompt carries the request with its context (`../intent-routing.ts`).
 */
import { DEFAULT_AGENT_TYPE } from '@app/domain/avatar';
import {
  type DialogueMemory,
  EMPTY_DIALOGUE_MEMORY,
  type Intent,
  type LastTask,
  MEMORY_TOPICS_MAX,
  type MemoryFacts,
} from '@app/domain/chat';
import { actionsForIntent, taskSuggestionForIntent } from '../intent-routing';
import {
  type ChatCallOptions,
  type ChatProvider,
  ChatProviderError,
  type ChatReply,
  type ChatRequest,
  type ChatStreamEvent,
  type ChatTurn,
  type PersonaAvatar,
} from '../types';
import { FACT_LABELS, joinList } from './describe';
import { extractNamedSkill, findMentionedSkill, weakestSkill } from './extract';
import { correctedFacts, correctionOf } from './fact-corrections';
import { forgetFacts, forgetScope, forgetStatements, recallTargets } from './fact-questions';
import { extractFacts, mergeFacts, namedAfter } from './facts';
import { getIntentClassifier, type IntentClassifier } from './intent-classifier';
import { closestStatements } from './recall';
import { renderReply } from './reply';
import { extractTaskSlots } from './slots';
import { rememberStatement, withoutSuperseded } from './statements';
import { refersBack, secondAskDraft } from './task-brief';
import { taskPrompt } from './task-prompt';
import { emojiAsPunctuation, normalizeText } from './text-features';
import { describedBusiness, describedNews, resumeEdit, setAsideDraft } from './topics';
import { type ConversationState, isOfferIntent, resolveTurn } from './turn';
import { updateState } from './turn-state';
import { fixTypos } from './typos';
import { TOPIC_NAMES, VOICES, type Voice } from './voices';

export { describeFacts } from './describe';
export { domainIntentOf } from './turn';

/** The provider name reported to `/api/health`. */
export const PERSONA_PROVIDER_NAME = 'persona-engine';

/** How many of the most recent history turns are replayed. */
export const HISTORY_WINDOW = 24;

async function replayHistory(
  history: readonly ChatTurn[],
  avatar: PersonaAvatar,
  classifier: IntentClassifier,
  memory: DialogueMemory,
): Promise<ConversationState> {
  // The stored dialogue state carries what happened before the replayed window.
  const last = memory.lastTask;
  const state: ConversationState = {
    avatarHasSpoken: false,
    lastIntent: null,
    lastTopic: last && isOfferIntent(last.act as Intent) ? (last.act as ConversationState['lastTopic']) : null,
    lastArtPrompt: last?.imagePrompt ?? null,
    lastSubject: last?.subject ?? null,
    lastAvatarText: null,
    lastAct: null,
    lastMessage: null,
    lastRequest: last?.request ?? null,
    lastUserText: null,
    lastPlace: null,
    lastFeeling: 'neutral',
  };
  for (const turn of history.slice(-HISTORY_WINDOW)) {
    if (turn.role === 'avatar') {
      state.avatarHasSpoken = true;
      state.lastAvatarText = turn.text;
    } else {
      updateState(state, await resolveTurn(turn.text, avatar, state, memory, classifier, false), turn.text);
    }
  }
  return state;
}

/** Listing price heuristic for a skill: SPEC §9's 0.03–0.08 ETH range, scaled by proficiency. */
export function skillListPriceEth(proficiency: number): string {
  const p = Math.min(100, Math.max(0, proficiency));
  return String(Number((0.03 + (0.05 * p) / 100).toFixed(3)));
}

interface SkillChoice {
  name: string;
  /** Current proficiency, 0 for a skill the avatar does not have yet. */
  proficiency: number;
  isNew: boolean;
}

function chooseSkill(intent: Intent, message: string, avatar: PersonaAvatar, voice: Voice): SkillChoice | null {
  const mentioned = findMentionedSkill(message, avatar.skills);
  if (mentioned) return { name: mentioned.name, proficiency: mentioned.proficiency, isNew: false };
  if (intent !== 'learn_skill') return null;
  const named = extractNamedSkill(message);
  if (named) return { name: named, proficiency: 0, isNew: true };
  const weakest = weakestSkill(avatar.skills);
  if (weakest) return { name: weakest.name, proficiency: weakest.proficiency, isNew: false };
  return { name: voice.core_skill, proficiency: 0, isNew: true };
}

/** Intents whose work practises a skill the user names (so it counts as exercising it). */
const SKILL_PRACTISING = new Set<Intent>(['learn_skill', 'make_art', 'mint_nft', 'build_website', 'social_post']);

/** Keeps `task` as a resumable topic (newest last, no duplicates, at most MEMORY_TOPICS_MAX). */
function keepTopic(topics: readonly LastTask[], task: LastTask | null): LastTask[] {
  if (!task) return [...topics];
  return [...topics.filter((t) => t.request !== task.request), task].slice(-MEMORY_TOPICS_MAX);
}

/**
 * Builds the persona's reply to one request. Deterministic for the same request; never throws on
 * odd input (empty text, emoji, 100k characters).
 */
export async function composePersonaReply(req: ChatRequest, classifier?: IntentClassifier): Promise<ChatReply> {
  const model = classifier ?? (await getIntentClassifier());
  // A bad row (unknown agent type, missing lists) still gets a reply: SPEC §9 default type CREATOR.
  const avatar: PersonaAvatar = {
    ...req.avatar,
    agentType: VOICES[req.avatar.agentType] ? req.avatar.agentType : DEFAULT_AGENT_TYPE,
    personalityTraits: req.avatar.personalityTraits ?? [],
    skills: req.avatar.skills ?? [],
  };
  const voice = VOICES[avatar.agentType];
  const said = typeof req.message === 'string' ? req.message : '';
  const attachments = req.attachments ?? [];
  const memory: DialogueMemory = req.memory ?? EMPTY_DIALOGUE_MEMORY;
  const state = await replayHistory(req.history ?? [], avatar, model, memory);
  const turn = await resolveTurn(
    said,
    avatar,
    state,
    memory,
    model,
    attachments.some((a) => a.kind === 'image'),
  );
  const { intent, act } = turn;

  // ── dialogue memory: facts, topic, drafts, described context ─────────────────────────────
  let facts: MemoryFacts = memory.facts;
  let topic = memory.topic;
  let lastTask = memory.lastTask;
  let topics = memory.topics ?? [];
  let notes = memory.notes ?? [];
  let told: MemoryFacts = {};
  let forgotten = '';
  if (act === 'forget') {
    const scope = forgetScope(said);
    const before = facts;
    facts = forgetFacts(facts, scope);
    notes = forgetStatements(notes, scope, before, facts);
    // The kinds of fact that changed ("forget what I said about hiking" drops a liking).
    const dropped = (Object.keys(before) as (keyof MemoryFacts)[]).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(facts[k]),
    );
    const keys = scope.all ? [] : scope.keys;
    const things = scope.all ? [] : (scope.things ?? []);
    forgotten = things.length
      ? joinList(things.map((t) => `your ${t}`))
      : dropped.length
        ? joinList(dropped.map((k) => FACT_LABELS[k as keyof MemoryFacts]))
        : keys.length
          ? joinList(keys.map((k) => FACT_LABELS[k]))
          : topic
            ? `"${topic}"`
            : 'that';
    if (!scope.all && keys.length === 0 && dropped.length === 0 && things.length === 0) {
      topics = keepTopic(topics, lastTask);
      topic = null;
      lastTask = null;
      state.lastTopic = null;
      state.lastArtPrompt = null;
      state.lastSubject = null;
    }
  } else if (act !== 'other_language') {
    // "I meant Bath, not Bristol" corrects what was stored; what the message tells is added.
    const corrected = correctedFacts(facts, emojiAsPunctuation(said));
    const typed = emojiAsPunctuation(fixTypos(said));
    let fresh = extractFacts(typed);
    // "we adopted a greyhound" … next message "he is called Admiral": named by a pronoun, across messages.
    const named = fresh.pets?.length ? [] : namedAfter(state.lastUserText ?? '', typed);
    if (named.length) fresh = { ...fresh, pets: named };
    told = { ...corrected, ...fresh };
    const before = facts;
    facts = mergeFacts({ ...facts, ...corrected }, fresh);
    // "I mean plumber", "actually call me Ethan": statements that told the old value are superseded.
    notes = withoutSuperseded(notes, before, facts);
    // What the user says about themselves is kept as said, for recall by retrieval; a correction
    // mends the statements that held the wrong word too.
    const mended = correctionOf(said);
    if (mended) notes = notes.map((n) => n.replace(mended.wrong, mended.right));
    // A request or a recall question keeps what it tells about the writer too ("grew up speaking Welsh …
    // calm bedtime routine"); the question itself is never kept (`statementOf`).
    if (act !== 'who_are_you') notes = rememberStatement(notes, said);
  }
  if (turn.switched && act !== 'forget') {
    topics = keepTopic(topics, lastTask);
    const setAside = turn.setAside ? setAsideDraft(turn.setAside, intent) : null;
    if (setAside) topics = keepTopic(topics, setAside);
    if (!isOfferIntent(intent)) {
      lastTask = null;
      topic = null;
    }
  }
  const business = describedBusiness(said);
  const news = describedNews(said);
  // "forget my job": the workplace told with it goes too, whatever else is kept.
  const forgetsWork = act === 'forget' && Boolean(memory.facts.occupation) && !facts.occupation;
  const keptBusiness = forgetsWork ? null : (memory.context?.business ?? null);
  const context =
    business || news || memory.context
      ? { business: business ?? keptBusiness, news: news ?? memory.context?.news ?? null }
      : undefined;
  if (isOfferIntent(intent) && !turn.declined) {
    const prompt = turn.imagePrompt ?? (intent === 'mint_nft' ? (lastTask?.imagePrompt ?? null) : null);
    // "post about it" after news told since the last draft is a new post about that news, not more of the draft.
    const sameSubject = !turn.subject || !lastTask?.subject || turn.subject.slice(0, 200) === lastTask.subject;
    const continuing =
      !turn.rewritten && !turn.resumed && sameSubject && (turn.followUp !== null || refersBack(turn.message));
    const next: LastTask = {
      act: intent,
      // "anyway make the site black n neon green": the draft goes on, with the change said.
      request: (continuing && lastTask && lastTask.act === intent
        ? [lastTask.request, resumeEdit(turn.message, lastTask.request)].filter(Boolean).join('; ')
        : turn.request
      ).slice(0, 500),
      subject: turn.subject?.slice(0, 200) ?? null,
      imagePrompt: prompt?.slice(0, 200) ?? null,
    };
    if (lastTask && lastTask.request !== next.request) topics = keepTopic(topics, lastTask);
    topics = topics.filter((t) => t.request !== next.request);
    lastTask = next;
    // "a site for my pottery class and also a logo for it": the second ask waits as a draft.
    const second = turn.resumed ? null : secondAskDraft(turn.message, intent, turn.subject ?? turn.imagePrompt);
    if (second) topics = keepTopic(topics, second);
    topic = (turn.subject ?? turn.imagePrompt ?? TOPIC_NAMES[intent]).slice(0, 200);
  }
  const nextMemory: DialogueMemory = {
    facts,
    topic,
    lastTask,
    topics,
    ...(context ? { context } : {}),
    ...(notes.length ? { notes } : {}),
  };

  const skill = SKILL_PRACTISING.has(intent) && !turn.resumed ? chooseSkill(intent, turn.message, avatar, voice) : null;
  const marketSkill =
    intent === 'market'
      ? (findMentionedSkill(turn.message, avatar.skills) ??
        [...avatar.skills].sort((a, b) => b.proficiency - a.proficiency || a.name.localeCompare(b.name))[0] ??
        null)
      : null;
  const openDraft = turn.whereWeWere ? (memory.lastTask ?? memory.topics?.at(-1) ?? null) : null;
  const baseSeed = `${avatar.id}|${avatar.agentType}|${(req.history ?? []).length}|${normalizeText(turn.message)}|${intent}`;
  const render = (attempt: number) =>
    renderReply({
      avatar,
      turn,
      state,
      facts,
      storedFacts: memory.facts,
      told,
      forgotten,
      recall: recallTargets(fixTypos(said)),
      skill,
      marketSkill,
      price: marketSkill ? skillListPriceEth(marketSkill.proficiency) : '',
      attachments,
      openDraft,
      guess:
        turn.act === 'recall_fact' && !turn.lastTurn && !turn.recalled
          ? closestStatements(turn.message, memory.notes ?? [])
          : null,
      business: nextMemory.context?.business ?? null,
      now: req.now ?? new Date(),
      seed: `${baseSeed}#${attempt}`,
    });
  let response = render(0);
  for (let attempt = 1; attempt < 8 && response === state.lastAvatarText; attempt++) response = render(attempt);

  const codeProject =
    turn.codeProject || (intent === 'build_website' && extractTaskSlots(turn.request).language !== null);
  const routing = { agentType: avatar.agentType, codeProject };
  const suggestion = taskSuggestionForIntent(intent, routing);
  return {
    response,
    intent,
    confidence: turn.confidence,
    actions: actionsForIntent(intent, routing),
    taskSuggestion: suggestion ? { ...suggestion, prompt: taskPrompt(suggestion.action, nextMemory) } : null,
    skillExercised: skill?.name ?? null,
    imagePrompt: turn.imagePrompt,
    memory: nextMemory,
  };
}

/** Splits text into word chunks (each word with its following whitespace); joined they equal `text`. */
export function wordChunks(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * {@link composePersonaReply}, with a failure of the engine itself (a defect, never the user's input)
 * reported as a {@link ChatProviderError}: the route answers 502 in words, as for any provider, and
 * the message is not stored.
 */
async function composeOrFail(req: ChatRequest, classifier: IntentClassifier): Promise<ChatReply> {
  try {
    return await composePersonaReply(req, classifier);
  } catch (error) {
    throw new ChatProviderError(PERSONA_PROVIDER_NAME, 'the offline engine failed on this message', { cause: error });
  }
}

/**
 * The offline persona engine as a {@link ChatProvider} named 'persona-engine'. The intent
 * classifier is trained on first use (~100 ms) unless one is passed in. `stream()` yields the reply
 * in word-sized deltas, then the final reply. An aborted signal rejects with its reason.
 */
export function createPersonaProvider(options: { classifier?: IntentClassifier } = {}): ChatProvider {
  const classifier = async () => options.classifier ?? (await getIntentClassifier());
  return {
    name: PERSONA_PROVIDER_NAME,
    async reply(req: ChatRequest, opts?: ChatCallOptions): Promise<ChatReply> {
      throwIfAborted(opts?.signal);
      return composeOrFail(req, await classifier());
    },
    async *stream(req: ChatRequest, opts?: ChatCallOptions): AsyncIterable<ChatStreamEvent> {
      throwIfAborted(opts?.signal);
      const reply = await composeOrFail(req, await classifier());
      for (const text of wordChunks(reply.response)) {
        throwIfAborted(opts?.signal);
        yield { type: 'delta', text };
      }
      throwIfAborted(opts?.signal);
      yield { type: 'final', reply };
    },
  };
}

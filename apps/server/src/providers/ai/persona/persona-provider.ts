/**
 * The embedded offline persona engine (DESIGN §2 "chat": deterministic, in-character, detects task
 * intents; issue 3). No network, no key, no randomness: the same avatar, message and history give
 * the same reply.
 *
 * How a reply is made:
 * 1. The history is replayed (oldest first) to know whether the avatar has already spoken, the
 *    last topic, the last offer it made, the last art prompt and subject, and its last reply.
 * 2. The message is resolved: a short follow-up ("yes", "do it", "again", "no") acts on the last
 *    offer or topic; anything else goes to the trained intent classifier.
 * 3. Details are extracted (image prompt, skill, site subject, app vs site).
 * 4. The reply is assembled in the avatar's voice (`voices.ts`) from variants picked by a hash of
 *    the conversation, never repeating the previous reply word for word, and routed to actions and
 *    a task suggestion (`../intent-routing.ts`).
 */
import { DEFAULT_AGENT_TYPE } from '@app/domain/avatar';
import { type DialogueMemory, EMPTY_DIALOGUE_MEMORY, type Intent, type MemoryFacts } from '@app/domain/chat';
import { embeddedCodeSummary } from '@app/domain/tasks';
import { DEFAULT_PROFICIENCY, practiseProficiency, xpToNextLevel } from '@app/domain/training';
import { actionsForIntent, CAPABILITY_ACTIONS, taskSuggestionForIntent } from '../intent-routing';
import type {
  ChatCallOptions,
  ChatProvider,
  ChatReply,
  ChatRequest,
  ChatStreamEvent,
  ChatTurn,
  PersonaAvatar,
} from '../types';
import { answerDate, calculate, looksLikeArithmetic } from './calc';
import { rewriteFollowUp } from './context';
import { CONVERSATION_VOICES } from './conversation-voices';
import {
  detectFollowUp,
  extractImagePrompt,
  extractNamedSkill,
  extractObject,
  extractSubject,
  type FollowUp,
  findMentionedSkill,
  wantsCodeProject,
  weakestSkill,
} from './extract';
import { extractFacts, forgetFacts, forgetScope, hasFacts, mergeFacts, recallTargets } from './facts';
import { type DialogueAct, getIntentClassifier, type IntentClassifier } from './intent-classifier';
import { hashString, seededRandom } from './seeded';
import { extractTaskSlots } from './slots';
import { normalizeText } from './text-features';
import {
  CAPABILITY_PHRASES,
  fillTemplate,
  NEXT_OFFER,
  type OfferIntent,
  SIGNATURE_OFFER,
  TOPIC_NAMES,
  VOICES,
  type Voice,
} from './voices';

/** The provider name reported to `/api/health`. */
export const PERSONA_PROVIDER_NAME = 'persona-engine';

/** How many of the most recent history turns are replayed. */
export const HISTORY_WINDOW = 20;

const OFFER_INTENTS = new Set<Intent>(Object.keys(NEXT_OFFER) as OfferIntent[]);

function isOfferIntent(intent: Intent | null): intent is OfferIntent {
  return intent !== null && OFFER_INTENTS.has(intent);
}

/** One user message after resolution (classifier or follow-up rule) and extraction. */
interface ResolvedTurn {
  /** The message as understood: a context follow-up ("and in python?") rewritten to stand alone. */
  message: string;
  /** True when `message` is a rewritten context follow-up (a new, complete request). */
  rewritten: boolean;
  /** The dialogue act (NLU label, or the act a follow-up resolves to). */
  act: DialogueAct;
  intent: Intent;
  /** nlp.js sentiment score of the message (< 0 negative). */
  sentiment: number;
  confidence: number;
  followUp: FollowUp;
  declined: boolean;
  codeProject: boolean;
  imagePrompt: string | null;
  subject: string | null;
}

/** What the replayed history tells about the conversation so far. */
interface ConversationState {
  /** The avatar has already replied at least once (so it does not introduce itself again). */
  avatarHasSpoken: boolean;
  /** The intent of the last user turn, after resolution. */
  lastIntent: Intent | null;
  /** The last task topic (an offer intent) the user brought up. */
  lastTopic: OfferIntent | null;
  lastArtPrompt: string | null;
  lastSubject: string | null;
  lastAvatarText: string | null;
  /** The act of the last user turn and its text as understood (for context follow-ups). */
  lastAct: DialogueAct | null;
  lastMessage: string | null;
  /** The full request that opened the current task topic. */
  lastRequest: string | null;
}

/** The offer the avatar's reply to `intent` ended with (see `offerFor`), or null. */
function offerAfter(intent: Intent, avatar: PersonaAvatar): OfferIntent | null {
  if (intent === 'greeting' || intent === 'capabilities') return SIGNATURE_OFFER[avatar.agentType];
  if (isOfferIntent(intent)) return NEXT_OFFER[intent];
  return null;
}

/** Task acts share their names with domain intents; conversation maps to greeting/capabilities/other. */
const TASK_ACTS = new Set<string>([
  'make_art',
  'mint_nft',
  'build_website',
  'social_post',
  'learn_skill',
  'market',
  'verify_task',
]);

/** The domain intent of a dialogue act (packages/domain chat.ts INTENTS). */
export function domainIntentOf(act: DialogueAct): Intent {
  if (act === 'greeting' || act === 'capabilities' || TASK_ACTS.has(act)) return act as Intent;
  return 'other';
}

/** nlp.js sentiment from which a feelings message is good news (below: answered with empathy). */
export const FEEL_GOOD_SENTIMENT = 0.5;

/** A message that points back at what was just discussed ("it", "that one", "the piece"). */
const REFERS_BACK = /\b(?:it|that|this|that one|this one|the (?:piece|one|art|artwork|image|site|post|same))\b/i;

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

const POST_WORDS = /\b(?:posts?|casts?|tweets?|threads?|updates?|captions?|shitposts?|teasers?|announcements?)\b/i;

async function resolveTurn(
  said: string,
  avatar: PersonaAvatar,
  state: ConversationState,
  classifier: IntentClassifier,
  hasImageAttachment: boolean,
): Promise<ResolvedTurn> {
  const voice = VOICES[avatar.agentType];
  // "and in python?", "make it blue", "what about tomorrow": the request the context gives it.
  const rewrite = rewriteFollowUp(said, state);
  const message = rewrite?.message ?? said;
  const followUp = rewrite ? null : detectFollowUp(message);
  let intent: Intent | null = null;
  let act: DialogueAct = 'other';
  let confidence = 1;
  let sentiment = 0;
  let declined = false;

  if (followUp && state.lastIntent) {
    if (followUp === 'affirm') intent = offerAfter(state.lastIntent, avatar);
    else if (followUp === 'again') intent = state.lastTopic;
    else if (followUp === 'decline' && offerAfter(state.lastIntent, avatar)) {
      intent = 'other';
      declined = true;
    }
  }
  const isFollowUp = intent !== null;
  if (intent !== null) act = intent === 'other' ? 'other' : (intent as DialogueAct);
  else if (rewrite?.act) {
    act = rewrite.act;
    intent = domainIntentOf(act);
    const prediction = await classifier.predict(message);
    sentiment = prediction.sentiment;
  } else if (looksLikeArithmetic(message)) {
    act = 'maths';
    intent = 'other';
  } else {
    const prediction = await classifier.predict(message);
    act = prediction.act;
    // A sentence in another language: say so, whatever the English model made of it.
    // Only an unsure English reading gives way to the language guess (short texts fool it).
    if (prediction.language !== 'en' && act === 'other') {
      act = 'other_language';
    }
    intent = domainIntentOf(act);
    confidence = prediction.confidence;
    sentiment = prediction.sentiment;
  }
  // "mint that one" mints the piece just discussed, not a piece drawn from the sentence.
  const refersBack = !isFollowUp && REFERS_BACK.test(message);

  let imagePrompt: string | null = null;
  const defaultArt = () => pick(voice.default_art, seededRandom(hashString(`${avatar.id}|art|${message}`)));
  if (intent === 'make_art' || intent === 'mint_nft') {
    const extracted = isFollowUp
      ? ({ kind: 'none' } as const)
      : extractImagePrompt(message, intent === 'mint_nft' ? 'mint' : 'art');
    if (extracted.kind === 'subject') imagePrompt = extracted.prompt;
    else if (followUp === 'again' && intent === 'make_art' && state.lastArtPrompt) {
      imagePrompt = state.lastArtPrompt.endsWith(', alternate take')
        ? state.lastArtPrompt
        : `${state.lastArtPrompt}, alternate take`;
    } else if ((extracted.kind === 'reference' || intent === 'mint_nft' || isFollowUp) && state.lastArtPrompt) {
      imagePrompt = state.lastArtPrompt;
    } else if (hasImageAttachment) imagePrompt = 'artwork inspired by the attached reference image';
    else imagePrompt = defaultArt();
  }

  let subject: string | null = null;
  if (intent === 'build_website' || intent === 'social_post') {
    subject = isFollowUp ? null : extractSubject(message);
    if (!subject && !isFollowUp) {
      const object = extractObject(message);
      // "write a viral post" names the kind of post, not what it is about.
      if (object && !(intent === 'social_post' && POST_WORDS.test(object))) subject = object;
    }
    // Old topics must not leak into a new request: only a follow-up or "it/that" reaches back.
    const sameTopic = isFollowUp || refersBack || state.lastTopic === intent;
    if (!subject && state.lastArtPrompt && intent === 'social_post' && (isFollowUp || refersBack)) {
      subject = `"${state.lastArtPrompt}"`;
    }
    if (!subject && state.lastSubject && sameTopic) subject = state.lastSubject;
  }

  return {
    message,
    rewritten: rewrite !== null,
    act,
    sentiment,
    intent,
    confidence,
    followUp: isFollowUp ? followUp : null,
    declined,
    codeProject: intent === 'build_website' && !isFollowUp && wantsCodeProject(message),
    imagePrompt,
    subject,
  };
}

function updateState(state: ConversationState, turn: ResolvedTurn): void {
  state.lastIntent = turn.declined ? 'other' : turn.intent;
  state.lastAct = turn.act;
  state.lastMessage = turn.message;
  if (isOfferIntent(turn.intent) && !turn.declined) {
    const continuing = !turn.rewritten && (turn.followUp !== null || REFERS_BACK.test(turn.message));
    if (!(continuing && state.lastRequest && state.lastTopic)) state.lastRequest = turn.message;
  }
  if (isOfferIntent(turn.intent)) state.lastTopic = turn.intent;
  if (turn.imagePrompt) state.lastArtPrompt = turn.imagePrompt;
  if (turn.subject) state.lastSubject = turn.subject;
}

async function replayHistory(
  history: readonly ChatTurn[],
  avatar: PersonaAvatar,
  classifier: IntentClassifier,
  memory: DialogueMemory,
): Promise<ConversationState> {
  // The stored dialogue state carries what happened before the replayed window (issue 17).
  const last = memory.lastTask;
  const state: ConversationState = {
    avatarHasSpoken: false,
    lastIntent: null,
    lastTopic: last && isOfferIntent(last.act as Intent) ? (last.act as OfferIntent) : null,
    lastArtPrompt: last?.imagePrompt ?? null,
    lastSubject: last?.subject ?? null,
    lastAvatarText: null,
    lastAct: null,
    lastMessage: null,
    lastRequest: last?.request ?? null,
  };
  for (const turn of history.slice(-HISTORY_WINDOW)) {
    if (turn.role === 'avatar') {
      state.avatarHasSpoken = true;
      state.lastAvatarText = turn.text;
    } else {
      const resolved = await resolveTurn(turn.text, avatar, state, classifier, false);
      if (resolved.act === 'forget') {
        state.lastTopic = null;
        state.lastArtPrompt = null;
        state.lastSubject = null;
        state.lastRequest = null;
      }
      updateState(state, resolved);
    }
  }
  return state;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function shortDescription(description: string | null): string {
  const d = (description ?? '').replace(/\s+/g, ' ').trim();
  if (!d) return '';
  let cut = d.length > 160 ? d.slice(0, 160).replace(/\s+\S*$/, '') : d;
  if (!/[.!?…]$/.test(cut)) cut += '.';
  return `${cut} `;
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

/** What a clarifying reply lists after the type's own capabilities. */
const CLARIFYING_ACTIONS = ['generate_image', 'deploy_website', 'farcaster_post', 'list_skill', 'verify_task'] as const;

/** Intents whose work practises a skill the user names (so it counts as exercising it). */
const SKILL_PRACTISING = new Set<Intent>(['learn_skill', 'make_art', 'mint_nft', 'build_website', 'social_post']);

/**
 * Builds the persona's reply to one request. Pure and synchronous; deterministic for the same
 * request. Never throws on odd input (empty text, emoji, 100k characters).
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
    model,
    attachments.some((a) => a.kind === 'image'),
  );
  const { intent, act, message } = turn;
  const talk = CONVERSATION_VOICES[avatar.agentType];

  // ── dialogue state: facts told, forgetting, topic, last task ──────────────────────────────
  let facts: MemoryFacts = memory.facts;
  let topic = memory.topic;
  let lastTask = memory.lastTask;
  let told: MemoryFacts = {};
  let forgotten = '';
  if (act === 'forget') {
    const scope = forgetScope(message);
    const dropped = scope.all ? Object.keys(facts) : scope.keys.filter((k) => facts[k] !== undefined);
    facts = forgetFacts(facts, scope);
    forgotten = dropped.length
      ? joinList(dropped.map((k) => FACT_LABELS[k as keyof MemoryFacts]))
      : topic
        ? `"${topic}"`
        : 'that';
    topic = null;
    lastTask = null;
    state.lastTopic = null;
    state.lastArtPrompt = null;
    state.lastSubject = null;
  } else if (act !== 'other_language') {
    told = extractFacts(message);
    // Outside a statement about themselves only explicit name/place phrases count.
    if (act !== 'tell_fact') told = { name: told.name, location: told.location };
    if (hasFacts(told)) facts = mergeFacts(facts, told);
  }
  if (isOfferIntent(intent) && !turn.declined) {
    const prompt = turn.imagePrompt ?? (intent === 'mint_nft' ? (lastTask?.imagePrompt ?? null) : null);
    const continuing = !turn.rewritten && (turn.followUp !== null || REFERS_BACK.test(message));
    lastTask = {
      act: intent,
      request: (continuing && lastTask ? lastTask.request : message).slice(0, 500),
      subject: turn.subject,
      imagePrompt: prompt,
    };
    topic = (turn.subject ?? turn.imagePrompt ?? TOPIC_NAMES[intent]).slice(0, 200);
  }
  const nextMemory: DialogueMemory = { facts, topic, lastTask };

  const skill = SKILL_PRACTISING.has(intent) ? chooseSkill(intent, message, avatar, voice) : null;
  const marketSkill =
    intent === 'market'
      ? (findMentionedSkill(message, avatar.skills) ??
        [...avatar.skills].sort((a, b) => b.proficiency - a.proficiency || a.name.localeCompare(b.name))[0] ??
        null)
      : null;

  const topSkills = [...avatar.skills]
    .sort((a, b) => b.proficiency - a.proficiency || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((s) => s.name);
  const capabilities = CAPABILITY_ACTIONS[avatar.agentType];
  const allCapabilities = [...new Set([...capabilities, ...CLARIFYING_ACTIONS])].slice(0, 6);
  const traits = avatar.personalityTraits.filter((t) => t.trim()).map((t) => t.trim());
  const baseSeed = `${avatar.id}|${avatar.agentType}|${(req.history ?? []).length}|${normalizeText(message)}|${intent}`;

  const render = (attempt: number): string => {
    const random = seededRandom(hashString(`${baseSeed}#${attempt}`));
    const slots: Record<string, string | number> = {
      name: avatar.name,
      NAME: avatar.name.toUpperCase(),
      level: avatar.level,
      nextLevel: avatar.level + 1,
      xpToNext: xpToNextLevel(avatar.experiencePoints),
      trait: traits.length ? pick(traits, random) : 'focused',
      traits: traits.length ? joinList(traits.slice(0, 2)) : 'focused',
      desc: shortDescription(avatar.description),
      skills: topSkills.length ? joinList(topSkills) : `none trained yet (${voice.core_skill} is next)`,
      capList: joinList(capabilities.map((a) => CAPABILITY_PHRASES[a])),
      capListAll: joinList(allCapabilities.map((a) => CAPABILITY_PHRASES[a])),
      prevTopic: state.lastTopic ? TOPIC_NAMES[state.lastTopic] : '',
      prompt: turn.imagePrompt ?? '',
      subject: turn.subject ?? (intent === 'social_post' ? 'your latest work' : 'your project'),
      skill: skill?.name ?? marketSkill?.name ?? '',
      prof: Math.round(skill?.proficiency ?? marketSkill?.proficiency ?? 0),
      nextProf: skill ? practiseProficiency(skill.isNew ? DEFAULT_PROFICIENCY : skill.proficiency) : 0,
      price: marketSkill ? skillListPriceEth(marketSkill.proficiency) : '',
      user: facts.name ?? '',
      fact: act === 'forget' ? forgotten : describeFacts(told) || 'that',
      facts: '',
      answer: '',
      expr: '',
    };
    if (act === 'maths') {
      const calc = calculate(message);
      if (calc.ok) {
        slots.answer = calc.value;
        slots.expr = calc.expression;
      }
    }
    if (act === 'date_time') slots.answer = answerDate(message, req.now ?? new Date());
    if (act === 'recall_fact') {
      // Every fact the question names ("my name and where I live"), or all of them.
      const targets = recallTargets(message);
      const known = targets.length
        ? Object.fromEntries(targets.filter((k) => facts[k] !== undefined).map((k) => [k, facts[k]]))
        : facts;
      slots.facts = describeFacts(known as MemoryFacts);
    }

    const parts: string[] = [];
    const introduces = intent === 'greeting' || act === 'who_are_you';
    if (!state.avatarHasSpoken && !introduces) {
      parts.push(pick(memory.facts.name ? talk.hello_named : voice.hello, random));
    }
    for (const a of attachments.slice(0, 3)) {
      const words = (a.text ?? '').split(/\s+/).filter(Boolean).length;
      const templates = a.kind === 'image' ? voice.attachment_image : voice.attachment_text;
      parts.push(fillTemplate(pick(templates, random), { attachment: a.name.slice(0, 80), words }));
    }

    const continuing = turn.followUp === 'affirm';
    if (isOfferIntent(intent) && state.lastTopic && !continuing) {
      if (intent !== state.lastTopic) parts.push(pick(voice.switch_topic, random));
      else if (turn.followUp === 'again' || intent === 'make_art') parts.push(pick(voice.same_topic, random));
    }

    let body: string[];
    if (turn.declined) body = voice.decline;
    else if (intent === 'greeting' && memory.facts.name && !state.avatarHasSpoken) body = talk.hello_named;
    else if (intent === 'greeting') body = state.avatarHasSpoken ? voice.regreet : voice.intro;
    else if (act === 'who_are_you') body = voice.intro;
    else if (act === 'thanks') body = talk.thanks;
    else if (act === 'goodbye') body = talk.goodbye;
    else if (act === 'smalltalk') body = talk.smalltalk;
    else if (act === 'feelings')
      // nlp.js scores mild phrases ("a bit down") slightly positive: only clear joy counts as good news.
      body = turn.sentiment >= FEEL_GOOD_SENTIMENT ? talk.feel_good : talk.feel_bad;
    else if (act === 'opinion') body = talk.opinion;
    else if (act === 'maths') body = slots.answer ? talk.maths : talk.maths_fail;
    else if (act === 'date_time') body = talk.date;
    else if (act === 'world_fact') body = talk.world_fact;
    else if (act === 'tell_fact') body = hasFacts(told) ? talk.remember : talk.feel_neutral;
    else if (act === 'recall_fact') body = slots.facts ? talk.recall : talk.recall_empty;
    else if (act === 'forget') body = talk.forget;
    else if (act === 'other_language') body = talk.other_language;
    else if (intent === 'other') body = state.lastTopic ? voice.other_with_topic : voice.other;
    else if (intent === 'build_website' && turn.codeProject) body = voice.code_project;
    else if (intent === 'learn_skill' && skill?.isNew) body = voice.learn_new_skill;
    else body = voice[intent];
    parts.push(pick(body, random));
    // Offline, a code project is a starter from a template, and the reply says so (DESIGN §8).
    if (body === voice.code_project) parts.push(embeddedCodeSummary('it will be a starter project about {subject}'));
    if (intent === 'market' && marketSkill) parts.push(pick(voice.market_skill, random));

    if (!turn.declined) {
      if (intent === 'greeting' || intent === 'capabilities') parts.push(pick(voice.signature_offer, random));
      else if (isOfferIntent(intent)) parts.push(pick(voice.offers[NEXT_OFFER[intent]], random));
    }
    const filled = parts.map((part) => fillTemplate(part, slots)).filter(Boolean);
    return (voice.lowercase ? filled : filled.map(capitalize)).join(' ');
  };

  let response = render(0);
  for (let attempt = 1; attempt < 8 && response === state.lastAvatarText; attempt++) response = render(attempt);

  const codeProject = turn.codeProject || (intent === 'build_website' && extractTaskSlots(message).language !== null);
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

/** How each fact reads when the avatar says it back. */
const FACT_LABELS: Readonly<Record<keyof MemoryFacts, string>> = {
  name: 'your name',
  location: 'where you live',
  occupation: 'your job',
  workingOn: 'what you are working on',
  likes: 'what you like',
};

/** "your name is Sam, you live in Lisbon and you like jazz" ('' when nothing is known). */
export function describeFacts(facts: MemoryFacts): string {
  const parts: string[] = [];
  if (facts.name) parts.push(`your name is ${facts.name}`);
  if (facts.location) parts.push(`you live in ${facts.location}`);
  if (facts.occupation)
    parts.push(`you work as ${/^[aeiou]/i.test(facts.occupation) ? 'an' : 'a'} ${facts.occupation}`);
  if (facts.workingOn) parts.push(`you're working on ${facts.workingOn}`);
  if (facts.likes?.length) parts.push(`you like ${joinList(facts.likes.slice(-3))}`);
  return joinList(parts);
}

/**
 * The task prompt a suggestion carries (issue 17 item 4): the art prompt of the piece discussed,
 * or the request that opened the topic — with the user's city added to "my …" requests that name
 * no place, so "a site for my bakery" from someone in Lisbon is a Lisbon bakery.
 */
function taskPrompt(action: string, memory: DialogueMemory): string | undefined {
  const last = memory.lastTask;
  if (!last) return undefined;
  if (action === 'mint_art_nft' || action === 'generate_image') return last.imagePrompt ?? undefined;
  let prompt = last.request;
  if (action === 'farcaster_post' && last.act === 'make_art' && last.imagePrompt) {
    prompt = `a post about the artwork "${last.imagePrompt}"`;
  }
  if (
    (action === 'deploy_website' || action === 'code_project') &&
    memory.facts.location &&
    /\b(?:my|our)\b/i.test(prompt) &&
    !extractTaskSlots(prompt).place
  ) {
    prompt = `${prompt} in ${memory.facts.location}`;
  }
  return prompt.slice(0, 500);
}

/** Splits text into word chunks (each word with its following whitespace); joined they equal `text`. */
export function wordChunks(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * The offline persona engine as a {@link ChatProvider} named 'persona-engine'. The intent
 * classifier is trained on first use (~100 ms) unless one is passed in. `stream()` yields the reply
 * in word-sized deltas, then the final reply. An aborted signal rejects with its reason.
 */
export function createPersonaProvider(options: { classifier?: IntentClassifier } = {}): ChatProvider {
  // Train (or load) the NLU in the background from start-up, so the first message does not wait.
  if (!options.classifier) void getIntentClassifier().catch(() => undefined);
  const classifier = async () => options.classifier ?? (await getIntentClassifier());
  return {
    name: PERSONA_PROVIDER_NAME,
    async reply(req: ChatRequest, opts?: ChatCallOptions): Promise<ChatReply> {
      throwIfAborted(opts?.signal);
      return composePersonaReply(req, await classifier());
    },
    async *stream(req: ChatRequest, opts?: ChatCallOptions): AsyncIterable<ChatStreamEvent> {
      throwIfAborted(opts?.signal);
      const reply = await composePersonaReply(req, await classifier());
      for (const text of wordChunks(reply.response)) {
        throwIfAborted(opts?.signal);
        yield { type: 'delta', text };
      }
      throwIfAborted(opts?.signal);
      yield { type: 'final', reply };
    },
  };
}

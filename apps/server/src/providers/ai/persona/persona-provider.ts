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
import type { Intent } from '@app/domain/chat';
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
import { getIntentClassifier, type IntentClassifier } from './intent-classifier';
import { hashString, seededRandom } from './seeded';
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
  intent: Intent;
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
}

/** The offer the avatar's reply to `intent` ended with (see `offerFor`), or null. */
function offerAfter(intent: Intent, avatar: PersonaAvatar): OfferIntent | null {
  if (intent === 'greeting' || intent === 'capabilities') return SIGNATURE_OFFER[avatar.agentType];
  if (isOfferIntent(intent)) return NEXT_OFFER[intent];
  return null;
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

const POST_WORDS = /\b(?:posts?|casts?|tweets?|threads?|updates?|captions?|shitposts?|teasers?|announcements?)\b/i;

function resolveTurn(
  message: string,
  avatar: PersonaAvatar,
  state: ConversationState,
  classifier: IntentClassifier,
  hasImageAttachment: boolean,
): ResolvedTurn {
  const voice = VOICES[avatar.agentType];
  const followUp = detectFollowUp(message);
  let intent: Intent | null = null;
  let confidence = 1;
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
  if (intent === null) {
    const prediction = classifier.predict(message);
    intent = prediction.intent;
    confidence = prediction.confidence;
  }

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
    if (!subject && state.lastArtPrompt && intent === 'social_post') subject = `"${state.lastArtPrompt}"`;
    if (!subject && state.lastSubject) subject = state.lastSubject;
  }

  return {
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
  if (isOfferIntent(turn.intent)) state.lastTopic = turn.intent;
  if (turn.imagePrompt) state.lastArtPrompt = turn.imagePrompt;
  if (turn.subject) state.lastSubject = turn.subject;
}

function replayHistory(
  history: readonly ChatTurn[],
  avatar: PersonaAvatar,
  classifier: IntentClassifier,
): ConversationState {
  const state: ConversationState = {
    avatarHasSpoken: false,
    lastIntent: null,
    lastTopic: null,
    lastArtPrompt: null,
    lastSubject: null,
    lastAvatarText: null,
  };
  for (const turn of history.slice(-HISTORY_WINDOW)) {
    if (turn.role === 'avatar') {
      state.avatarHasSpoken = true;
      state.lastAvatarText = turn.text;
    } else {
      updateState(state, resolveTurn(turn.text, avatar, state, classifier, false));
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
export function composePersonaReply(req: ChatRequest, classifier: IntentClassifier = getIntentClassifier()): ChatReply {
  // A bad row (unknown agent type, missing lists) still gets a reply: SPEC §9 default type CREATOR.
  const avatar: PersonaAvatar = {
    ...req.avatar,
    agentType: VOICES[req.avatar.agentType] ? req.avatar.agentType : DEFAULT_AGENT_TYPE,
    personalityTraits: req.avatar.personalityTraits ?? [],
    skills: req.avatar.skills ?? [],
  };
  const voice = VOICES[avatar.agentType];
  const message = typeof req.message === 'string' ? req.message : '';
  const attachments = req.attachments ?? [];
  const state = replayHistory(req.history ?? [], avatar, classifier);
  const turn = resolveTurn(
    message,
    avatar,
    state,
    classifier,
    attachments.some((a) => a.kind === 'image'),
  );
  const { intent } = turn;

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
      skills: topSkills.length ? joinList(topSkills) : `${voice.core_skill} (in training)`,
      capList: joinList(capabilities.map((a) => CAPABILITY_PHRASES[a])),
      capListAll: joinList(allCapabilities.map((a) => CAPABILITY_PHRASES[a])),
      prevTopic: state.lastTopic ? TOPIC_NAMES[state.lastTopic] : '',
      prompt: turn.imagePrompt ?? '',
      subject: turn.subject ?? (intent === 'social_post' ? 'your latest work' : 'your project'),
      skill: skill?.name ?? marketSkill?.name ?? '',
      prof: Math.round(skill?.proficiency ?? marketSkill?.proficiency ?? 0),
      nextProf: skill ? practiseProficiency(skill.isNew ? DEFAULT_PROFICIENCY : skill.proficiency) : 0,
      price: marketSkill ? skillListPriceEth(marketSkill.proficiency) : '',
    };

    const parts: string[] = [];
    if (!state.avatarHasSpoken && intent !== 'greeting') parts.push(pick(voice.hello, random));
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
    else if (intent === 'greeting') body = state.avatarHasSpoken ? voice.regreet : voice.intro;
    else if (intent === 'other') body = state.lastTopic ? voice.other_with_topic : voice.other;
    else if (intent === 'build_website' && turn.codeProject) body = voice.code_project;
    else if (intent === 'learn_skill' && skill?.isNew) body = voice.learn_new_skill;
    else body = voice[intent];
    parts.push(pick(body, random));
    if (intent === 'market' && marketSkill) parts.push(pick(voice.market_skill, random));

    if (!turn.declined) {
      if (intent === 'greeting' || intent === 'capabilities') parts.push(pick(voice.signature_offer, random));
      else if (isOfferIntent(intent)) parts.push(pick(voice.offers[NEXT_OFFER[intent]], random));
    }
    const filled = parts.map((part) => fillTemplate(part, slots)).filter(Boolean);
    return (voice.lowercase ? filled : filled.map(capitalize)).join(' ');
  };

  let response = render(0);
  for (let attempt = 1; attempt < 6 && response === state.lastAvatarText; attempt++) response = render(attempt);

  const routing = { agentType: avatar.agentType, codeProject: turn.codeProject };
  return {
    response,
    intent,
    confidence: turn.confidence,
    actions: actionsForIntent(intent, routing),
    taskSuggestion: taskSuggestionForIntent(intent, routing),
    skillExercised: skill?.name ?? null,
    imagePrompt: turn.imagePrompt,
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
 * The offline persona engine as a {@link ChatProvider} named 'persona-engine'. The intent
 * classifier is trained on first use (~100 ms) unless one is passed in. `stream()` yields the reply
 * in word-sized deltas, then the final reply. An aborted signal rejects with its reason.
 */
export function createPersonaProvider(options: { classifier?: IntentClassifier } = {}): ChatProvider {
  const classifier = () => options.classifier ?? getIntentClassifier();
  return {
    name: PERSONA_PROVIDER_NAME,
    async reply(req: ChatRequest, opts?: ChatCallOptions): Promise<ChatReply> {
      throwIfAborted(opts?.signal);
      return composePersonaReply(req, classifier());
    },
    async *stream(req: ChatRequest, opts?: ChatCallOptions): AsyncIterable<ChatStreamEvent> {
      throwIfAborted(opts?.signal);
      const reply = composePersonaReply(req, classifier());
      for (const text of wordChunks(reply.response)) {
        throwIfAborted(opts?.signal);
        yield { type: 'delta', text };
      }
      throwIfAborted(opts?.signal);
      yield { type: 'final', reply };
    },
  };
}

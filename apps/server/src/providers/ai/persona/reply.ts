/**
 * Writes the reply to one understood turn in the avatar's voice: an opening when the avatar has
 * not spoken yet, an acknowledgement of facts told and feelings shown alongside a request, then
 * the answer to the main act, then (for tasks only) the next offer. Variants are picked by a hash
 * of the conversation, so the same input gives the same words.
 */
import type { MemoryFacts } from '@app/domain/chat';
import { embeddedCodeSummary } from '@app/domain/tasks';
import { DEFAULT_PROFICIENCY, practiseProficiency, xpToNextLevel } from '@app/domain/training';
import { CAPABILITY_ACTIONS } from '../intent-routing';
import type { ChatAttachment, PersonaAvatar } from '../types';
import { adviceTopic } from './advice';
import { answerDate, calculate } from './calc';
import { clockIn } from './clock';
import { CONVERSATION_VOICES } from './conversation-voices';
import { describeFacts, joinList } from './describe';
import { DIALOGUE_VOICES, type DialogueVoice, TYPE_WORK } from './dialogue-voices';
import { extractSubject } from './extract';
import { petsAsked } from './fact-questions';
import { questionTopic } from './live-data';
import { askedThing } from './recall-question';
import { hashString, seededRandom } from './seeded';
import { refersBack } from './task-brief';
import { REQUEST_CUE as REQUEST_FRAME } from './task-frames';
import { asksFirstTurn, asksTurnBefore } from './topics';
import { type ConversationState, isOfferIntent, REQUEST_CUE, type ResolvedTurn } from './turn';
import { CAPABILITY_PHRASES, fillTemplate, NEXT_OFFER, TOPIC_NAMES, VOICES } from './voices';

/** What the reply needs besides the turn. */
export interface ReplyContext {
  avatar: PersonaAvatar;
  turn: ResolvedTurn;
  state: ConversationState;
  /** Facts after this turn, and the ones this message told. */
  facts: MemoryFacts;
  storedFacts: MemoryFacts;
  told: MemoryFacts;
  /** What "forget …" dropped, said back ("your name"). */
  forgotten: string;
  /** Facts a memory question asks for (all when empty). */
  recall: (keyof MemoryFacts)[];
  skill: { name: string; proficiency: number; isNew: boolean } | null;
  marketSkill: { name: string; proficiency: number } | null;
  price: string;
  attachments: readonly ChatAttachment[];
  /** The business the user described earlier (said back when asked what the avatar knows). */
  business: string | null;
  /**
   * For a recall question nothing stored answers: the user's statements that come closest, said back
   * ("you told me you restrung your Fender Telecaster"), offered as what is known; null otherwise.
   */
  guess: string | null;
  /** The draft "where were we" names, if any. */
  openDraft: { act: string; request: string } | null;
  now: Date;
  /** Seed of the variant choice (changes per attempt to avoid repeating the last reply). */
  seed: string;
}

const CLARIFYING_ACTIONS = ['generate_image', 'deploy_website', 'farcaster_post', 'list_skill', 'verify_task'] as const;

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function shortDescription(description: string | null): string {
  const d = (description ?? '').replace(/\s+/g, ' ').trim();
  if (!d) return '';
  let cut = d.length > 160 ? d.slice(0, 160).replace(/\s+\S*$/, '') : d;
  if (!/[.!?…]$/.test(cut)) cut += '.';
  return `${cut} `;
}

function quote(text: string | null): string {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return t.length > 160 ? `${t.slice(0, 157)}…` : t;
}

/** The task asked for, in plain words (for a reply without hype). */
function gentleWork(intent: string, slots: Record<string, string | number>, codeProject: boolean): string {
  if (intent === 'build_website' && codeProject) return `a starter project for ${slots.subject}`;
  switch (intent) {
    case 'make_art':
      return `drawing "${slots.prompt}"`;
    case 'mint_nft':
      return `minting "${slots.prompt}"`;
    case 'build_website':
      return `a site for ${slots.subject}`;
    case 'social_post':
      return `a post about ${slots.subject}`;
    case 'learn_skill':
      return slots.skill ? `practising ${slots.skill}` : 'some practice';
    case 'verify_task':
      return 'verifying your task';
    default:
      return 'that';
  }
}

/** The reply text for one turn. */
export function renderReply(ctx: ReplyContext): string {
  const { avatar, turn, state } = ctx;
  const { act, intent } = turn;
  const voice = VOICES[avatar.agentType];
  const talk = CONVERSATION_VOICES[avatar.agentType];
  const dlg = DIALOGUE_VOICES[avatar.agentType];
  const random = seededRandom(hashString(ctx.seed));
  const sorted = [...avatar.skills].sort((a, b) => b.proficiency - a.proficiency || a.name.localeCompare(b.name));
  const topSkills = sorted.slice(0, 3).map((s) => s.name);
  const capabilities = CAPABILITY_ACTIONS[avatar.agentType];
  const allCapabilities = [...new Set([...capabilities, ...CLARIFYING_ACTIONS])].slice(0, 6);
  const traits = avatar.personalityTraits.filter((t) => t.trim()).map((t) => t.trim());
  const slots: Record<string, string | number> = {
    name: avatar.name,
    NAME: avatar.name.toUpperCase(),
    TYPE: avatar.agentType,
    typeWork: TYPE_WORK[avatar.agentType],
    level: avatar.level,
    nextLevel: avatar.level + 1,
    xpToNext: xpToNextLevel(avatar.experiencePoints),
    xp: avatar.experiencePoints,
    trait: traits.length ? pick(traits, random) : 'focused',
    traits: traits.length ? joinList(traits.slice(0, 2)) : 'focused',
    desc: shortDescription(avatar.description),
    skills: topSkills.length ? joinList(topSkills) : `none trained yet (${voice.core_skill} is next)`,
    skillsProf: sorted.length
      ? joinList(sorted.slice(0, 4).map((s) => `${s.name} (${Math.round(s.proficiency)}%)`))
      : `none trained yet — ${voice.core_skill} is next`,
    capList: joinList(capabilities.map((a) => CAPABILITY_PHRASES[a])),
    capListAll: joinList(allCapabilities.map((a) => CAPABILITY_PHRASES[a])),
    prevTopic: state.lastTopic ? TOPIC_NAMES[state.lastTopic] : '',
    prompt: turn.imagePrompt ?? '',
    subject:
      turn.subject ??
      (turn.writing
        ? (extractSubject(turn.message) ?? 'it')
        : intent === 'social_post'
          ? 'your latest work'
          : 'your project'),
    skill: ctx.skill?.name ?? ctx.marketSkill?.name ?? '',
    prof: Math.round(ctx.skill?.proficiency ?? ctx.marketSkill?.proficiency ?? 0),
    nextProf: ctx.skill ? practiseProficiency(ctx.skill.isNew ? DEFAULT_PROFICIENCY : ctx.skill.proficiency) : 0,
    price: ctx.price,
    user: ctx.facts.name ?? '',
    fact: act === 'forget' ? ctx.forgotten : describeFacts(ctx.told) || 'that',
    facts: '',
    answer: '',
    expr: '',
    topic: turn.live?.topic ?? (act === 'world_fact' ? questionTopic(turn.message) : ''),
    quote: quote(
      turn.lastTurn && asksFirstTurn(turn.message)
        ? (state.firstUserText ?? state.lastUserText)
        : turn.lastTurn && asksTurnBefore(turn.message)
          ? (state.earlierUserText ?? state.lastUserText)
          : // "what did I just ask you for?": the last question or request, not a feeling told since.
            turn.lastTurn === 'ask'
            ? (state.lastAskText ?? state.lastUserText)
            : state.lastUserText,
    ),
    request: quote(turn.resumed?.request ?? ctx.openDraft?.request ?? ''),
    business: turn.business ?? '',
    piece: turn.writing ?? '',
    asked: act === 'recall_fact' ? (askedThing(turn.message) ?? 'that') : 'that',
  };
  if (turn.resumed) slots.topic = TOPIC_NAMES[turn.resumed.act as keyof typeof TOPIC_NAMES] ?? 'that';
  else if (ctx.openDraft) slots.topic = TOPIC_NAMES[ctx.openDraft.act as keyof typeof TOPIC_NAMES] ?? 'that';
  if (act === 'maths') {
    const calc = calculate(turn.message);
    if (calc.ok) {
      slots.answer = calc.value;
      slots.expr = calc.expression;
    }
  }
  if (act === 'date_time')
    slots.answer = turn.live?.place ? clockIn(turn.live.place, ctx.now) : answerDate(turn.message, ctx.now);
  if (act === 'recall_fact' && turn.recalled !== null) slots.facts = turn.recalled;
  else if (act === 'recall_fact' && !turn.lastTurn) {
    const known: MemoryFacts = ctx.recall.length
      ? Object.fromEntries(ctx.recall.filter((k) => ctx.facts[k] !== undefined).map((k) => [k, ctx.facts[k]]))
      : ctx.facts;
    // "what's my dog called?" with only a cat stored: the cat is not the answer.
    if (ctx.recall.includes('pets') && known.pets) {
      const pets = petsAsked(turn.message, known.pets);
      if (pets?.length) known.pets = pets;
      else delete known.pets;
    }
    const business = !ctx.recall.length && ctx.business ? `you run ${ctx.business.replace(/^an? /i, 'a ')}` : '';
    slots.facts = joinList([describeFacts(known), business].filter(Boolean));
  }

  const unsure = act === 'recall_fact' && !turn.lastTurn && askedThing(turn.message) !== null;
  const parts: string[] = [];
  // "VISA APPROVED 11 months of waiting" taken for a sum that is not there: its feeling is answered.
  const feelingAct = act === 'feelings' || (act === 'maths' && !slots.answer && turn.feeling.polarity !== 'neutral');
  const introduces = intent === 'greeting' || act === 'who_are_you';
  const hurting = turn.feeling.polarity === 'negative' || turn.feeling.polarity === 'mixed';
  // Someone hurting gets the task done without hype or an upsell, and no pitch right after either.
  const gentleTask = hurting && isOfferIntent(intent) && !turn.declined;
  if (!state.avatarHasSpoken && !introduces && !feelingAct && !hurting) {
    parts.push(pick(ctx.storedFacts.name ? talk.hello_named : voice.hello, random));
  }
  for (const a of ctx.attachments.slice(0, 3)) {
    const words = (a.text ?? '').split(/\s+/).filter(Boolean).length;
    const templates = a.kind === 'image' ? voice.attachment_image : voice.attachment_text;
    parts.push(fillTemplate(pick(templates, random), { attachment: a.name.slice(0, 80), words }));
  }
  // A plan told with bad news ("so nervous about my test on Friday") is kept, not announced.
  const toldFacts = hurting || feelingAct ? { ...ctx.told, plans: undefined } : ctx.told;
  const toldSomething = describeFacts(toldFacts) !== '';
  if (toldSomething && act !== 'tell_fact' && act !== 'forget') parts.push(pick(talk.remember, random));
  const polarity = turn.feeling.polarity;
  // A question asked while hurting ("someone stole my phone, I'm shaking — where do I report it?") or
  // glad ("GOT THE JOB!! wait, do you still know my address?") is answered after a word of sympathy or joy
  // too, when the feeling is told beside the question, not only in it.
  const toldFeeling =
    polarity !== 'neutral' &&
    (['recall_fact', 'world_fact', 'opinion', 'other', 'who_are_you'].includes(act) || turn.identity !== null) &&
    (Math.abs(turn.feeling.score) >= 4 ||
      /(?:[.!,;—–]|\p{Extended_Pictographic})\s/u.test(turn.message.replace(/[^.!?]*\?\s*$/, '')));
  if (!feelingAct && (isOfferIntent(intent) || toldFeeling) && polarity !== 'neutral') {
    parts.push(pick(polarity === 'positive' ? dlg.feel_good_short : dlg.feel_bad_short, random));
  }
  if (turn.resumed) parts.push(pick(dlg.resume, random));
  else if (isOfferIntent(intent) && !gentleTask && state.lastTopic && turn.followUp !== 'affirm' && !turn.switched) {
    // "mint that one" after a painting, "post about it" after a site: the work goes on, no switch.
    const goesOn = refersBack(turn.message) || (intent === 'mint_nft' && state.lastTopic === 'make_art');
    if (intent !== state.lastTopic && !goesOn) parts.push(pick(voice.switch_topic, random));
    else if (turn.followUp === 'again' || intent === 'make_art') parts.push(pick(voice.same_topic, random));
  }

  const hardBefore = state.lastFeeling === 'negative' || state.lastFeeling === 'mixed';
  const asked = turn.message.includes('?');
  const words = turn.message.match(/\p{L}+/gu)?.length ?? 0;
  // "I keep expecting to hear him at the door" after bad news: the hard story goes on, told in
  // words no lexicon scores; it is answered with comfort still, not "noted" or the menu.
  const stillHard =
    hardBefore &&
    polarity === 'neutral' &&
    // "he left", "she's gone": two words with a subject go on with the story too.
    (words >= 4 || (words >= 2 && /\b(?:he|she|they|it|i|we|my|our)\b/i.test(turn.message))) &&
    !asked &&
    !REQUEST_CUE.test(turn.message) &&
    !REQUEST_FRAME.test(turn.message) &&
    intent === 'other' &&
    (act === 'smalltalk' || act === 'other' || (act === 'tell_fact' && !toldSomething));
  const afterHard = hardBefore && !stillHard && ['thanks', 'goodbye', 'smalltalk'].includes(act);
  // "yeah. anyway" after bad news: read as nothing in particular, answered warmly, not with the menu.
  // A request to the avatar ("k can u make that thing i mentioned") asks for something either way.
  const asksSomething = REQUEST_CUE.test(turn.message) || REQUEST_FRAME.test(turn.message);
  const afterHardOpen = hardBefore && act === 'other' && intent === 'other' && polarity === 'neutral' && !asksSomething;
  // "like a real stranger!" after good news goes on telling it: still glad, not the menu of tasks.
  const afterGoodOpen =
    state.lastFeeling === 'positive' &&
    act === 'other' &&
    intent === 'other' &&
    polarity === 'neutral' &&
    !asksSomething &&
    !turn.message.includes('?') &&
    // Three words at least: "ok" or "sure" acknowledges, it tells nothing more.
    (turn.message.match(/\p{L}+/gu)?.length ?? 0) >= 3;
  slots.work = gentleWork(intent, slots, turn.codeProject);
  let body: string[];
  if (turn.declined) body = voice.decline;
  else if (stillHard) body = dlg.still_hard;
  else if (afterHard) body = dlg.after_hard;
  else if (afterHardOpen) body = dlg.after_hard_open;
  else if (state.lastFeeling === 'positive' && ((act === 'thanks' && !asksSomething) || afterGoodOpen))
    body = dlg.after_good;
  else if (gentleTask && !turn.resumed) body = dlg.gentle_task;
  else if (turn.identity && turn.identity !== 'about') body = dlg[turn.identity];
  else if (act === 'who_are_you') body = turn.identity === 'about' || !turn.identity ? dlg.about : voice.intro;
  else if (intent === 'greeting' && ctx.storedFacts.name && !state.avatarHasSpoken) body = talk.hello_named;
  else if (intent === 'greeting') body = state.avatarHasSpoken ? voice.regreet : voice.intro;
  else if (turn.writing) body = dlg.writing;
  else if (turn.lastTurn) body = state.lastUserText ? turnLines(turn, dlg) : dlg.last_none;
  else if (turn.whereWeWere) body = ctx.openDraft ? dlg.where_we_were : dlg.where_none;
  else if (act === 'thanks') body = talk.thanks;
  else if (act === 'goodbye') body = talk.goodbye;
  else if (act === 'smalltalk') body = talk.smalltalk;
  else if (feelingAct)
    body = polarity === 'mixed' ? dlg.feel_mixed : polarity === 'positive' ? dlg.feel_good : dlg.feel_bad;
  else if (act === 'opinion') {
    // "should I learn Go or Rust first?": the question is said back before the opinion.
    const asked = adviceTopic(turn.message);
    if (asked) parts.push(pick(talk.opinion_on, random).replace('{asked}', asked));
    // "any theme ideas for Mia?": ideas, which offline are not made up; what it can make instead.
    body = /\b(?:ideas?|suggestions?|themes?|would (?:you|u) go for)\b/i.test(turn.message) ? talk.ideas : talk.opinion;
  } else if (act === 'maths') body = slots.answer ? talk.maths : talk.maths_fail;
  else if (act === 'date_time') body = talk.date;
  else if (act === 'world_fact' && turn.live?.kind === 'explain') body = talk.explain;
  else if (act === 'world_fact') body = turn.live && turn.live.kind !== 'world' ? dlg.live : talk.world_fact;
  else if (turn.business && ['tell_fact', 'other', 'smalltalk', 'opinion'].includes(act)) body = dlg.noted_business;
  else if (act === 'tell_fact') body = toldSomething ? talk.remember : talk.feel_neutral;
  // A question naming one thing no field is known to hold ("what is my blood type?") is not answered
  // as if everything told answered it: the reply says it does not know, and offers what it has.
  else if (act === 'recall_fact' && !slots.facts && ctx.guess) {
    // Nothing on file answers it: the closest statements are offered as such, never as the answer.
    slots.facts = ctx.guess;
    body = talk.recall_unsure;
  } else if (act === 'recall_fact' && slots.facts && turn.recalled === null && !ctx.recall.length && unsure)
    body = talk.recall_unsure;
  else if (act === 'recall_fact') body = slots.facts ? talk.recall : talk.recall_empty;
  else if (act === 'forget') body = talk.forget;
  else if (act === 'other_language') body = talk.other_language;
  else if (intent === 'other') body = state.lastTopic ? voice.other_with_topic : voice.other;
  else if (intent === 'build_website' && turn.codeProject) body = voice.code_project;
  else if (intent === 'learn_skill' && ctx.skill?.isNew) body = voice.learn_new_skill;
  else body = voice[intent];
  parts.push(pick(body, random));
  for (const aspect of turn.identityMore) if (aspect !== 'about') parts.push(pick(dlg[aspect], random));
  // Offline, a code project is a starter from a template, and the reply says so (DESIGN §8).
  if (body === voice.code_project)
    parts.push(`${embeddedCodeSummary('it will be a starter project about {subject}')}.`);
  if (intent === 'market' && ctx.marketSkill && !gentleTask) parts.push(pick(voice.market_skill, random));

  if (!turn.declined && !turn.identity && !gentleTask) {
    if (intent === 'greeting' || intent === 'capabilities') parts.push(pick(voice.signature_offer, random));
    else if (isOfferIntent(intent)) parts.push(pick(voice.offers[NEXT_OFFER[intent]], random));
  }
  const filled = parts.map((part) => fillTemplate(part, toldOnce(part, slots))).filter(Boolean);
  return (voice.lowercase ? filled : filled.map(capitalize)).join(' ');
}

/**
 * The slots for a line that already says "you told me" before `{facts}` ("Here is what you told
 * me: {facts}"): a recalled statement's own "you told me …" is not said twice.
 */
function toldOnce<T extends Record<string, string | number>>(line: string, slots: T): T {
  if (!/told me:?\s*\{facts\}/i.test(line) || typeof slots.facts !== 'string') return slots;
  return { ...slots, facts: slots.facts.replace(/^you told me (?:that )?/i, '') };
}

/**
 * The lines that quote an earlier message back: what was asked or said; for the first message or
 * the one before the last, only lines that do not call it the last ("Your last message was …").
 */
function turnLines(turn: ResolvedTurn, dlg: DialogueVoice): string[] {
  const lines = turn.lastTurn === 'ask' ? dlg.last_ask : dlg.last_say;
  const notLast = asksFirstTurn(turn.message) || asksTurnBefore(turn.message);
  return notLast ? lines.filter((l) => !/\blast\b/i.test(l)) : lines;
}

/**
 * Understanding one user message in its conversation: which acts it carries (a fact, a feeling,
 * a question, a request — several may come together), what a switch, resume or reference points
 * at, and the details a task needs (art prompt, subject, the business or news described earlier).
 * Language tools do the reading (`parse.ts`, `feeling.ts`, the classifier); this file decides.
 */

import type { DialogueMemory, Intent, LastTask } from '@app/domain/chat';
import type { PersonaAvatar } from '../types';
import { withoutAcknowledgement } from './acknowledgement';
import { asksAboutCode, declinesWork, detectAct } from './acts';
import { asksAdvice } from './advice';
import { looksLikeArithmetic } from './calc';
import { classifiedAct, REQUEST_CUE } from './classifier-verdict';
import { rewriteFollowUp } from './context';
import { domainIntentOf, isOfferIntent } from './dialogue-intents';
import { detectFollowUp, type FollowUp, wantsCodeProject } from './extract';
import { recallTargets } from './fact-questions';
import { extractFacts, likedThings } from './facts';
import { type Feeling, feelingOf } from './feeling';
import { feelingAfter, reportedFeeling } from './feeling-report';
import { askedPart, englishPart } from './guards';
import type { IdentityAspect } from './identity';
import type { DialogueAct, IntentClassifier } from './intent-classifier';
import type { LiveQuestion } from './live-data';
import { asksOwnOutcome, asksOwnPlan, recallAnswer, spelledOutRecall } from './recall-question';
import * as clauses from './request-clause';
import { hashString, seededRandom } from './seeded';
import { requestedArt, spelledOutArt, withOneReferent, withPetReferent } from './task-art';
import { artObject, briefClause, refersBack as pointsBack, taskBrief, withReferent } from './task-brief';
import { choiceRequest, chosenAlternative, LIST_NOT_TOLD } from './task-choice';
import { describedBusiness, describedNews } from './task-context';
import { refinedDraft } from './task-followup';
import { REQUEST_CUE as REQUEST_FRAME, taskFrame } from './task-frames';
import { escapeRegExp } from './text-features';
import { draftKind, resumeEdit, topicSwitchOf } from './topics';
import { fixTypos } from './typos';
import { NEXT_OFFER, type OfferIntent, SIGNATURE_OFFER, VOICES } from './voices';

export { domainIntentOf, isOfferIntent, REQUEST_CUE };

/** What the replayed history tells about the conversation so far. */
export interface ConversationState {
  avatarHasSpoken: boolean;
  lastIntent: Intent | null;
  lastTopic: OfferIntent | null;
  lastArtPrompt: string | null;
  lastSubject: string | null;
  lastAvatarText: string | null;
  lastAct: DialogueAct | null;
  lastMessage: string | null;
  lastRequest: string | null;
  /** The user's previous message as written (for "what did I just ask?"). */
  lastUserText: string | null;
  /** The user's message before that one ("what was I saying before that?"). */
  earlierUserText?: string | null;
  /** The user's first message in the history ("what was the first thing I told you?"). */
  firstUserText?: string | null;
  /** The user's last message that asked something, a question or a request ("what did I just ask you for?"). */
  lastAskText?: string | null;
  /** The last place the user named (where "there" points). */
  lastPlace: string | null;
  /** How the user felt in their previous message (a hurting user is not sold to next turn either). */
  lastFeeling: Feeling['polarity'];
}

/** One user message, understood. */
export interface ResolvedTurn {
  /** The part of the message that carries the request (after a switch marker, or a resumed draft). */
  message: string;
  /** A follow-up rewritten into a standalone request, or an addition to the draft just asked for. */
  rewritten: boolean;
  act: DialogueAct;
  intent: Intent;
  confidence: number;
  followUp: FollowUp;
  declined: boolean;
  codeProject: boolean;
  imagePrompt: string | null;
  subject: string | null;
  /** How the user feels in this message. */
  feeling: Feeling;
  identity: IdentityAspect | null;
  /** Further aspects the same identity question asks. */
  identityMore: IdentityAspect[];
  live: LiveQuestion | null;
  /** "what did I just ask / say?" */
  lastTurn: 'ask' | 'say' | null;
  /** A recall answered from what the user said ('' = asks for a thing nothing stored names). */
  recalled: string | null;
  whereWeWere: boolean;
  /** The earlier draft this message resumes ("back to the site"). */
  resumed: LastTask | null;
  /** The message opened with "forget that / never mind / scratch that". */
  switched: boolean;
  /** A request of the same message set aside by the switch ("draw a frog… scratch that, …"). */
  setAside: string | null;
  /** The request text to keep as the task draft (the clause that asked, plus described context). */
  request: string;
  /** The business this message describes, if any ("a bakery in Bath called Crust"). */
  business: string | null;
  /** A piece of writing asked for ("poem"), which no offline task makes. */
  writing: string | null;
}

/** After "on second thoughts, …": a request to forget that opens what follows. */
const FORGETS = /^\s*(?:(?:please|pls|could you|can you|just)\s+)*(?:forget|delete|erase|wipe|remove|scrub|unlearn)\b/i;
/** An art request pointing at a pet by pronoun ("paint him", "draw her?"). */
const PET_PRONOUN = /\b(?:draw|paint|sketch|doodle|illustrate|render)\s+(?:him|her)\b/i;
/** A worry asked as a question: "what if I freeze?", "but what if nobody comes". */
const WHAT_IF = /^\W*(?:(?:and|but|so|ok|okay|like|i mean|honestly)\W+)*what if\b/i;
/** Resolves one user message against the conversation so far. */
export async function resolveTurn(
  said: string,
  avatar: PersonaAvatar,
  state: ConversationState,
  memory: DialogueMemory,
  classifier: IntentClassifier,
  hasImageAttachment: boolean,
): Promise<ResolvedTurn> {
  const voice = VOICES[avatar.agentType];
  const typed = fixTypos(typeof said === 'string' ? said : '');
  const original = englishPart(typed) ?? typed; // "Hola! I'm Giulia, vivo en Madrid": its English is read
  // A long story is context; what it asks is read for the act ("and the cat?" after a recall spelled out).
  // "now one of a heron" after a painting is a new piece.
  const asked = spelledOutArt(
    spelledOutRecall(askedPart(original), state.lastAct, state.lastUserText),
    state.lastTopic,
  );
  const sw = topicSwitchOf(asked, memory.facts, memory.notes);
  // "Thank you! Which company do I work for?": the question, not the thanks, is what to answer.
  const text = withoutAcknowledgement(sw ? sw.rest : asked);
  const drafts = [...(memory.topics ?? []), ...(memory.lastTask ? [memory.lastTask] : [])];
  const choice = sw ? null : chosenAlternative(text, state.lastUserText); // "the second one" after a list
  // Pasted code with a request about it is read as that request, never as a follow-up of the last task.
  const codeAsked = asksAboutCode(text);
  const rewrite = sw || codeAsked ? null : choice ? choiceRequest(choice) : rewriteFollowUp(text, state);
  let message = rewrite?.message ?? text;
  const followUp = rewrite || sw || codeAsked ? null : detectFollowUp(message);
  let intent: Intent | null = null;
  let act: DialogueAct = 'other';
  let confidence = 1;
  let declined = false;

  if (followUp && state.lastIntent) {
    const offer = (i: Intent) =>
      i === 'greeting' || i === 'capabilities'
        ? SIGNATURE_OFFER[avatar.agentType]
        : isOfferIntent(i)
          ? NEXT_OFFER[i]
          : null;
    if (followUp === 'affirm') intent = offer(state.lastIntent);
    else if (followUp === 'again') intent = state.lastTopic;
    else if (followUp === 'decline' && offer(state.lastIntent)) {
      intent = 'other';
      declined = true;
    }
  }
  // "please don't build a site or write any posts, we only wanted you to know": nothing is offered.
  if (intent === null && !rewrite && declinesWork(text)) {
    intent = 'other';
    declined = true;
  }
  const isFollowUp = intent !== null;
  const frame = isFollowUp || rewrite ? null : taskFrame(message);
  const found =
    intent !== null || rewrite?.act || (sw && !text.trim())
      ? null
      : // A follow-up read again as its own question ("and eth?" after a price) is detected as that.
        detectAct(
          rewrite?.message ?? text,
          frame,
          drafts,
          state.lastPlace ?? memory.facts.location ?? null,
          !sw || FORGETS.test(text),
        );
  // "it should keep the last seven copies" right after a program was asked for: more of that draft.
  const refined = found || isFollowUp || rewrite || sw ? null : refinedDraft(text, memory.lastTask, state.lastIntent);
  // "who's Bolt?" after "a greyhound called Bolt": a name the user told, not the wide world.
  const told = [memory.facts.name, ...(memory.facts.pets ?? []).map((p) => p.name)].filter(Boolean) as string[];
  if (
    found?.live?.kind === 'world' &&
    (told.some((n) => new RegExp(`\\b${escapeRegExp(n)}\\b`, 'i').test(text)) ||
      asksOwnPlan(text, memory.facts.plans ?? []))
  ) {
    found.act = 'recall_fact';
    found.live = undefined;
  }
  // "what's my sister called?", "what did I tell you about my knee?": found in what was stored.
  let recalled = frame || sw || looksLikeArithmetic(text) ? null : recallAnswer(text, memory, found, state);
  // "so did i pass or nah": only the user can tell; not told is the honest answer.
  if (recalled === null && !frame && !sw && asksOwnOutcome(text)) recalled = '';
  if (recalled !== null && found) Object.assign(found, { act: 'recall_fact', live: undefined });
  // "what was I building again?" asks for the project the user told, when one is known.
  if (found?.whereWeWere && memory.facts.workingOn && recallTargets(text).includes('workingOn')) {
    found.whereWeWere = false;
    found.act = 'recall_fact';
  }
  const {
    identity = null,
    identityMore = [],
    live = null,
    lastTurn = null,
    whereWeWere = false,
    resumed = null,
    code: codeFrame = false,
    writing = null,
  } = found ?? {};
  let likingOnly = false;
  let ownThing = false;
  if (intent !== null) act = intent === 'other' ? 'other' : (intent as DialogueAct);
  else if (rewrite?.act) act = rewrite.act;
  else if (sw && !text.trim()) act = 'forget';
  else if (found) act = found.act;
  else if (refined) act = refined.act as DialogueAct;
  else if (recalled !== null) act = 'recall_fact';
  else if (looksLikeArithmetic(message)) act = 'maths';
  else {
    ({ act, confidence, ownThing, likingOnly } = await classifiedAct(message, original, text, memory, classifier));
  }
  intent = domainIntentOf(act);
  // "are trekking poles worth it?", "Helpful. Which games work for eight?": asks, reports nothing.
  // "no, forget this 🙅 — …": the words that set a topic aside are no feeling; what follows them is read.
  const feltText = sw ? sw.rest : original;
  const reported = reportedFeeling(feltText, feelingOf(feltText));
  let feeling = feelingAfter(feltText, reported, state.lastFeeling);
  // The story goes on in the tone already set: no new feeling to answer.
  if (feeling !== reported && act === 'feelings') act = 'other';
  // Sharing news ("we just opened our second studio") is good news even without feeling words.
  if (feeling.polarity === 'neutral' && describedNews(original) && !isOfferIntent(domainIntentOf(act))) {
    feeling = { ...feeling, polarity: 'positive' };
  }
  // "how good are you at Rust?" asks the avatar; its words are not the user's feeling.
  // "should I learn Go or Rust first?" asks the avatar's advice (advice.ts).
  const asksAvatar =
    asksAdvice(original) ||
    (/\?\s*$/.test(original.trim()) &&
      /\b(?:you|your|u|ur)\b/i.test(original) &&
      !REQUEST_FRAME.test(original) &&
      !/[.!;—–]\s/.test(original.trim().slice(0, -1)));
  // "only keep 7 copies, delete older ones" instructs; its words are no feeling.
  // "make it brighter lol", "splendid, softer colours": a change to the draft tells no feeling.
  if (asksAvatar || likingOnly || refined || rewrite?.edit) feeling = { ...feeling, polarity: 'neutral' };
  // "what if my voice cracks?" right after a worry is the worry going on, not a question to look up.
  const hardBefore = state.lastFeeling === 'negative' || state.lastFeeling === 'mixed';
  let worried = false;
  if (feeling.polarity === 'neutral' && hardBefore && WHAT_IF.test(original) && !frame && !REQUEST_CUE.test(original)) {
    feeling = { ...feeling, polarity: 'negative' };
    worried = true;
    if (['other', 'world_fact', 'recall_fact', 'smalltalk', 'opinion'].includes(act)) act = 'other';
  }
  const emotive = feeling.polarity !== 'neutral';
  // "nobody came to my drinks", "the dog got hurt last night": feelings, whatever the classifier heard
  // (a clock question the language layer found, "is it past midnight there?", stays one).
  const long = message.trim().split(/\s+/).length > 3;
  if (emotive && ['greeting', 'goodbye', 'date_time'].includes(act) && !live && long) act = 'feelings';
  if (emotive && ['other', 'smalltalk', 'feelings', 'tell_fact', 'opinion', 'capabilities'].includes(act)) {
    act = 'feelings';
    intent = 'other';
  } else if (act === 'feelings' && !emotive) act = 'smalltalk';

  // ── details of a task request ─────────────────────────────────────────────────────────────
  const refersBack = !isFollowUp && pointsBack(message);
  let imagePrompt: string | null = null;
  let subject: string | null = null;
  let request = message;
  const carried = resumed ?? refined; // an earlier draft picked up, or the one just asked for, added to
  if (carried) {
    // "back to the landing page: mention that we also offer weekend walks": what the resume adds.
    // "Now, the site ought to be green — a deep forest green": a change said with the resume goes with it.
    const added = resumed
      ? (/\bback (?:to|2)\b[^:,;—–]*[:,;—–]\s*(\S.*)$/i.exec(message)?.[1] ?? resumeEdit(message, resumed.request))
      : undefined;
    const more = added && added.split(/\s+/).length >= 3 ? `; ${added}` : '';
    message = `${carried.request.replace(/[.!?\s]+$/, '')}${more}`.slice(0, 500);
    request = message;
    imagePrompt = carried.imagePrompt;
    subject = carried.subject;
  } else if (intent === 'make_art' || intent === 'mint_nft') {
    let clause = clauses.requestClause(message, intent === 'make_art' ? clauses.ART_CUE : clauses.MINT_CUE);
    request = clause;
    // What to draw starts at the drawing verb or the picture noun ("would you be able to draw a …").
    const from = clause.search(clauses.ART_START);
    if (intent === 'make_art' && from > 0) clause = clause.slice(from).replace(/^(?:to see|show me)\s+/i, '');
    // "can you do a poster for it?": no drawing verb, so the parsed object says what to draw.
    if (intent === 'make_art' && from < 0) clause = artObject(message) ?? clause;
    // "how might a glass forest look? draw it": what to draw is the subject of the question.
    const looks = clauses.LOOKS_LIKE.exec(message);
    if (intent === 'make_art' && looks?.[1]) clause = looks[1];
    const extracted = isFollowUp
      ? ({ kind: 'none' } as const)
      : requestedArt(message, clause, intent === 'mint_nft' ? 'mint' : 'art', state);
    const named = clauses.artNamed(message, drafts);
    const pets = () => [...(memory.facts.pets ?? []), ...(extractFacts(original).pets ?? [])];
    if (extracted.kind === 'subject') {
      imagePrompt = withOneReferent(
        withPetReferent(
          withReferent(extracted.prompt, describedBusiness(original) ?? memory.context?.business ?? null),
          pets(),
        ),
        // "my niece is obsessed w otters" … "draw one holding an umbrella": the thing liked, whoever likes it.
        [...(memory.facts.likes ?? []), ...likedThings(state.lastUserText ?? '')],
      );
    } else if (followUp === 'again' && intent === 'make_art' && state.lastArtPrompt) {
      imagePrompt = state.lastArtPrompt.endsWith(', alternate take')
        ? state.lastArtPrompt
        : `${state.lastArtPrompt}, alternate take`;
    } else if (intent === 'mint_nft' && named) imagePrompt = named;
    else if (
      (extracted.kind === 'reference' || intent === 'mint_nft' || isFollowUp) &&
      (state.lastArtPrompt || named)
    ) {
      imagePrompt = state.lastArtPrompt ?? named;
    } else if (hasImageAttachment) imagePrompt = 'artwork inspired by the attached reference image';
    // "my dog Pip is asleep on my feet. could you paint him?": the pet just told.
    else if (extracted.kind === 'reference' && PET_PRONOUN.test(message) && pets().length)
      imagePrompt = withPetReferent('him', pets());
    else
      imagePrompt =
        voice.default_art[
          Math.floor(seededRandom(hashString(`${avatar.id}|art|${message}`))() * voice.default_art.length)
        ] ?? null;
  } else if (intent === 'build_website' || intent === 'social_post') {
    ({ request, subject } = taskBrief({
      intent,
      message,
      original,
      clause: briefClause(
        message,
        clauses.requestClause(message, intent === 'build_website' ? clauses.SITE_OR_CODE : clauses.POST_CUE),
        intent === 'build_website' ? ['site', 'code'] : ['post'],
      ),
      isFollowUp,
      refersBack,
      state: { ...state, ...(sw ? { lastSubject: null, lastArtPrompt: null } : choice ? LIST_NOT_TOLD : {}) },
      context: memory.context,
    }));
  }
  // "do that again", "can you make that for me?" after a program: the program again.
  const last = (followUp === 'again' || rewrite) && memory.lastTask?.act === intent ? memory.lastTask : null;
  const codeProject =
    intent === 'build_website' &&
    (carried
      ? draftKind(carried) === 'code'
      : last
        ? draftKind(last) === 'code'
        : !isFollowUp && (codeFrame || wantsCodeProject(message)));
  return {
    message,
    rewritten: rewrite !== null || refined !== null,
    act,
    intent,
    confidence,
    followUp: isFollowUp ? followUp : null,
    declined,
    codeProject,
    imagePrompt,
    subject,
    feeling,
    identity,
    identityMore,
    live: worried ? null : live,
    lastTurn,
    recalled: act === 'recall_fact' && !lastTurn ? (recalled ?? (ownThing ? '' : null)) : null,
    whereWeWere,
    resumed,
    switched: sw !== null,
    setAside: sw?.before ?? null,
    request,
    business: describedBusiness(original),
    writing,
  };
}

/**
 * Context follow-ups (so a follow-up keeps its referent). A short message that only makes
 * sense against the previous turn — "and in python?", "make it blue", "make it shorter", "what about
 * tomorrow?", "and times 3?", "what about Rust?" — is rewritten into the standalone request it
 * stands for, so the classifier, the slot extractor and the task prompt all see the full request.
 */
import { mathExpression } from './calc';
import { draftEdit } from './draft-edits';
import type { DialogueAct } from './intent-classifier';
import { liveQuestion } from './live-data';
import { normalizeText, wordsOf } from './text-features';

/** What the previous turns left behind (see `ConversationState` in persona-provider.ts). */
export interface FollowUpContext {
  /** The act of the last user turn (after its own follow-up rewrite). */
  lastAct: DialogueAct | null;
  /** The last user message as understood (the rewritten text when it was a follow-up). */
  lastMessage: string | null;
  /** The open task topic. */
  lastTopic:
    | 'make_art'
    | 'mint_nft'
    | 'build_website'
    | 'social_post'
    | 'learn_skill'
    | 'market'
    | 'verify_task'
    | null;
  /** The request that opened the open task (its full text). */
  lastRequest: string | null;
  lastArtPrompt: string | null;
  /** The intent of the previous user turn. */
  lastIntent?: string | null;
}

/** A follow-up rewritten into a standalone message; `act` is set when the context alone decides it. */
export interface Rewrite {
  message: string;
  act?: DialogueAct;
  /** A change to the open draft said on its own ("shorter please", "add a booking page"), see draft-edits.ts. */
  edit?: true;
}

/** Longest follow-up looked at, in words: anything longer stands on its own. */
const MAX_FOLLOW_UP_WORDS = 8;

const LANGUAGE =
  /^(?:and|now|ok|okay|what about|how about|same|same thing|can you do it|could you do it|do it|redo it|rewrite it|write it|make it|but)?\s*(?:(?:in|using|with|but in)\s+)?(python|py|javascript|js|typescript|ts|go|golang|rust|bash|shell|node)(?:\s+(?:instead|please|too|version|pls))?$/;
const LANGUAGE_NAMES: Record<string, string> = {
  python: 'python',
  py: 'python',
  javascript: 'javascript',
  js: 'javascript',
  node: 'javascript',
  typescript: 'typescript',
  ts: 'typescript',
  go: 'go',
  golang: 'go',
  rust: 'rust',
  bash: 'shell',
  shell: 'shell',
};
const LANGUAGE_IN_TEXT =
  /\s*\b(?:in\s+)?(?:python|py|javascript|js|node(?:\.?js)?|typescript|ts|golang|go(?=\s+(?:app|cli|program|script|project|server|tool))|rust|bash|shell)\b/gi;

const MODIFY =
  /^(?:(?:now|ok|okay|and|but|can you|could you|please|pls|hmm|actually|try and|lets)\s+)*(make it|make that|make this|make the (?:art|image|piece|picture|post|site|page|cast)|do it|try it|redo it|paint it|draw it|render it|give it|change it to|turn it|add|with|in|more|less|but)\s+(.+)$/;
/** Words that make "make it …" a new task rather than a change ("make it a website", "make it an nft"). */
const NEW_TASK = /\b(?:site|website|webpage|page|post|cast|tweet|nft|token|app|script|program|mint)\b/;

const DATE_FOLLOW_UP =
  /^(?:and|what about|how about|and for|what of|and what about)\s+(tomorrow|yesterday|today|the weekend|this weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|christmas|new year|new years|halloween|valentines day|valentines|in \d{1,4} days?)$/;

const MATHS_FOLLOW_UP =
  /^(?:and|now|then|ok)?\s*(plus|minus|times|multiplied by|divided by|over|x|\+|-|\*|\/)\s*(\d+(?:\.\d+)?)$/;
const MATHS_OP: Record<string, string> = {
  plus: '+',
  minus: '-',
  times: '*',
  'multiplied by': '*',
  x: '*',
  'divided by': '/',
  over: '/',
  '+': '+',
  '-': '-',
  '*': '*',
  '/': '/',
};

const ANOTHER =
  /^(?:(?:ok|okay|now|and|can you|could you|please|pls)\s+)*(?:make|do|draw|paint|render|give me|try)?\s*(?:another(?: one)?|one more|a new one|a second one|the same(?: thing)?|it again)\s+(?:but\s+)?(.+)$/;
const WHAT_ABOUT = /^(?:and|what about|how about|and what about|same for|and for)\s+(.+)$/;

/** "ok which sort then", "which class exactly?" right after the avatar said what it is: its type. */
const KIND_FOLLOW_UP =
  /^(?:(?:like|ok|okay|so|but|and|hm+|right|wait|sure)\s+)*(?:what|which|wat)\s+(?:kind|type|sort|class|category)(?:\s+(?:of\s+(?:avatar|ai|bot|one|thing)|tho|though|then|exactly|precisely|are you|r u|is it|lol))*$/;

/**
 * The standalone message a context follow-up stands for, or null when the message stands on its
 * own (too long, no matching previous turn, or no follow-up form).
 */
export function rewriteFollowUp(message: string, ctx: FollowUpContext): Rewrite | null {
  return rewriteShort(message, ctx) ?? draftEdit(message, ctx);
}

/** The short follow-up forms (at most {@link MAX_FOLLOW_UP_WORDS} words). */
function rewriteShort(message: string, ctx: FollowUpContext): Rewrite | null {
  // Operators survive here: "and * 3" is a maths follow-up.
  const n = normalizeText(message.replace(/([+*/])/g, ' $1 ').replace(/(\s)-(\s*\d)/g, '$1 - $2'));
  const raw = message
    .toLowerCase()
    .replace(/[?!.]+\s*$/, '')
    .trim();
  const words = wordsOf(n);
  if (words.length === 0 || words.length > MAX_FOLLOW_UP_WORDS) return null;

  if (ctx.lastAct === 'maths' && ctx.lastMessage) {
    const m = MATHS_FOLLOW_UP.exec(raw.replace(/\s+/g, ' '));
    const previous = mathExpression(ctx.lastMessage);
    if (m && previous) return { message: `what is (${previous}) ${MATHS_OP[m[1] as string]} ${m[2]}`, act: 'maths' };
  }

  if (ctx.lastAct === 'date_time') {
    const m = DATE_FOLLOW_UP.exec(n);
    if (m) {
      const when = m[1] as string;
      if (/^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/.test(when)) {
        return { message: `how many days until ${when}`, act: 'date_time' };
      }
      if (/christmas|new year|halloween|valentine/.test(when)) return { message: `when is ${when}`, act: 'date_time' };
      if (/weekend/.test(when)) return { message: 'is it the weekend', act: 'date_time' };
      return { message: `what day is ${when}`, act: 'date_time' };
    }
  }

  if (ctx.lastTopic === 'build_website' && ctx.lastRequest) {
    const m = LANGUAGE.exec(n);
    if (m) {
      const language = LANGUAGE_NAMES[m[1] as string] as string;
      const base = ctx.lastRequest.replace(LANGUAGE_IN_TEXT, '').replace(/\s+/g, ' ').trim();
      return { message: `${base} in ${language}`, act: 'build_website' };
    }
  }

  const modify = MODIFY.exec(n);
  if (modify && !NEW_TASK.test(modify[2] as string)) {
    const [, verb, change] = modify as unknown as [string, string, string];
    const addition =
      verb === 'add' ? `with ${change}` : verb === 'less' || verb === 'more' ? `${verb} ${change}` : change;
    const artOpen = ctx.lastArtPrompt && (ctx.lastTopic === 'make_art' || ctx.lastTopic === 'mint_nft');
    if (artOpen && !/\b(?:post|cast|site|page)\b/.test(verb)) {
      return { message: `draw ${ctx.lastArtPrompt}, ${addition}`, act: 'make_art' };
    }
    if ((ctx.lastTopic === 'build_website' || ctx.lastTopic === 'social_post') && ctx.lastRequest) {
      return { message: `${ctx.lastRequest}, ${addition}`, act: ctx.lastTopic };
    }
  }

  // "make another one but at night": the same piece again, changed.
  const another = ANOTHER.exec(n);
  if (another && ctx.lastArtPrompt && (ctx.lastTopic === 'make_art' || ctx.lastTopic === 'mint_nft')) {
    return { message: `draw ${ctx.lastArtPrompt}, ${another[1]}`, act: 'make_art' };
  }

  // The avatar just said what it is: "which sort then" asks its type (read again as a question to it).
  if (ctx.lastAct === 'who_are_you' && KIND_FOLLOW_UP.test(n)) return { message: 'tell me your avatar type' };

  const about = WHAT_ABOUT.exec(n);
  // "and eth?" after a price asked: the price of that too, read again as a live question.
  const asset = about?.[1];
  if (asset && ctx.lastAct === 'world_fact' && ctx.lastMessage && wordsOf(asset).length <= 3) {
    if (liveQuestion(ctx.lastMessage)?.kind === 'price') return { message: `what is the price of ${asset} right now?` };
  }
  // "and why does it turn red?" is a question of its own, read as such; "and in Oslo?" goes with the last.
  const ownQuestion = /^(?:why|how|what|whats|who|when|where|which|is|are|do|does|did|can|could)\b/.test(
    about?.[1] ?? '',
  );
  if (about && !ownQuestion && (ctx.lastAct === 'world_fact' || ctx.lastAct === 'opinion')) {
    return { message: ctx.lastAct === 'opinion' ? `what do you think about ${about[1]}` : message, act: ctx.lastAct };
  }
  return null;
}

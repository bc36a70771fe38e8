/**
 * Dialogue state across turns: topic switches ("forget that — can you …" does the new thing in the
 * same turn), resuming an earlier task draft ("OK, back to the site"), "where were we?", "what did
 * I just ask?", and what the user described in passing that later requests refer to (their
 * business, their news). Cue phrases are data; the state itself lives in DialogueMemory.
 */
import type { Intent, LastTask, MemoryFacts } from '@app/domain/chat';
import { forgetsStored } from './fact-questions';
import { parseRequests } from './request-frame';
import { kindOfNoun } from './request-phrase';
import { REQUEST_CUE } from './task-frames';

/** The business and news described (kept in `task-context.ts`; imported from here by older callers). */
export { describedBusiness, describedNews } from './task-context';

/**
 * A topic switch: the marker removed, and what the same message asks next ('' = nothing). When the
 * marker comes after a request of the same message ("draw me a frog… eh scratch that, i need a
 * script"), `before` is that set-aside part, kept as a draft to come back to.
 */
export function switchMarker(message: string): { rest: string; before?: string } | null {
  let text = message.trim();
  let found = false;
  let before: string | undefined;
  for (let guard = 0; guard < 4; guard++) {
    const m = SWITCH.exec(text);
    if (!m) break;
    found = true;
    // "forget this 🙅 — better you …", "a different thing entirely: …": gestures and degree words go with the marker.
    text = text.slice(m[0].length).replace(SWITCH_TRAIL, '');
  }
  if (!found) {
    // "mint the fox. no wait, cast about it first": a correction after the first request takes its place.
    // "…a post about the sale? On reflection, no — scrap the post. Build a page instead": so does a
    // cancel of the first request, or "before that" / "first" putting another request ahead of it.
    // A cancel sets aside a request only ("wait that was dumb, forget that number" forgets a fact).
    const cancel = MID_CANCEL.exec(text);
    // "gonna need a portfolio site", "I want website …": work named with a wish counts as asked too.
    const asked = (at: number) =>
      parseRequests(text.slice(0, at)).length > 0 ||
      (firstKindNamed(text.slice(0, at)) !== null && WANTS.test(text.slice(0, at)));
    const m = CORRECTION.exec(text) ?? (cancel && asked(cancel.index) ? cancel : null);
    if (!m || m.index === 0) return null;
    before = text.slice(0, m.index).trim();
    text = text.slice(m.index + m[0].length).replace(SWITCH_TRAIL, '');
  }
  // "scrap that for a minute and code me …": how long the old topic waits is no part of the new one.
  // "could you instead write …": what replaces the old topic is the request, "instead" says only that.
  return {
    rest: text
      .replace(SWITCH_TAIL, '')
      .replace(/\s+instead(?=\s+(?:write|make|build|draw|paint|code|create|design|do|post|mint|help)\b)/i, '')
      .trim(),
    ...(before ? { before } : {}),
  };
}
/**
 * The topic switch a message makes ({@link switchMarker}), or null — also when its "forget the …"
 * drops something the stored facts hold ("forget the diabetes thing, how many runs a week?" forgets
 * a fact; it leaves no topic).
 */
export function topicSwitchOf(
  message: string,
  facts: MemoryFacts,
  notes: readonly string[] = [],
): { rest: string; before?: string } | null {
  // "scrap the job thing from ur memory": a fact to forget, not a task to set aside.
  if (FROM_MEMORY.test(message)) return null;
  const marked = switchMarker(message);
  const restAt = marked?.rest ? message.lastIndexOf(marked.rest) : -1;
  return marked && forgetsStored(restAt > 0 ? message.slice(0, restAt) : message, facts, notes) ? null : marked;
}

/** Where a thing is to be taken out of: the avatar's memory ("from ur memory", "out of your notes"). */
const FROM_MEMORY = /\b(?:from|outta|out of) (?:your|ur|the) (?:memory|notes|head|brain|records?)\b/i;

/** What may follow a switch marker before the new request: punctuation, emoji and degree words. */
const SWITCH_TRAIL =
  /^(?:[\s,.;:!—–-]|\p{Extended_Pictographic}|\uFE0F|\u200D|\b(?:entirely|altogether|completely|totally)\b)+/u;

/** Words after a switch marker that only say for how long or in which order ("for a minute and"). */
const SWITCH_TAIL =
  /^(?:(?:for now|for (?:a|one) (?:minute|moment|sec|second|bit|while)|for the (?:moment|time being)|instead|then|first|and|so)\b[\s,.;:!—–-]*)+/i;
/** A correction in the middle of a message, after a sentence or clause break ("…, no wait, …"). */
const CORRECTION =
  /[.,;!?—–-]\s*(?:(?:hmm+|oh|um+|erm|ah)[,.!]?\s+)?(?:wait[,.!]?\s+no|no+[,.!]?\s+wait|actually[,.!]?\s+no|no[,.!]?\s+actually|or rather|scratch that|on second thoughts?)\b[\s,.;:!—–-]*(?=\S)/i;
/**
 * A cancel after a sentence or clause break, an ellipsis or an emoji: "… On reflection, no — scrap
 * the post entirely.", "…this fri... nah wait forget the tweet,", "…🧘 no no, cancel the drawing",
 * "…? No — never mind the painting.", "… eh scratch that,", "… wait nvm", and another request put
 * first: "Actually, before that, could you …", "… ah wait, first I need …".
 */
const MID_CANCEL =
  /(?:[.,;!?—–]|\p{Extended_Pictographic}\uFE0F?)\s*(?:(?:no+|nah|nope|eh|oh|ah|um+|erm|hmm+|wait|actually|sorry|on (?:second |further )?reflection|on second thoughts?|hold on|hang on)[\s,.!—–-]+)*(?:(?:forget|never ?mind|scratch|scrap|cancel|ditch|drop|skip)(?: about)? (?:that|this|it|the [\w-]+)(?: (?:entirely|altogether|completely|for now))?|nvm|never ?mind|(?<=(?:actually|wait)[,.!]?\s+)(?:before (?:that|this|it)|first)(?=[\s,]))\b[\s,.;:!—–-]*(?=[^.!?]*\p{L})/iu;
/** A switch of topic opening the message ("forget that, …"); "forget the bit about X" forgets X instead. */
const SWITCH =
  /^\s*(?:(?:nah|no|ok|okay|hmm+|actually|wait|oh|right|so|um+|erm|sorry|ah|argh|ugh|please|pls|yeah|let'?s|hold on|hang on|one sec|one moment|just a sec|on (?:second |further )?reflection|you know what|forgive me|excuse me|come to think of it|thinking about it|in fact)[,.!]?\s+)*(?:forget (?:about )?(?:that(?!\s+(?:i|i'm|i've|my|we|our)\b)|it|this|the [\w-]+(?: (?!for\b|now\b|then\b|instead\b|about\b)[\w-]+)?(?!\s+about\b))|(?:never ?mind|nvm)(?: about)?(?: that| this| the [\w-]+)?(?: for now)?|forget (?:post|site|website|art|artwork|nft|mint|script|program|code|picture|image|cast|logo|poster)\b|leave (?:that|it|the [\w-]+)(?=\s*[.,;:!—–-])|scratch (?:that|this|the [\w-]+)|scrap (?:that|this|it|the [\w-]+)|(?:park|pause|shelve|table) (?:that|this|it|the [\w-]+)|put (?:that|this|it|the [\w-]+) (?:on hold|aside|on ice|on the back burner)|put a pin in (?:that|this|it)|(?:leave|set|put) (?:that|this|it|the [\w-]+) (?:aside|to one side|for (?:now|later))|ignore (?:that|this|it|what i said)|change of plans?|(?:a )?different (?:thing|question|topic|idea)|hold (?:that|the|this) thought|on second thoughts?|cancel (?:that|it|the [\w-]+)|drop (?:that|it|the [\w-]+)|(?:let'?s|can we|could we|shall we) (?:do|talk about|discuss|chat about) something (?:else|different)|(?:let'?s )?change (?:the )?(?:subject|topic)|new topic|moving on|(?:something |totally |completely |slightly )?(?:unrelated|off[- ]topic)(?: (?:but|question|thing|news))?|(?:an)?other thing|on (?:another|a different|an unrelated) note|random (?:question|thought))\b[\s,.;:!?—–-]*/i;

/** Verbs of forgetting a fact. */
const FORGET_VERB =
  /\b(?:forget|delete|wipe|erase|remove|clear|scrub|unlearn|don'?t (?:keep|store|save|remember)|do not (?:keep|store|save|remember)|(?:you|u|please|pls) not (?:keep|store|save|remember)|stop (?:remembering|storing)|get rid of|(?:scrap|drop|ditch|bin|purge|toss)(?=[^.!?]{0,40}\b(?:from|outta|out of) (?:your|ur|the) (?:memory|notes|head|brain|records?)))\b/i;

/** True when the message asks to forget something (which facts: `forgetScope` in facts.ts). */
export function asksToForget(message: string): boolean {
  // "I always forget to book something", "she'll forget it": someone else's forgetting is news.
  return [...message.matchAll(new RegExp(FORGET_VERB.source, 'gi'))].some(
    (m) => !FORGETTER.test(message.slice(0, m.index)),
  );
}

/**
 * A subject other than the avatar right before a verb of forgetting (adverbs and auxiliaries
 * allowed): a pronoun, or someone named by a possessive ("my gran forgot my name").
 */
const FORGETTER =
  /(?:\b(?:i|we|he|she|they|i'll|we'll|i'd|he'll|she'll|people|everyone|mum|mom|dad)|\b(?:my|our|his|her|their)\s+[\p{L}'’-]+)\s+(?:(?:always|often|sometimes|usually|constantly|never|just|totally|completely|probably|might|may|will|would|tend to|do|did|also|still|even|easily)\s+){0,2}$/iu;

/** Kinds of task draft a resume can name. */
export type DraftKind = 'site' | 'code' | 'post' | 'art' | 'mint';

const DRAFT_NOUNS: [DraftKind, RegExp][] = [
  ['code', /\b(?:script|program|programme|code|tool|game|bot|cli|app)\b/i],
  ['site', /\b(?:site|website|web ?page|homepage|landing page|page)\b/i],
  ['post', /\b(?:post|cast|tweet|announcement|thread)\b/i],
  ['mint', /\b(?:nft|mint)\b/i],
  ['art', /\b(?:art|picture|painting|image|drawing|sketch|piece|artwork|portrait|illustration)\b/i],
];
const CODE_REQUEST = /\b(?:script|program|programme|code|tool|game|bot|cli|app|python|javascript|rust|typescript)\b/i;

/** Words of wanting or making, with which a named kind of work is a request. */
const WANTS = /\b(?:want|wanna|need|like|love|wish|make|build|draw|paint|write|create|design|do)\b/i;

/** Drawing verbs: what they make is art, whatever noun follows ("draw my website's mascot"). */
const DRAWING_VERB = /\b(?:draw|paint|sketch|doodle|illustrate)\b/i;

/**
 * The kind of work named first in `text` ("I want website to show my illustrations" → site), by
 * the draft nouns and the drawing verbs, or null when none is named.
 */
export function firstKindNamed(text: string): DraftKind | null {
  let first: { kind: DraftKind; at: number } | null = null;
  for (const [kind, re] of [...DRAFT_NOUNS, ['art', DRAWING_VERB] as [DraftKind, RegExp]]) {
    const at = text.search(re);
    if (at >= 0 && (!first || at < first.at)) first = { kind, at };
  }
  return first?.kind ?? null;
}

/** The kind of a stored draft. */
export function draftKind(task: LastTask): DraftKind | null {
  // "…if something could merge my invoices": the parse reads a program where no code word is said.
  if (task.act === 'build_website')
    return CODE_REQUEST.test(task.request) || parseRequests(task.request)[0]?.kind === 'code' ? 'code' : 'site';
  if (task.act === 'social_post') return 'post';
  if (task.act === 'make_art') return 'art';
  if (task.act === 'mint_nft') return 'mint';
  return null;
}

const RESUME_CUE =
  /\b(?:back (?:to|2)|go back to|get back to|return to|returning to|resume|continue(?: with)?|carry on with|pick up|finish (?:it|that|off|the)|remember the|what happened (?:with|to)|where (?:were we|was i|(?:we|i) (?:stopped|left off|left it|were|was|are)|(?:are|r) we (?:with|on|at))|what about|how about|again|stick with|stay with|keep going with|go on (?:with|w\/?))\b|\bwe were (?:doing|working on|making|building)\b|(?:^|[.!?]\s+|\p{Extended_Pictographic}\uFE0F?\s+)(?:(?:ok|okay|k|kk|right|cool|so|and|now|anyway|anyhow|alright|also)[,.!]?\s+)+(?:do\s+)?the\b/iu;

/**
 * A thing named as said before ("that studio thing from before", "the site we talked about") or
 * given the go-ahead ("go for it", "let's actually do it", "the neon fox now" — nothing new asked
 * for): with the words of a stored draft, the message resumes it.
 */
const BACK_REFERENCE =
  /\b(?:from (?:before|earlier)|(?:we|i|you) (?:talked|spoke|chatted|were talking) about|(?:we|i|you) (?:discussed|mentioned|brought up)|(?:i|we) (?:asked|wanted) (?:for|about)? ?(?:before|earlier)|go for it|go ahead (?:with it|and do it)?|let'?s (?:actually |finally |just )?do (?:it|that|this)|do it now)\b|(?:^|[.!?]\s+)(?![^.!?]*\b(?:an?|another|new|some)\b)[^.!?]*\bnow\W*$/i;

/** A message opening on a return to a draft, then more for it ("anyway, back to the landing page: …"). */
const OPENS_ON_RESUME =
  /^\W*(?:(?:ok|okay|so|anyway|right|alright|now)[,!]?\s+)*back (?:to|2)\b[^:,;—–.!?]{0,40}[:,;—–]/i;

/**
 * The earlier draft a message resumes ("can we go back to the florist page", "the bot again please",
 * "and the gallery site?"), searched newest first, or null. Content words of the message pick among drafts of
 * the same kind.
 */
export function resumedDraft(message: string, drafts: readonly LastTask[]): LastTask | null {
  const words = message.trim().split(/\s+/);
  // A long message resumes only when it opens on it ("anyway, back to the landing page: add …").
  if (drafts.length === 0 || (words.length > 12 && !OPENS_ON_RESUME.test(message))) return null;
  // "right, Paddle Bay then": a short message opening with a discourse word and naming a draft, asking nothing new.
  const bare = words.length <= 6 && OPENER.test(message) && !REQUEST_CUE.test(message);
  if (!RESUME_CUE.test(message) && !FINISH_CUE.test(message) && !bare && !BACK_REFERENCE.test(message)) return null;
  const content = contentWords(message);
  // A noun of a kind the request tables know ("the mascot now") names the kind too.
  const kind =
    DRAFT_NOUNS.find(([, re]) => re.test(message))?.[0] ??
    content.map((w) => kindOfNoun(w)).find((k): k is DraftKind => k !== null);
  // "right, the heron, go on", "back to Paddle Bay": no kind named, but the words of one task draft.
  // Only task drafts (a site, program, post, artwork or mint) are resumed: "practise rust again"
  // after "learn rust" is a new practice, not a draft to pick back up.
  if (!kind) {
    const tasks = drafts.filter((d) => draftKind(d) !== null);
    const named = [...tasks].reverse().find((d) => content.some((w) => mentions(d.request, w)));
    if (!named && tasks.length === 1 && BACK_TO_IT.test(message)) return tasks[0] ?? null;
    if (named || !FINISH_CUE.test(message)) return named ?? null;
    // "yea that, let's finish it", "finish the first thing I asked for": nothing names the draft. The
    // first one when the first is asked for; else the one the newest was started beside — what a
    // switch set aside ("hold on, draw me a fox" … "let's finish it").
    if (/\b(?:first|1st)\b/i.test(message)) return tasks[0] ?? null;
    return tasks.at(-2) ?? tasks.at(-1) ?? null;
  }
  const candidates = [...drafts].reverse().filter((d) => {
    const k = draftKind(d);
    return (
      k === kind || (kind === 'art' && k === 'mint') || (kind === 'site' && k === 'code' && /\bpage\b/i.test(message))
    );
  });
  return candidates.find((d) => content.some((w) => mentions(d.request, w))) ?? candidates[0] ?? null;
}

/** A return to unfinished work with no draft named ("let's finish it", "finish the first thing"). */
export const FINISH_CUE = /\bfinish(?:ing)?\b|\b(?:let'?s|lets) (?:continue|carry on|go on|get (?:it|that) done)\b/i;

/** "ok, back to it", "back to work": a return that names nothing, clear only when one draft is open. */
const BACK_TO_IT = /\bback (?:to|2) (?:it|that|work|business)\b(?!\s+(?:later|tomorrow|soon|next))/i;

/** A discourse word opening a message ("right, …", "anyway, …"). */
const OPENER =
  /^\s*(?:ok|okay|k|kk|right|alright|cool|so|anyway|anyhow|now|great|nice|lovely|perfect|good)\b[,.!]?\s+\S/i;

/** Words a resume never names a draft by: cues, fillers and pronouns. */
const RESUME_FILLER = new Set(
  "the and then now please pls back again anyway anyhow alright great nice lovely perfect good stick stay keep going continue with that this those these one thing stuff okay right cool sure yeah yes fine let lets let's get return resume carry pick finish what about how where were was are you your our for from into onto about them just still go on first 1st asked said wanted".split(
    ' ',
  ),
);

/** The lower-cased content words of a message (three letters or more, no resume fillers). */
function contentWords(message: string): string[] {
  return message
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}0-9']/gu, ''))
    .filter((w) => w.length >= 3 && !RESUME_FILLER.has(w));
}

/** True when `text` has `word` as a whole word (or its plural / singular). */
function mentions(text: string, word: string): boolean {
  const stem = word.replace(/(?:es|s)$/, '');
  return new RegExp(`\\b(?:${word}|${stem}(?:s|es)?)\\b`, 'i').test(text);
}

/**
 * "where were we?", and the same asked as people often type it: "where we stopped?", "where we
 * left off", "where are we with the site?".
 */
export const WHERE_WE_WERE =
  /\bwhere (?:were we|was i|(?:we|i) (?:stopped|left off|left it|were|was|are)|(?:are|r) we (?:with|on|at))\b/i;

/** "where were we?", "what were we doing just now?" (no task named). */
export function asksWhereWeWere(message: string): boolean {
  return (
    WHERE_WE_WERE.test(message) ||
    /\bwhat (?:were|was) (?:we|i) (?:\w+ )?(?:working on|doing|talking about|on|making|building)\b|\bwhat were we\b/i.test(
      message,
    )
  );
}

/** "what did I just ask / say?": which of the user's own turns the question is about. */
export function asksLastTurn(message: string): 'ask' | 'say' | null {
  const t = message.toLowerCase().replace(/[’`]/g, "'");
  if (!/\b(?:just|last|previous|earlier|before|ago|just now|a (?:sec|second|minute|moment|bit) back)\b/.test(t))
    return null;
  if (
    /\bwhat (?:did|was it|was|were|have|had) i (?:just |been )?(?:ask|asking|asked)|\bwhat (?:was|were) i (?:just )?after\b|\bwhat did i (?:just )?want\b|\b(?:question|thing) i (?:just |last )?asked\b|\bmy (?:last|previous) (?:question|request)|\bwhat (?:was|were|is) my (?:\w+ )?(?:question|request)\b|\bwhat was (?:the )?last (?:thing|question) i asked|\bwhat i (?:just )?asked\b/.test(
      t,
    )
  ) {
    return 'ask';
  }
  if (
    /\bwhat (?:did|was it|was|were|have|had) i (?:just |been )?(?:say|saying|said|tell|telling|told|mention|write|type)|\bmy (?:last|previous) message|\b(?:thing|message) i (?:just |last )?(?:said|told you|wrote|typed|sent)\b|\bwhat was (?:the )?last thing i (?:said|told|wrote|mentioned)|\bwhat i (?:just )?said\b/.test(
      t,
    )
  ) {
    return 'say';
  }
  // "I just asked you something, what was it?", "I sent you a message a sec ago — what did it say?":
  // the writer's own words as the subject of a verb of saying, and a question about what they were.
  const own = OWN_SPEECH.exec(t);
  if (own && /\bwhat (?:was|is|were) (?:it|that|they)\b|\bwhat it was\b|\bremind me\b|\brepeat (?:it|that)\b/.test(t)) {
    return /^(?:ask|question|request)/.test(own[1] as string) ? 'ask' : 'say';
  }
  return null;
}

/** The writer as the one who spoke: "I just asked", "I'd typed", "my last question". */
const OWN_SPEECH =
  /\bi(?:'ve| have|'d| had)?\s+(?:just\s+|only\s+|literally\s+)?(asked|questioned|requested|said|told|wrote|typed|sent|mentioned|messaged)\s+(?:(?:you|u)\s+)?(?:(?:something|a question|a thing|one thing|earlier|before|a (?:sec|second|minute|moment) ago|just now)\b|(?=[,.;:!?—–-]|$))/;

/**
 * "what was the first thing I told you today?", "what did I ask you first?": the user's first
 * message of the conversation is meant, and whether the question is about what they asked
 * ("ask", "question", "request") or what they said (see {@link asksLastTurn}).
 */
export function asksFirstTurn(message: string): 'ask' | 'say' | null {
  const t = message.replace(/[’]/g, "'");
  if (
    !/\bfirst (?:thing|question|message|request) (?:i|we) (?:\w+ )?(?:told|said|asked|mentioned|wrote|sent|typed)\b|\bwhat (?:did|was it) i (?:say|tell (?:you|u)|ask(?: (?:you|u))?|mention) (?:at )?first\b|\bmy (?:very )?first (?:message|question)\b|\bwhat (?:did|was it) (?:i|we) (?:say|talk about|ask(?: (?:you|u))?|start with|open with|tell (?:you|u))\b[^?]*\b(?:at|in) the (?:very )?(?:start|beginning|outset)\b|\bhow did (?:i|we) (?:start|begin|open) (?:this|our|the) (?:chat|conversation)\b/i.test(
      t,
    )
  )
    return null;
  return /\b(?:ask|asked|question|request)\b/i.test(t) ? 'ask' : 'say';
}

/**
 * "what was I saying before that?", "what was I after before the fox?": the message before
 * the last one is meant (the last one being what "that" or "the fox" names).
 */
export function asksTurnBefore(message: string): boolean {
  return /\bbefore that\b|\bthe (?:one|message|thing|question) before\b|\bbefore (?:the|my) last\b|\btwo messages ago\b|\bbefore (?:(?:the|that|this|your) )?(?!(?:i|you|we|that|then|now|today|yesterday|last)\b)[\p{L}-]{3,}/iu.test(
    message,
  );
}

/** The act that makes a draft of each kind. */
const KIND_ACT: Record<DraftKind, Intent> = {
  site: 'build_website',
  code: 'build_website',
  post: 'social_post',
  art: 'make_art',
  mint: 'mint_nft',
};

/**
 * The draft a request set aside in the same message stands for ("draw me a pixel art frog… eh
 * scratch that, i need a script …": the frog, to come back to), or null when that part asks for no
 * work or for the same kind of work as the one answered.
 */
export function setAsideDraft(setAside: string, answered: Intent): LastTask | null {
  const first = parseRequests(setAside)[0];
  // "gonna need a portfolio site for my 3d renders", "I want website to show my illustrations": the
  // kind of work named first, whether or not the parse reads a request frame around it.
  const named = firstKindNamed(setAside);
  const act = named ? KIND_ACT[named] : first ? KIND_ACT[first.kind] : null;
  if (!act || act === answered) return null;
  const request = setAside.replace(/[?.!…\s]+$/, '');
  const drawn =
    !first || first.reference ? request : (first.object || first.phrase || first.clause).replace(/[?.!…\s]+$/, '');
  return {
    act,
    request: request.slice(0, 500),
    subject: null,
    imagePrompt: act === 'make_art' || act === 'mint_nft' ? drawn.slice(0, 200) : null,
  };
}

/**
 * What a message that resumes a draft asks to change in it ("Now, the site ought to be green — a
 * deep forest green throughout", "anyway make the site black n neon green"): the message, when it
 * holds two or more words that are neither resume words, kinds of work nor words of the draft;
 * undefined when it only names the draft ("ok now the lighthouse").
 */
export function resumeEdit(message: string, draft: string): string | undefined {
  const own = new Set(contentWords(draft));
  const fresh = contentWords(message).filter(
    (w) => !own.has(w) && kindOfNoun(w) === null && !DRAFT_NOUNS.some(([, re]) => re.test(w)),
  );
  return fresh.length >= 2 ? message.trim() : undefined;
}

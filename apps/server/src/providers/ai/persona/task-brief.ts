/**
 * The brief of a site or post request: what it is for (its subject) and the words the task gets
 * (its request), filled from the whole conversation — a business or news described in this message
 * or earlier, the piece just made, the subject of the last request, or what the user said just
 * before ("we won the league" then "post that").
 */
import type { DialogueMemory, Intent, LastTask } from '@app/domain/chat';
import { extractObject, extractSubject, swapPronouns } from './extract';
import { parse } from './parse';
import { SITE_ONLY } from './request-clause';
import { type ArtefactKind, parseRequests } from './request-frame';
import { VAGUE } from './request-phrase';
import { describedBusiness, describedNews } from './task-context';
import { REQUEST_CUE } from './task-frames';
import { unseenOnline, withPostConstraints } from './task-unsaid';
import { NEXT_OFFER } from './voices';

/**
 * The clause a brief is read from: the parsed request's, when it holds the cue-found clause and
 * more ("I need something that reminds me to stretch, maybe a little script": the cue finds
 * "a little script", the parse the whole wish), else the cue-found one.
 */
export function briefClause(message: string, cueClause: string, kinds: readonly ArtefactKind[]): string {
  const asked = parseRequests(message).find((r) => kinds.includes(r.kind));
  const found = cueClause.replace(/[?.!]+$/, '');
  return asked && asked.clause.length > found.length && asked.clause.includes(found) ? asked.clause : cueClause;
}

/**
 * What to draw when the cue patterns found no drawing verb ("can you do a poster for it?", "how
 * about a logo for the podcast?"): the parsed request's object, or null.
 */
export function artObject(message: string): string | null {
  const asked = parseRequests(message).find((r) => r.kind === 'art');
  return asked && !asked.reference ? asked.object : null;
}

/** Pronouns and generic nouns that stand for the user's business ("a poster for it / us / the shop"). */
const FOR_BUSINESS =
  /\b(for|of|about|announcing)\s+(?:it|us|them|me|(?:the|our|my)\s+(?:business|company|shop|place|firm|venue|brand|team))(?![\p{L}'’-])/iu;

/**
 * A request's words with a pronoun or generic noun for the business replaced by the business
 * described earlier ("a poster for it" after "we run a surf school called Salt Riders" → "a poster
 * for a surf school called Salt Riders"), or beside a pronoun it cannot replace ("a logo to go on
 * it — for …"); unchanged when no business is known.
 */
export function withReferent(text: string, business: string | null): string {
  if (!business || text.includes(business)) return text;
  if (FOR_BUSINESS.test(text)) return text.replace(FOR_BUSINESS, (_m, prep: string) => `${prep} ${business}`);
  // "a logo to go on it", "a sticker for our van": a pronoun the phrase does not resolve, so the
  // business goes beside it.
  return /\b(?:it|us|our|we)\b/i.test(text) ? `${text} — for ${business}` : text;
}

/** A message that points back at what was just discussed ("it", "that one", "the piece"). */
export const REFERS_BACK = /\b(?:it|that|this|that one|this one|the (?:piece|one|art|artwork|image|site|post|same))\b/i;

/**
 * True when the message points back at what was discussed ("post it", "draw that again", "the
 * same"): a "that" opening a relative clause after a noun ("a script that renames …") or an "it",
 * "that" or "this" before a copula ("that's my band") points at nothing earlier.
 */
export function refersBack(message: string): boolean {
  if (!REFERS_BACK.test(message)) return false;
  if (/\b(?:that one|this one|the (?:piece|one|art|artwork|image|site|post|same))\b/i.test(message)) return true;
  for (const s of parse(message.slice(0, 600)).sentences) {
    const t = s.tokens;
    for (let i = 0; i < t.length; i++) {
      if (!/^(?:it|that|this)$/.test(t[i]!.lower)) continue;
      if (/^(?:'s|’s|is|was)$/.test(t[i + 1]?.lower ?? '')) continue;
      // "before that I need a post": a time, not the thing asked for.
      if (/^(?:before|after|since|until|till)$/.test(t[i - 1]?.lower ?? '')) continue;
      // A relative "that" follows a noun and opens a clause ("a tool that merges …"); "mint that for
      // me" (the verb read as a noun) has no clause after it.
      const before = t[i - 1];
      const after = t[i + 1];
      const relative =
        t[i]!.lower === 'that' &&
        before &&
        ['NOUN', 'PROPN', 'PRON', 'ADJ', 'NUM'].includes(before.pos) &&
        !/^(?:me|us|you|u|him|her|them|it)$/.test(before.lower) &&
        after !== undefined &&
        !['ADP', 'PUNCT', 'ADV'].includes(after.pos) &&
        after.lower !== 'one';
      if (!relative) return true;
    }
  }
  return false;
}
const POST_WORDS = /\b(?:posts?|casts?|tweets?|threads?|updates?|captions?|teasers?|announcements?)\b/i;
const VAGUE_SUBJECT =
  /^(?:(?:your|the|this|that|it|us|them|him|her|a|an)\s*)*(?:business|company|shop|studio|cafe|café|it|that|this|us|them|him|her|for you|for us|that for you|it for you|the news)?(?:\s+(?:a |an |the )?(?:web ?site|site|page|web ?page))?(?:\s+for (?:you|us|me|him|her|them|it|that))?(?:\s+(?:instead|too|as well|then))?$/i;

/** What the conversation so far offers a brief (a part of the turn state). */
export interface BriefState {
  lastIntent: Intent | null;
  lastRequest: string | null;
  lastArtPrompt: string | null;
  lastSubject: string | null;
  lastTopic: Intent | null;
  lastUserText: string | null;
  earlierUserText?: string | null;
  /** The act read in the user's previous turn. */
  lastAct: string | null;
}

/** What a brief is made from. */
export interface BriefInput {
  intent: 'build_website' | 'social_post';
  /** The message (after a switch marker or a follow-up rewrite). */
  message: string;
  /** The message as typed (typos fixed). */
  original: string;
  /** The clause that carries the request. */
  clause: string;
  isFollowUp: boolean;
  /** The message points back ("it", "that one"). */
  refersBack: boolean;
  state: BriefState;
  /** The business and the news remembered from earlier turns. */
  context: DialogueMemory['context'];
}

/** The request words and the subject of a site or post request (subject null: none found). */
export function taskBrief(input: BriefInput): { request: string; subject: string | null } {
  const { intent, message, original, clause, isFollowUp, refersBack, state, context } = input;
  // "…the summer fair is coming up, could you write a post about it": "it" is in the same message.
  let request = REFERS_BACK.test(clause) && clause.length < message.length ? message.slice(0, 500) : clause;
  let subject = isFollowUp ? null : extractSubject(clause);
  if (!subject && !isFollowUp) {
    const object = extractObject(clause);
    if (object && !(intent === 'social_post' && POST_WORDS.test(object))) subject = object;
  }
  // "I need a script that renames my photos by date": a program is named by what it does.
  const programs = !subject && !isFollowUp ? parseRequests(clause).filter((r) => r.kind === 'code') : [];
  const program = programs.find((r) => r.head && !VAGUE.has(r.head)) ?? programs[0];
  if (program && program.object.length > program.phrase.length + 3)
    subject = swapPronouns(program.object.split(/(?<=[.!?])\s/)[0]!.replace(/[.!?]+$/, ''));
  // "a site, could you manage that?": a question tacked on after a comma is not part of the subject.
  subject = subject?.replace(/\s*[,;:—–-]\s*(?:can|could|would|will|do|please|pls|if|any chance)\b.*$/i, '') || subject;
  // "a site for my tea shop, and also a post announcing it": the second ask is not what the first is for.
  if (subject) subject = beforeSecondAsk(subject, message);
  // "…a site for my uncle's chip shop? It's called The Golden Fry.": the name goes with the request.
  // "…for my bakery, name is Crumb and Co": a name given without "called" counts too.
  const naming =
    /\b(?:(?:it'?s|it is|(?:the )?(?:name|shop|business|place)(?:'s| is))\s+(?:called|named)|(?:the |its )?name(?:'s| is)(?=\s+[\p{Lu}\d]))\s+[^.!?]{2,60}/iu.exec(
      message,
    );
  if (naming && !request.includes(naming[0])) request = `${request.replace(/[?.!]+$/, '')} (${naming[0]})`;
  // "could you sort a website": the thing asked for is no subject.
  // "something online so families can find me": a thing not named yet names no subject either.
  let vague =
    !subject || VAGUE_SUBJECT.test(subject) || SITE_ONLY.test(subject) || /^(?:something|anything)\b/i.test(subject);
  // What this same message describes counts too ("I run a barber shop — could you do us a site?").
  const known = {
    business: describedBusiness(original) ?? context?.business ?? null,
    news: describedNews(original) ?? context?.news ?? null,
  };
  const ownsIt =
    /\bfor (?:it|us|them|him|her|the (?:business|company|shop|studio|caf[eé]|place|team|firm|band))\b|\b(?:us|our|we|we're|we've|him|her|his|them|their)\b/i.test(
      clause,
    ) && !/\bfor (?:my|a|an)\b/i.test(clause);
  const described = describedBusiness(original);
  // What this same message tells before the request ("we run a kids' tournament on the beach, can
  // you write a post?"): it outranks what was said in the turn before.
  const toldAt = message.indexOf(clause);
  const toldHere = toldAt > 0 ? message.slice(0, toldAt).replace(/[\s,;:—–-]+$/, '') : '';
  const tellsHere = toldHere.split(/\s+/).length >= 4 && !toldHere.includes('?');
  // "a site for the campsite": the business described earlier, named by its kind.
  const kind = /^(?:the|your|our|my|that|this|his|her|their)\s+([\p{L}-]+)$/iu.exec(subject ?? '')?.[1];
  const generic = /^(?:shop|store|business|company|place|firm|venue)$/i.test(kind ?? '');
  if (kind && known.business && (generic || new RegExp(`\\b${kind}\\b`, 'i').test(known.business))) vague = true;
  if (intent === 'build_website' && (vague || ownsIt) && known.business) {
    subject = known.business;
    // Described in this same message: the whole message is the brief; else the request plus it.
    // (A long story's question is read apart from it: then the business goes beside the request.)
    request =
      described && message === original
        ? message.slice(0, 500)
        : `${clause.replace(/[?.!]+$/, '')} — for ${known.business}`;
  } else if (intent === 'social_post' && (vague || refersBack || ownsIt) && known.news) {
    subject = `your news ("${known.news}")`;
    // News told in the same clause ("help me announce that our podcast hit 100 episodes") is not repeated.
    request = clause.includes(known.news) ? clause : `${clause.replace(/[?.!]+$/, '')} — the news: ${known.news}`;
  } else if (intent === 'social_post' && (vague || refersBack || ownsIt) && known.business) {
    // "we run a repair café …" then "announce it": the post is about the business; "announce our
    // new sourdough" names its own thing, which stays the subject, at the business.
    subject = vague || refersBack || !subject ? known.business : `${swapPronouns(subject)} at ${known.business}`;
    request = `${clause.replace(/[?.!]+$/, '')} — about ${known.business}`;
  } else if (vague && state.lastArtPrompt && intent === 'social_post' && (isFollowUp || refersBack)) {
    subject = `"${state.lastArtPrompt}"`;
  } else if (
    intent === 'social_post' &&
    (vague || refersBack) &&
    !isFollowUp &&
    !namesTopic(clause) &&
    madeJustBefore(state)
  ) {
    // "build a site for my candle shop" then "now tell people about it" or "post something inviting
    // people to join": a post that names nothing of its own is about what was just made.
    subject = madeJustBefore(state);
    request = `${clause.replace(/[?.!]+$/, '')} — about ${subject}`;
  } else if (vague && state.lastSubject && (isFollowUp || refersBack || state.lastTopic === intent)) {
    subject = state.lastSubject;
    // "a page for it instead" after a post about a crepe stand: the words say what "it" is too.
    if (refersBack && !isFollowUp && intent !== state.lastTopic && !request.includes(subject)) {
      request = `${clause.replace(/[?.!]+$/, '')} — for ${subject}`;
    }
  } else if (
    vague &&
    refersBack &&
    !isFollowUp &&
    state.lastRequest &&
    state.lastTopic &&
    state.lastTopic !== intent &&
    state.lastIntent === state.lastTopic &&
    // "I teach piano in Leeds, need a site for that": what this message tells is what "that" is.
    message
      .slice(0, Math.max(0, message.indexOf(clause)))
      .split(/\s+/)
      .filter(Boolean).length < 4
  ) {
    // "a page for it instead" right after a post was asked about a friend's crepe stand: "it" is what
    // that request was about, so its words go with this one.
    request = `${clause.replace(/[?.!]+$/, '')} — for what this was asked for: ${state.lastRequest.slice(0, 300)}`;
  } else if (
    (vague || refersBack || ownsIt || toldOf(subject, state.lastUserText)) &&
    !isFollowUp &&
    !tellsHere &&
    toldBefore(state)
  ) {
    // "our allotment grew a record pumpkin" then "cast that for me": what the user said
    // just before is what the request points at, though it named no business and no news we know.
    request = `${clause.replace(/[?.!]+$/, '')} — about: ${toldJustBefore(state).slice(0, 300)}`;
    // "can you help spread that?": "that" is what was said, so it is the subject too.
    if (intent === 'social_post' && refersBack && (vague || !subject || /\b(?:that|it|this)\W*$/i.test(subject))) {
      subject = `"${swapPronouns((state.lastUserText ?? '').replace(/[.!?\s]+$/, '')).slice(0, 200)}"`;
    }
  } else if ((vague || refersBack || ownsIt) && !isFollowUp && tellsHere) {
    // "my nan makes the best jam in Devon — can we get her a page up?": what the same message told
    // before the request is what "her", "it" or "us" stands for.
    request = `${clause.replace(/[?.!]+$/, '')} — about: ${toldHere.slice(0, 300)}`;
  }
  // "my pottery does not exist online": no site was asked, so the whole message is the brief.
  if (intent === 'build_website' && !isFollowUp && message === original && unseenOnline(original)) {
    // The business told earlier ("we have a food truck called …") goes with it when this message names none.
    const earlier = !described && known.business ? ` — for ${known.business}` : '';
    request = `${original.slice(0, 500)}${earlier}`.slice(0, 600);
    subject = described ?? ownWork(original) ?? known.business ?? subject;
  }
  // "… serious and professional, at most 50 words, in English": the post is given how to be written.
  if (intent === 'social_post') request = withPostConstraints(request, original);
  return { request, subject };
}

/** "my nail studio", "our little bakery", "I make pottery": what the speaker has or makes, or null. */
function ownWork(message: string): string | null {
  const m =
    /\b(?:my|our)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:is|are|isn'?t|aren'?t|does|do|has|have|not|basically|just|still)\b/iu.exec(
      message,
    ) ??
    /\b(?:i|we)\s+(?:make|makes|sell|sells|bake|brew|craft|run|own)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)/iu.exec(
      message,
    );
  return m?.[1] ? `your ${m[1].replace(/^(?:a|an|the|some)\s+/i, '')}` : null;
}

/** Nouns a post request uses without naming what it is about: the post, where it goes, who reads it. */
const POST_FRAME_NOUNS = new Set(
  'post cast tweet thread announcement update message farcaster warpcast people everyone everybody folks world followers friends internet news word lol something anything part bit one'.split(
    ' ',
  ),
);

/** True when a post request names a topic of its own ("a post telling people our bakery opens Monday"). */
function namesTopic(clause: string): boolean {
  return parse(clause).sentences.some((s) =>
    s.tokens.some(
      (t) =>
        (t.pos === 'NOUN' || t.pos === 'PROPN') && !POST_FRAME_NOUNS.has(t.lemma) && !POST_FRAME_NOUNS.has(t.lower),
    ),
  );
}

/**
 * What the turn just before made, when it was a site, program or picture (not a post): the object
 * of its request ("a site for your candle shop Wickstone"), else its subject; null otherwise.
 */
function madeJustBefore(state: BriefState): string | null {
  if (state.lastIntent === 'make_art' || state.lastIntent === 'mint_nft') {
    return state.lastArtPrompt ? `"${state.lastArtPrompt}"` : null;
  }
  if (state.lastIntent !== 'build_website' || !state.lastRequest) return null;
  const asked = parseRequests(state.lastRequest)[0];
  const object = asked && !asked.reference ? beforeSecondAsk(asked.object, state.lastRequest) : '';
  return object ? swapPronouns(object.replace(/[?.!\s]+$/, '')) : state.lastSubject;
}

/**
 * What the user told in the turns just before a request: the last statement, and the one before it
 * when that was a statement too ("our school's lost-and-found is a mess" then "kids lose a jacket a
 * day" then "could you write a program to keep track of it?": "it" is in the first).
 */
function toldJustBefore(state: BriefState): string {
  const last = state.lastUserText ?? '';
  const earlier = state.earlierUserText?.trim() ?? '';
  const told = earlier && !earlier.endsWith('?') && parseRequests(earlier).length === 0 && earlier.length < 200;
  return told ? `${earlier.replace(/[.!\s]*$/, '.')} ${last}` : last;
}

/** True when the subject's last word was in what the user said ("the classes" after "I run pottery classes"). */
function toldOf(subject: string | null, said: string | null): boolean {
  const head = /([\p{L}]{3,})\W*$/u.exec(subject ?? '')?.[1];
  return Boolean(head && said && new RegExp(`\\b${head}\\b`, 'i').test(said));
}

/** The task act each artefact kind is made by. */
const ACT_OF_KIND: Record<ArtefactKind, Intent> = {
  art: 'make_art',
  mint: 'mint_nft',
  site: 'build_website',
  code: 'build_website',
  post: 'social_post',
};

/**
 * `text` (the first ask's subject or words) cut before a second ask the same message goes on to
 * ("your tea shop, and also write a post announcing it" → "your tea shop"); unchanged otherwise.
 */
export function beforeSecondAsk(text: string, message: string): string {
  for (const ask of parseRequests(message).slice(1)) {
    const at = text.indexOf(ask.clause.replace(/[?.!]+$/, ''));
    if (at > 0) return text.slice(0, at).replace(/(?:[\s,;:—–-]|\b(?:and|plus|then|also)\b)+$/i, '');
  }
  return text;
}

/**
 * The second ask of a message that asks for two tasks ("build a site for my pottery class and also
 * draw a logo for it", "a script that backs up my notes, plus a post saying I'm open-sourcing it"):
 * the first request of another task than the one `answered`, as a draft to pick up later ("now the
 * logo", "and the post?"), about what the first ask was for (its `subject`, else its object). Null
 * for a single ask.
 */
export function secondAskDraft(message: string, answered: Intent, subject: string | null): LastTask | null {
  const asks = parseRequests(message);
  const second = asks.slice(1).find((r) => ACT_OF_KIND[r.kind] !== answered);
  // Without a subject, the first ask's object ("a script that backs up my notes") is what it was for.
  const about = subject ?? beforeSecondAsk(asks[0]?.object ?? '', message).replace(/[?.!\s]+$/, '');
  if (!second || !about.trim()) return null;
  const act = ACT_OF_KIND[second.kind];
  const clause = second.clause.replace(/[?.!\s]+$/, '');
  const drawn = second.reference ? null : (second.phrase || clause).replace(/\s+(?:for|of|about) (?:it|them|us)$/i, '');
  return {
    act,
    request: `${clause} — for ${about}`.slice(0, 500),
    subject: about.slice(0, 200),
    imagePrompt: act === 'make_art' || act === 'mint_nft' ? `${drawn ?? clause} for ${about}`.slice(0, 200) : null,
  };
}

/**
 * True when the user's previous turn told something (a statement, not a request or a question),
 * however it was answered: "we keep an orchard in Kent" met with a site offer still only told.
 */
function toldBefore(state: BriefState): boolean {
  const said = state.lastUserText?.trim() ?? '';
  if (!said || said.includes('?')) return false;
  if (state.lastIntent !== null && state.lastIntent in NEXT_OFFER) {
    return !REQUEST_CUE.test(said) && parseRequests(said).length === 0 && describedNews(said) === null;
  }
  return state.lastAct === 'tell_fact' || state.lastAct === 'feelings' || state.lastAct === 'smalltalk';
}

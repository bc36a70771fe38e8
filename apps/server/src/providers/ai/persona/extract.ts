/**
 * Pulls the details out of a message that the persona engine needs besides the intent: what to
 * draw, which skill to practise, what a site or post is about, whether the user is saying "yes" to
 * the avatar's last offer. Pure string functions, bounded in input size.
 */
import type { PersonaAvatar } from '../types';
import { normalizeText, wordsOf } from './text-features';

/** Longest image prompt / subject the engine extracts, in characters. */
export const MAX_EXTRACT_CHARS = 200;
/**
 * Characters of a message the extractors scan: requests come first, and bounding the input keeps
 * the end-anchored patterns cheap on a 4,000-character message.
 */
export const MAX_SCANNED_CHARS = 400;

const LEAD_FILLERS =
  /^(?:hey|hi|yo|ok|okay|so|and|now|then|please|pls|plz|kindly|can you|could you|can u|could u|would you|will you|i'?d rather you|i'?d prefer if you|how about you|why don'?t you|maybe you could|i want you to|i want|i wanna|wanna|i would like|i'd like|id like|i need|we need|let's|lets|go ahead and|just|also)\b[\s,!.:-]*/i;
const ART_VERBS =
  /^(?:make|create|generate|generat|gen|draw|drew|drw|paint|painted|render|rendered|sketch|sketched|illustrated|doodled|design|illustrate|produce|doodle|whip up|show|give|mint|mnit|mintt|turn|put|tokeni[sz]e|drop|visuali[sz]e|imagine|build|craft|see)\b\s*(?:me|us|for me)?\s*/i;
const ART_NOUN_WORDS =
  'nft|token|image|picture|pic|painting|illustration|artwork|art work|art piece|art|piece|drawing|render|poster|wallpaper|digital art piece|digital art|digital painting|concept art|fanart|visuals?|collectible';
/** "an image of …" / "some art" → stripped; "concept art for a game" is kept whole. */
const ART_NOUNS = new RegExp(
  `^(?:(?:an?|the|some|one|another|my)\\s+)?(?:(?:quick|little|small|simple|rough|nice|big|new|cute|lovely)\\s+){0,2}(?:${ART_NOUN_WORDS}|sketch|doodle)(?:\\s+(?:of|about|with|showing|depicting|featuring|called)\\s+|\\s*$)`,
  'i',
);
/** "… nft of a neon cat" → the part after "of": the only subject a mint request names. */
const MINT_SUBJECT = new RegExp(`\\b(?:${ART_NOUN_WORDS})\\s+(?:of|depicting|showing|featuring)\\s+(.+)$`, 'i');
// Whole words only: "snow" must not lose its "now".
const TRAILERS =
  /(?:^|\s+|(?<=[,;:]))(?:and (?:draw|paint|sketch|render|show) (?:it|that|this)(?: for me)?|(?:can|could|would|will) (?:you|u|ya) (?:do|manage) (?:that|it|this)|please|pls|plz|thanks|thank you|thx|as an? nft|into an? nft|on base(?: network)?|on chain|on-chain|onchain|for me|now|asap|right now|to my wallet|(?:on|to) (?:farcaster|farcstr|warpcast|socials?|social media|my feed|my followers|the community|twitter|x)|instead|as well|too)\s*[.!?]*$/i;

/** Words that, left alone after stripping, mean "the thing we talked about" rather than a subject. */
const REFERENCE_START =
  /^(?:it|this|that|these|those|them|him|her(?=\s*$|\s+(?:like|as|again|too|the way)\b)|my (?:last|latest|art|artwork|drawing|piece|image)|the (?:image|art|artwork|piece|picture|one|drawing|sunset artwork)|last|latest|previous)\b/i;

/** A pronoun object followed by a modal or a copula ("it would be…", "them will…"). */
const REFERENCE_CLAUSE = /^(?:it|this|that|them|him|her)\s+(?:would|will|could|might|should|may|is|was|'d|'s|’d|’s)\b/i;

function stripRepeatedly(text: string, patterns: RegExp[]): string {
  let out = text.trim();
  for (let guard = 0; guard < 8; guard++) {
    const before = out;
    for (const p of patterns) out = out.replace(p, '').trim();
    if (out === before) break;
  }
  return out;
}

function clip(text: string): string {
  const cleaned = text.replace(/\s+/g, ' ').replace(/^[\s,.:;!?-]+|[\s,.:;!?-]+$/g, '');
  if (cleaned.length <= MAX_EXTRACT_CHARS) return cleaned;
  const cut = cleaned.slice(0, MAX_EXTRACT_CHARS);
  const space = cut.lastIndexOf(' ');
  return space > MAX_EXTRACT_CHARS / 2 ? cut.slice(0, space) : cut;
}

/** Result of {@link extractImagePrompt}. */
export type ImagePromptExtraction =
  | { kind: 'subject'; prompt: string }
  /** The message points back at earlier art ("mint it", "mint my last piece"). */
  | { kind: 'reference' }
  | { kind: 'none' };

/**
 * What the user wants drawn: "can you draw a wolf howling at the moon please" → "a wolf howling at
 * the moon" (request words stripped, at most 200 characters). In `mint` mode only an explicit
 * "nft of …" names a subject; "mint it" / "mint this" point back at earlier art.
 */
export function extractImagePrompt(message: string, mode: 'art' | 'mint' = 'art'): ImagePromptExtraction {
  const firstLine = message.slice(0, MAX_SCANNED_CHARS).replace(/\s+/g, ' ').trim();
  if (mode === 'mint') {
    const m = MINT_SUBJECT.exec(firstLine);
    const named = m?.[1] ? clip(stripRepeatedly(m[1], [TRAILERS])) : '';
    if (named && !REFERENCE_START.test(named) && normalizeText(named).length >= 3) {
      return { kind: 'subject', prompt: named };
    }
    return REFERENCE_START.test(stripRepeatedly(firstLine, [LEAD_FILLERS, ART_VERBS])) ||
      /\b(?:it|this|that)\b/i.test(firstLine)
      ? { kind: 'reference' }
      : { kind: 'none' };
  }
  const withoutRequest = stripRepeatedly(firstLine, [LEAD_FILLERS, ART_VERBS, ART_NOUNS]);
  const subject = clip(stripRepeatedly(withoutRequest, [TRAILERS]));
  if (REFERENCE_START.test(subject) && subject.split(' ').length <= 6) return { kind: 'reference' };
  // "an illustration of it would make a great gift": a pronoun with a clause of its own after it is
  // the object alone; the clause says what the picture would do, not what it shows.
  if (REFERENCE_CLAUSE.test(subject)) return { kind: 'reference' };
  if (normalizeText(subject).length < 3) return { kind: 'none' };
  if (/^(?:something|anything|stuff)$/i.test(subject)) return { kind: 'none' };
  return { kind: 'subject', prompt: subject };
}

const SUBJECT_MARKER = /\b(?:for|about|announcing|regarding|showing)\b\s+(.+)$/i;
const PRONOUNS: Record<string, string> = {
  my: 'your',
  mine: 'yours',
  me: 'you',
  i: 'you',
  im: 'you are',
  "i'm": 'you are',
  our: 'your',
  we: 'you',
  us: 'you',
  myself: 'yourself',
};

/** Swaps first-person words for second-person ones ("my bakery" → "your bakery"). */
export function swapPronouns(text: string): string {
  return text
    .split(' ')
    .map((w) => PRONOUNS[w.toLowerCase()] ?? w)
    .join(' ');
}

/**
 * What a site or post is about: the text after "for/about/announcing/…", pronouns swapped
 * ("make a site for my bakery" → "your bakery"); null when the message names no subject.
 */
export function extractSubject(message: string): string | null {
  const line = message.slice(0, MAX_SCANNED_CHARS).replace(/\s+/g, ' ').trim();
  const m = SUBJECT_MARKER.exec(line);
  if (!m?.[1]) return null;
  const subject = clip(stripRepeatedly(m[1], [TRAILERS]));
  if (normalizeText(subject).length < 2) return null;
  if (
    /^(?:farcaster|warpcast|social|social media|socials|base|chain|the web|web|replit|twitter|x|instagram|linkedin|tiktok|me|you|us|it|this|that|them)$/i.test(
      subject,
    )
  ) {
    return null;
  }
  return swapPronouns(subject);
}

const BUILD_VERBS =
  /^(?:build|bulid|create|make|code|deploy|spin up|design|launch|put up|set up|scaffold|write code for|write|whip up|host|generate|publish|draft|compose|cast|post|tweet|share|announce|promote)\b\s*(?:me|us|for me)?\s*/i;
const GENERIC_OBJECT =
  /^(?:(?:an?|the|my|some|simple|small|new|one page|static|personal)\s+)*(?:web ?site|webiste|site|web ?page|page|landing page|homepage|web app|app|project|cast|post|tweet|thread|update|announcement|something|it|this|that)?$/i;

/**
 * What to build or post when no "for/about" subject is given: the object after the verb ("code
 * me a todo app" → "a todo app"); null when it is only a generic word ("build me a website").
 */
export function extractObject(message: string): string | null {
  const line = message.slice(0, MAX_SCANNED_CHARS).replace(/\s+/g, ' ').trim();
  const object = clip(stripRepeatedly(stripRepeatedly(line, [LEAD_FILLERS, BUILD_VERBS]), [TRAILERS]));
  if (!object || GENERIC_OBJECT.test(object) || object.split(' ').length > 8) return null;
  if (!BUILD_VERBS.test(line.replace(LEAD_FILLERS, '').trim()) && !LEAD_FILLERS.test(line)) return null;
  return swapPronouns(object);
}

const CODE_WORDS =
  /\b(?:app|apps|game|script|bot|replit|repl|project|calculator|cli|api|scaffold|program|tool|todo|(?:smart )?contracts?|dapp|solidity|(?<!\b(?:qr|post|zip|dress|promo|discount|coupon|voucher|area|country|bar|morse)\s)code)\b/i;
const SITE_WORDS =
  /\b(?:site|sites|website|websites|webiste|webpage|page|landing|homepage|portfolio|blog|store|shop|docs|frontend|microsite)\b/i;

/** True when a build request is for an app or code project rather than a website. */
export function wantsCodeProject(message: string): boolean {
  return CODE_WORDS.test(message) && !SITE_WORDS.test(message);
}

const SKILL_STOP = new Set([
  'a',
  'an',
  'the',
  'new',
  'skill',
  'skills',
  'something',
  'it',
  'more',
  'harder',
  'with',
  'me',
  'today',
  'now',
  'please',
  'pls',
  'for',
  'and',
  'to',
  'your',
  'my',
  'on',
  'in',
  'at',
  'of',
  'about',
  'how',
  'some',
  'practice',
  'level',
  'up',
  'proficiency',
  'brain',
  'session',
  'lesson',
]);
const LEARN_MARKER =
  /\b(?:learn|lern|learning|practice|practise|pratice|practicing|practising|study|studying|master|train on|train your|training on|improve your|improve at|improve|get better at|become better at|work on|sharpen|level up|teach yourself|teach you|teach me|drill|exercise|quiz yourself on|lesson on|add a new skill|new skill)\b[:\s]*(.*?)(?=\b(?:learn|lern|practice|practise|pratice|study|train|improve|master)\b|$)/gi;

const ACRONYMS: Record<string, string> = {
  sql: 'SQL',
  ui: 'UI',
  ux: 'UX',
  ai: 'AI',
  ml: 'ML',
  '3d': '3D',
  nft: 'NFT',
  nfts: 'NFTs',
  css: 'CSS',
  html: 'HTML',
  zk: 'ZK',
  api: 'API',
  seo: 'SEO',
  dao: 'DAO',
  defi: 'DeFi',
  evm: 'EVM',
};

function titleCase(words: string[]): string {
  return words.map((w) => ACRONYMS[w] ?? `${w[0]?.toUpperCase() ?? ''}${w.slice(1)}`).join(' ');
}

/**
 * A skill named after "learn / practise / study / train on …" ("teach yourself python" →
 * "Python", "learn about zero knowledge proofs" → "Zero Knowledge Proofs"); at most 3 words; null
 * when none is named.
 */
export function extractNamedSkill(message: string): string | null {
  // The last marker wins: "practice makes perfect, go practice" names no skill.
  let rest: string | undefined;
  for (const m of message.slice(0, MAX_SCANNED_CHARS).matchAll(LEARN_MARKER)) rest = m[1];
  if (rest === undefined) return null;
  let words = wordsOf(normalizeText(rest));
  while (words.length && (SKILL_STOP.has(words[0] as string) || words[0] === 'how')) words = words.slice(1);
  const kept: string[] = [];
  for (const w of words) {
    if (SKILL_STOP.has(w)) break;
    kept.push(w);
    if (kept.length === 3) break;
  }
  if (kept.length === 0 || kept.join('').length < 2) return null;
  return titleCase(kept);
}

/**
 * The avatar's own skill mentioned in the message: its full name, or one of its significant words
 * (≥ 4 letters, e.g. "defi" → "DeFi Protocols"). Longest name wins; null when none.
 */
export function findMentionedSkill(
  message: string,
  skills: PersonaAvatar['skills'],
): PersonaAvatar['skills'][number] | null {
  const text = ` ${normalizeText(message)} `;
  const words = new Set(wordsOf(text.trim()));
  let best: PersonaAvatar['skills'][number] | null = null;
  let bestScore = 0;
  for (const skill of skills) {
    const name = normalizeText(skill.name);
    if (!name) continue;
    let score = 0;
    if (text.includes(` ${name} `)) score = 100 + name.length;
    else {
      const hits = wordsOf(name).filter((w) => w.length >= 4 && !SKILL_STOP.has(w) && words.has(w));
      if (hits.length > 0) score = hits.join('').length;
    }
    if (score > bestScore) {
      best = skill;
      bestScore = score;
    }
  }
  return best;
}

/** The skill to practise when none is named: the weakest one (ties → alphabetical), or null. */
export function weakestSkill(skills: PersonaAvatar['skills']): PersonaAvatar['skills'][number] | null {
  let best: PersonaAvatar['skills'][number] | null = null;
  for (const s of skills) {
    if (!best || s.proficiency < best.proficiency || (s.proficiency === best.proficiency && s.name < best.name)) {
      best = s;
    }
  }
  return best;
}

const AFFIRM = new Set([
  'yes',
  'yeah',
  'yea',
  'yep',
  'yup',
  'ya',
  'y',
  'sure',
  'ok',
  'okay',
  'k',
  'do it',
  'go',
  'go ahead',
  'go for it',
  'lets do it',
  'lets go',
  'please do',
  'yes please',
  'sounds good',
  'absolutely',
  'of course',
  'why not',
  'bet',
  'send it',
  'ship it',
  'make it so',
  'proceed',
  'continue',
  'confirm',
  'yes do it',
  'ok do it',
  'sure go ahead',
  'yes go ahead',
  'lfg',
  'hell yeah',
  'deal',
  'perfect do it',
]);
const AGAIN = /^(?:again|another|another one|one more|more|do it again|same again|again please|more please|next)$/;
const DECLINE = new Set([
  'no',
  'nope',
  'nah',
  'no thanks',
  'not now',
  'cancel',
  'stop',
  'dont',
  'skip',
  'later',
  'no way',
]);

/** How a short reply relates to the avatar's last offer. */
export type FollowUp = 'affirm' | 'again' | 'decline' | null;

/**
 * Recognises "yes" / "do it" (affirm the offer), "again" / "another one" (repeat the topic) and
 * "no" / "not now" (decline). Only whole short messages count, so "yes, but make a website"
 * is classified normally.
 */
export function detectFollowUp(message: string): FollowUp {
  const n = normalizeText(message);
  if (!n || n.length > 30) return null;
  if (AFFIRM.has(n)) return 'affirm';
  if (AGAIN.test(n)) return 'again';
  if (DECLINE.has(n)) return 'decline';
  return null;
}

/**
 * Where in a message its request lies: the clause that asks (from the clause start before the cue
 * word to the end of its sentence), and which earlier artwork a message names.
 */
import type { LastTask } from '@app/domain/chat';
import { REQUEST_CUE } from './task-frames';

/** The clause of a message that holds its request: from the clause start before the cue word on. */
export function requestClause(message: string, cue: RegExp): string {
  const text = message.slice(0, 600);
  // A request and what it asks for share a sentence: the first ask with its cue in the same
  // sentence wins ("…said you could make pictures. I used to paint… Could you paint a kite?").
  const all = (re: RegExp) => [
    ...text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`)),
  ];
  const cues = all(cue);
  let m: RegExpExecArray | null = (cues[0] as RegExpExecArray | undefined) ?? null;
  // Politeness ("please", "for me") marks a request but does not introduce what is asked for.
  for (const ask of all(REQUEST_CUE).filter((a) => !/^\W*(?:please|for me)\W*$/i.test(a[0]))) {
    const at = (ask.index ?? 0) + (/^[\s.!?,;—–-]*/.exec(ask[0])?.[0].length ?? 0);
    const hit = cues.find((c) => (c.index ?? 0) >= at && !/[.!?]\s/.test(text.slice(at, c.index)));
    if (hit) {
      m = hit as RegExpExecArray;
      break;
    }
  }
  if (!m) return text;
  const before = text.slice(0, m.index);
  const cut = Math.max(
    ...[/[.!?:;]\s+/g, /,\s+(?:but\s+)?/g, /\s+but\s+/g, /\s+[—–-]\s+/g].map((re) => {
      let last = -1;
      for (const hit of before.matchAll(re)) last = (hit.index ?? 0) + hit[0].length;
      return last;
    }),
  );
  // The clause ends with its sentence: "draw a hare, please? and I'm Lila" → "draw a hare, please?".
  const from = text.slice(Math.max(0, cut));
  const end = /[.!?]+(?=\s+\S)/.exec(from.slice(m.index - Math.max(0, cut)));
  return (end ? from.slice(0, m.index - Math.max(0, cut) + end.index + end[0].length) : from).trim();
}

/** The art a message names among earlier drafts ("mint the balloon one"), by a content word. */
export function artNamed(message: string, drafts: readonly LastTask[]): string | null {
  const words = message
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 3 && !/^(?:mint|that|this|into|turn|lovely|please|can|could|make|the|one|nft)$/.test(w));
  for (const d of [...drafts].reverse()) {
    if (!d.imagePrompt) continue;
    const prompt = d.imagePrompt.toLowerCase();
    if (words.some((w) => prompt.includes(w))) return d.imagePrompt;
  }
  return [...drafts].reverse().find((d) => d.imagePrompt)?.imagePrompt ?? null;
}

/** A subject that only names what is built ("a website", "the page"). */
export const SITE_ONLY =
  /^(?:(?:an?|the|our|my|your|some|one|new|proper|simple|little)\s+)*(?:web ?sites?|sites?|web ?pages?|pages?|homepage|one-pager|one)[\s.!?…]*$/i;

/** "what would X look like", "how might X look": a question about how something looks. */
export const LOOKS_LIKE =
  /\b(?:what (?:would|might|could|does|do|will)|how (?:would|might|could|does|do|will)) (.{3,80}?) look(?: like)?\b/i;

/** What a build request names: the site or the program (the clause starts before it). */
export const SITE_OR_CODE =
  /\b(?:site|website|websites|webiste|web ?page|page|homepage|one-pager|script|program|programme|tool|app|game|bot|cli|project)\b/i;

/** Where an art request names what to draw (the clause starts before it). */
export const ART_CUE =
  /\b(?:draw|drwa|paint|sketch|illustrate|doodle|render|imagine|visuali[sz]e|see|show|picture|image|painting|drawing|illustration|watercolou?r|portrait|artwork|logo|card|poster|flyer|banner)\b/i;
/** Where a mint request names the mint. */
export const MINT_CUE = /\b(?:mint|nft|on-?chain|tokeni[sz]e|turn|put)\b/i;
/** Where what to draw starts: the drawing verb or the picture noun. */
export const ART_START =
  /\b(?:draw|drew|paint|painted|sketch|sketched|illustrate|illustrated|doodle|doodled|render|rendered|imagine|visuali[sz]e)\b|\b(?:show me|to see)\b|\b(?:an?|the|some)\s+(?:[\p{L}-]+\s+){0,2}?(?:picture|image|painting|drawing|sketch|doodle|illustration|watercolou?r|portrait|artwork)\s+of\b/iu;
/** What a post request names: the post itself or where it goes (the clause starts before it). */
export const POST_CUE = /\b(?:casts?|posts?|tweets?|threads?|announcements?|announce|shout|farcaster|warpcast)\b/i;

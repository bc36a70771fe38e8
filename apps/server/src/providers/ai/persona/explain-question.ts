/**
 * Questions that ask how or why the world works ("why do cats purr?", "how come ice floats",
 * "what makes thunder so loud?"): general knowledge, not live data. Offline they are not answered
 * with "I can't look that up" (nothing needs looking up); the reply says plainly that the built-in
 * engine holds no encyclopaedia to explain it well, and names the question.
 */
import { type LiveQuestion, liveQuestion, questionTopic } from './live-data';

/** Words that only open or soften a question ("random q but", "like for real tho", "and"). */
const FILLERS =
  /^(?:(?:and|so|but|ok|okay|like|also|hey|hi|yo|um+|hm+|well|oh|random (?:q|question)(?: but)?|quick (?:q|question)(?: but)?|for real|tho|though|honestly|seriously|i mean|i(?: have| ve|'ve)? (?:always |often )?wondered|i wonder|out of curiosity|just curious)[,.!:;]?\s+)*/i;
/** A frame asking the avatar to explain something: it addresses the avatar only to ask. */
const EXPLAIN_FRAME =
  /^(?:(?:could|can|would|will) (?:you|u) (?:please |pls |maybe )?(?:explain|tell me)|(?:please |pls )?explain|do (?:you|u) know)(?: to me)?(?: in (?:plain|simple|easy|layman'?s?) (?:terms|words|english))?\s+(?=(?:why|how|what)\b)/i;
/** How or why something is as it is. */
const EXPLAIN_OPEN =
  /^(?:why|how come|how (?:do|does|did|can|could|would)\b(?!\s+(?:you|u|i|we|it|that|this|things|everything|life)\b)|how (?:is|are|was|were)\b.*\b(?:made|formed|created|produced|built|born)$|what (?:makes|causes|made|caused)\b|what (?:is|are|'s|s) (?:a|an)\s+\p{L}+(?:\s+\p{L}+)?(?:\s+(?:actually|really|exactly))?$|what (?:a|an)\s+\p{L}+(?:\s+\p{L}+)?\s+(?:actually\s+|really\s+|exactly\s+)?(?:is|are)$)/iu;
/** The avatar, the user or their own: asked of someone here, not of the world. */
const PERSON = /\b(?:you|your|yours|u|ur|ya|i|i'm|im|i've|me|my|mine|we|we're|our|us)\b/i;
/** Now and lately: what happens this week is news, whatever the question word. */
const RECENT =
  /\b(?:now|right now|rn|today|tonight|yesterday|last night|this (?:morning|week|weekend|year)|currently|lately|recently|latest|these days|anymore)\b/i;
/** A view asked ("imo", "do you think"): an opinion, which `advice.ts` and the classifier read. */
const OPINION =
  /\b(?:imo|imho|in (?:your|ur|my) (?:opinion|view)|do (?:you|u) think|would (?:you|u) say|better|worse|best|worst)\b/i;
/** This app's own things: asked of the platform, which other replies answer. */
const PLATFORM =
  /\b(?:avatars?|skills?|xp|levels?|marketplace|nfts?|mint(?:s|ed|ing)?|tokens?|wallets?|farcaster|casts?|posts?|sites?|websites?|deploy\w*|verif\w*|tasks?|app|art)\b/i;

/**
 * The how-or-why question a message asks of the world, as a {@link LiveQuestion} of kind 'explain'
 * whose topic says the question back, or null. Each clause is read on its own ("I have always
 * wondered: why is snow white?" asks in its second clause); a clause about the avatar, the user, the
 * platform or recent events asks something else.
 */
export function explainQuestion(message: string): LiveQuestion | null {
  // "… what's the floor now? also what makes a series age well imo": a view asked, or another question beside it.
  if (OPINION.test(message)) return null;
  const clauses = message.slice(0, 300).split(/(?<=[.?!:;…])\s+/);
  let found: LiveQuestion | null = null;
  for (const clause of clauses) {
    const bare = clause
      .replace(/\p{Extended_Pictographic}|\uFE0F|\u200D/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const asked = bare.replace(FILLERS, '').replace(EXPLAIN_FRAME, '');
    const words = asked.replace(/[?!.\s]+$/, '');
    if (!EXPLAIN_OPEN.test(words) || words.split(/\s+/).length > 20 || found) continue;
    if (PERSON.test(asked) || RECENT.test(asked) || PLATFORM.test(asked) || liveQuestion(asked)) continue;
    // "how do people get through this?": the writer's own situation, pointed at, or getting over it.
    if (/\b(?:this|that)\b|\b(?:get through|get over|cope|deal with|move on|survive)\b/i.test(asked)) continue;
    // "why did Nokia fall?": an event of something named is news, not how the world works.
    if (/\bdid\b/i.test(asked) && /\s[\p{Lu}][\p{Ll}]/u.test(asked)) continue;
    found ??= {
      kind: 'explain',
      topic: questionTopic(asked.replace(/(?:\s+(?:lol|lmao|haha|tho|though|then))+\s*([?!.]*)$/i, '$1')),
    };
  }
  if (!found) return null;
  // Another question in the same message asks something else: the other readers answer it.
  const others = clauses.filter(
    (c) => c.includes('?') && !c.toLowerCase().includes(found.topic.slice(1, -1).toLowerCase()),
  );
  return others.length ? null : found;
}

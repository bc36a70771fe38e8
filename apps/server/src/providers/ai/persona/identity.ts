/**
 * Questions about the avatar itself — is it an AI, which type it is (SPEC §1: HACKER, CREATOR,
 * HUSTLER), its name, level, skills, or "tell me about yourself" — recognised by what they ask
 * about and that they address the avatar, in any phrasing; answered from the avatar's record.
 */
import { parse } from './parse';
import { normalizeText } from './text-features';

/** What an identity question asks ('chain': whether and how the avatar itself lives on a blockchain). */
export type IdentityAspect =
  | 'ai'
  | 'type'
  | 'name'
  | 'level'
  | 'skills'
  | 'maker'
  | 'chain'
  /** What the avatar cannot do: its honest limits ("anything you're unable to do?"). */
  | 'limits'
  | 'about';

/** Words addressing the avatar, or asking who is on the other end. */
const ADDRESSED =
  /\bmy (?:avatar|agent|bot|character)\b|^(?:(?:your|ur)\s+)?(?:lvl|level|xp|stats|skills?|skillset|type|class)\s+(?:check|pls|please|rn|now|again)\b|\b(?:(?:this|the|which|what) (?:avatar|bot|character|assistant)|avatar is this|is this (?:thing|avatar|bot))\b|\b(?:you|u|ya|your|ur|yours|yourself|youre|r u)\b|\bwho (?:exactly |actually |really )?(?:have i got|am i (?:\w+ )?(?:talk|chatt?|speak|text)(?:ing|in)|is this|s this)\b|\b(?:am i|i'?m|i am) (?:\w+ )?(?:talk|chatt?|speak|text)(?:ing|in) (?:to|with)\b|\b(?:somebody|someone|anybody|anyone|an? (?:real |actual |live |living )?(?:person|human|human being|people|guy|man|woman|lady|bloke|dude|girl|boy|operator|employee|worker))\b.*\b(?:there|typing|writing|answering|replying|other end|behind)\b|\b(?:other end|other side)\b|\bis (?:anyone|anybody|someone|somebody)\b|^(?:(?:your|ur)\s+)?(?:lvl|level|xp|stats|skills?|skillset|type|class)$|\bthese (?:replies|answers|responses|messages)\b|\bwho (?:im|i am) (?:\w+ )?(?:talk|chatt?|speak|text)(?:ing|in)\b|\b(?:with|to) whom? (?:am i|im|i am)\b|\bis this (?:a|an)\b|\b(?:human|person|someone|somebody|machine|bot)\b.*\b(?:reading|writing|answering|replying to|behind) (?:this|these|me)\b|\b(?:answering|replying to|responding to) (?:me|us)\b|\bwho(?:s| is)? (?:answering|replying|typing|writing)\b|\b(?:intro|introduction)\b/;
/**
 * A short either-or about what is on the other end, with no "you" ("real person or nah", "be honest,
 * human or not?", "bot or human"): said to the avatar, it asks whether it is an AI.
 */
const HUMAN_OR_NOT =
  /\b(?:(?:a|an|real|actual|living|live)\s+)*(?:person|human|human being|bot|robot|ai|machine)\s+or\s+(?:(?:a|an|real|actual)\s+)*(?:nah|naw|not|no|nope|what|bot|robot|ai|machine|human|person|program|software)\b/;
/**
 * The avatar's own numbers asked again with no owner ("what lvl again?", "whats the level rn"), and
 * the next of its skills ("and second skill?", "what about the 3rd skill"): about the avatar.
 */
const OWN_NUMBERS =
  /^(?:(?:lol|ok|okay|so|and|but|wait|sorry|hm+|right)\s+)*(?:what(?:s| is| was)?|which)\s+(?:(?:the|ur|your)\s+)?(?:lvl|level|xp)(?:\s+(?:again|rn|now|then|tho|though|exactly))*$|^(?:(?:and|so|ok|okay|what about|how about|whats|what is|and the|and your|and ur)\s+)*(?:(?:the|ur|your)\s+)?(?:second|2nd|third|3rd|next|other)\s+(?:best\s+|top\s+|strongest\s+)?skills?$/;
/** A question or a request to say something. */
const ASKS =
  /\?|\b(?:aren'?t|ain'?t) (?:you|u)\b|\bcheck\b|\b(?:whether|wondering|(?:like|want|need) to know|curious)\b|\b(?:intro|introduction)\b|\b(?:forgot|forgotten|can'?t remember|don'?t remember|didn'?t catch)\b|\b(?:who|whos|what|whats|wat|wats|wut|wuts|which|how|are|r u|is|do|does|can|could|tell me|remind me|introduce|describe|list)\b/;

const ASPECTS: [IdentityAspect, RegExp][] = [
  [
    'ai',
    /\b(?:human(?: being)?|person|people|bot|chatbot|chat bot|robot|ai|a i|program|programme|automated|automatic|machine|computer|alive|sentient|conscious|real|actual|living|breathing|typing|software|script|scripted|pre-?programmed|programmed|canned|pre-?written|feelings|emotions|chatgpt|chat gpt|gpt|gpt\d*|llm|language model|claude|gemini|siri|alexa|assistant|artificial|intelligence)\b|\b(?:you|u) (?:\w+ )?(?:feel|experience) (?:anything|something|things|emotions?|pain|real)\b|\b(?:someone|somebody|anyone|anybody) (?:\w+ )?(?:there|on the other (?:side|end))\b|\b(?:a|an|some|real|actual) (?:guy|man|woman|lady|bloke|dude|girl|boy|operator|employee|worker)\b.*\b(?:typing|writing|answering|replying)\b|\b(?:someone|somebody|anyone|anybody)\b.*\b(?:typing|writing|answering|replying|sending|composing)\b/,
  ],
  // "type", "kind", "sort" as nouns ("which type", "your class", "kind of avatar"), not verbs with an
  // object ("sort that out", "code that sorts the list by age"),
  // nor "what sort of work can you do" (what the avatar does, not what it is).
  [
    'type',
    /\b(?:what|which|your|ur|a|an|the|one|of|this|that)\s+(?:\w+\s+){0,2}(?:types?|kinds?|class(?:es)?|categor(?:y|ies)|sorts?|breeds?|flavou?rs?)\b(?!\s+of\s+(?:work|things?|stuff|jobs?|tasks?|help|projects?|services?|requests?)\b)(?!\s+(?:the|my|our|your|a|an|it|them|these|those|out|by)\b)|\b(?:avatar|agent|character) (?:types?|kinds?|class|category)\b|\b(?:types?|kinds?|class|category|sort) of\b(?!\s+(?:work|things?|stuff|jobs?|tasks?|help|projects?|services?|requests?)\b)|\barchetypes?\b|\b(?:hacker|creator|hustler|coder one|arty one|artsy one|salesy one)s?\b/,
  ],
  // "called" only with "you" ("what are you called"); "it's called The Golden Fry" names the user's thing.
  [
    'name',
    /\b(?:name|names|(?:are|r) (?:you|u) called|(?:you|u)(?:re| are)? called|call you|address you|your handle)\b/,
  ],
  [
    'level',
    /\b(?:level|lvl|levels|levell?ed|levell?ing|level wise|levelwise|xp|experience|experienced|rank|ranked|tier|how far along)\b/,
  ],
  [
    'skills',
    /\b(?:skills?|skillset|good at|best at|good are (?:you|u)|strongest|strengths?|trained|expertise|specialit(?:y|ies)|specialty|specialties|speciali[sz]e|proficien\w*)\b/,
  ],
  // "who put you together", "who is responsible for creating you", "where do you come from".
  [
    'maker',
    /\b(?:who|what company|which company|what team|which team)(?: \w+){0,3} (?:made|built|created|designed|programmed|coded|developed|invented|wrote|trained|put (?:\w+ )?together|responsible for (?:creating|making|building|designing))\b|\b(?:your|ur) (?:creator|creators|maker|makers|developer|developers|author|inventor|origin|origins)\b|\bwhere (?:do|did) (?:you|u) come from\b|\b(?:who|what \w+|which \w+)(?:s| is| are)? behind (?:you|u|this)\b/,
  ],
  // "are you on the blockchain?", "you are an NFT?", "do you have a wallet": the avatar's own chain record.
  [
    'chain',
    /\b(?:(?:are|r) (?:you|u)|(?:you|u) (?:are|r|exist|live)|(?:do|does) (?:you|u) (?:exist|live)|youre)\b(?: \w+){0,5} (?:blockchain|block chain|onchain|on chain|chain|nfts?|tokens?|ethereum|base|crypto|web3|wallet|smart contract)\b|\b(?:your|ur)(?: own)? (?:wallet|token|token id|nft|contract|address|chain)\b/,
  ],
  // "is there anything you're unable to do", "what are your weak spots": the honest limits.
  [
    'limits',
    /\bwhat (?:\w+ )?(?:cant|cannot|can not|couldnt|wont) (?:you|u|ya) (?:\w+ )?(?:do|handle|help with|manage)\b|\bwhat (?:you|u|ya) (?:cant|cannot|can not|couldnt) (?:\w+ )?do\b|\b(?:something|anything|things?|stuff) (?:that )?(?:you|u|ya) (?:\w+ )?(?:cant|cannot|can not|couldnt|arent able to|are not able to|are unable to|cant manage to) (?:\w+ )?do\b|\b(?:your|ur) (?:own )?(?:limits|limitations|weak(?:ness|nesses| spots?| points?)|blind spots?)\b|\bwhat (?:are|r) (?:you|u) (?:\w+ )?(?:bad|worst|weak|not good|no good|rubbish|terrible|useless) (?:at|with)\b|\bwhere do (?:you|u) fall short\b/,
  ],
  // "what are you (actually) useful for" asks what it can do (asksCapabilities), not who it is.
  [
    'about',
    /\b(?:about yourself|(?:intro|introduce|describe|present) yourself|tell me about you|who (?:are|r) (?:you|u)|who (?:\w+ )?have i got|who (?:am i|im|i am) (?:\w+ )?(?:talk|chatt?|speak|text)(?:ing|in)|(?:with|to) whom? (?:am i|im|i am)|who(?:s| is) this|who(?:s| is)? (?:answering|replying|typing|writing|on the other (?:end|side))|what (?:exactly )?are (?:you|u)(?! (?:best|good|great|better|worst|bad|weak|rubbish|terrible|useless|not|doing|up to|into|working|making|building|drawing|thinking|saying|talking|like at)\b)(?! (?:\w+ )?(?:useful|good|handy|for|capable|able|best|better|strongest|worst|bad|weak)\b)|what are you exactly|(?:what|who) (?:you|u) (?:are|really are)|how old are (?:you|u)|what r u(?! (?:\w+ )?(?:useful|good|handy|for|capable|able|best|better|strongest|worst|bad|weak)\b)|what (?:is it|exactly|actually|even)? ?(?:that )?(?:you|u) (?:actually |even |really )?do)\b/,
  ],
];

/**
 * "who am i even chattin with", "with whom am I speaking": who is on the other end, asked with the
 * user as the subject; it asks the avatar's name, not the user's.
 */
export const ASKS_WHO_IS_THERE =
  /\bwho (?:am i|im|i am) (?:\w+ )?(?:talk|chatt?|speak|text)(?:ing|in)\b|\b(?:with|to) whom? (?:am i|im|i am)\b/;

/**
 * A question about whom the avatar talks to or what it calls the user ("who are you talking to?",
 * "whom are you speaking with", "what should you be calling me?"): the user is the object, so it asks
 * the user's name, not the avatar's.
 */
export const WHOM_YOU_ADDRESS =
  /\bwho(?:m)?(?: exactly| actually| really)? (?:(?:are|r) )?(?:you|u|youre|ur|your)(?: are| r)? (?:\w+ )?(?:talking|speaking|chatting) (?:to|with)\b|\b(?:(?:should|do|will|would|can|shall) (?:you|u) (?:be )?|(?:are|r) (?:you|u) (?:going to|gonna) )(?:call|calling|address|addressing|refer to|referring to) me\b/;

/**
 * Words that make it a question about the user or someone of theirs instead ("what's my name", "do
 * you remember my brother's name", "her name?"): the aspect noun has an owner other than the avatar.
 */
const ABOUT_USER = new RegExp(
  String.raw`\b(?:my|his|her|their|our)\s+(?:[\w-]+\s+){0,3}?(?:names?|level|skills?|type)\b|\b(?:names?|level|skills?|type) of (?:my|his|her|their|our)\b|\bwho am i\b(?! (?:\w+ )?(?:talk|chatt?|speak|text)(?:ing|in))|${WHOM_YOU_ADDRESS.source}`,
);
/** An "are you …" frame: the AI question is about the avatar, not about AI in general. */
const ABOUT_BEING =
  /\b(?:do (?:you|u) (?:\w+ly )?(?:have|feel|dream|sleep|eat|think)|(?:you|u) as (?:a|an|some)|are (?:you|u)|(?:you|u) (?:(?:a|an|actually|really) )?(?:real|human|ai|bot|robot|person|machine)|r u|you are|youre|is this|is it|is there|is (?:anyone|anybody|someone|somebody)|other side|(?:am i|im|i am) (?:\w+ )?(?:talk|chatt?|speak|text)(?:ing|in)|other end|these replies|typing|(?:reading|writing|typing|answering|replying|behind)(?: back)?(?: to)? (?:this|these|me|us))\b/;
/** Requests that mention one of the words but ask for work ("draw a robot", "learn a new skill"). */
const TASK_REQUEST =
  /\b(?:draw|paint|sketch|make|build|create|generate|write|mint|post|cast|train|practi[sc]e|learn|level up|improve|list|sell)\b/;

/** Nouns that name an aspect when said alone ("name + class, quick", "lvl and xp pls"). */
const BARE_ASPECT: Record<string, IdentityAspect> = {
  name: 'name',
  type: 'type',
  class: 'type',
  lvl: 'level',
  level: 'level',
  xp: 'level',
  stats: 'level',
  skills: 'skills',
  skill: 'skills',
  skillset: 'skills',
  maker: 'maker',
  creator: 'maker',
};
const LIST_FILLER = new Set('and your ur then quick quickly pls please rn now again go plus too also'.split(' '));

/** The aspects a message made only of aspect nouns and fillers names, or empty. */
function bareAspects(n: string): IdentityAspect[] {
  const words = n.split(' ').filter(Boolean);
  if (words.length > 8 || !words.some((w) => BARE_ASPECT[w])) return [];
  if (!words.every((w) => BARE_ASPECT[w] || LIST_FILLER.has(w))) return [];
  return [...new Set(words.map((w) => BARE_ASPECT[w]).filter((a): a is IdentityAspect => Boolean(a)))];
}

/**
 * The aspects an identity question asks about, in the order of {@link ASPECTS} ("what level are you
 * and what are your skills?" → level and skills); empty when the message is not one.
 */
export function identityAspects(message: string): IdentityAspect[] {
  // Chat spellings of "are you" and "you're": "ru a real person", "ur a bot right?".
  const n = normalizeText(message.replace(/'/g, ''))
    .replace(/\bru\b/g, 'r u')
    // "urself", "yaself": "yourself"; "ur" before an article or an adverb is "you're" ("ur basically a bot").
    .replace(/\b(?:urself|yaself|yourslef|yrself)\b/g, 'yourself')
    .replace(/\bur (?=(?:a|an|just|really|actually|not|some|real|so|such|only|even|still|\w+ly)\b)/g, 'youre ');
  if (!n || n.split(' ').length > 30) return [];
  const bare = bareAspects(n);
  if (bare.length) return bare;
  if (!ABOUT_USER.test(n)) {
    const said = message
      .toLowerCase()
      .split(/[.?!]+\s*|\n/)
      .map((p) => normalizeText(p.replace(/'/g, '')))
      .filter(Boolean);
    if (said.some((p) => OWN_NUMBERS.test(p))) return said.some((p) => /\bskills?$/.test(p)) ? ['skills'] : ['level'];
    if (n.split(' ').length <= 10 && said.some((p) => HUMAN_OR_NOT.test(p) && p.split(' ').length <= 6)) return ['ai'];
  }
  if (ABOUT_USER.test(n) || !ADDRESSED.test(n) || !ASKS.test(message.toLowerCase().replace(/\bru\b/g, 'r u')))
    return [];
  const request = TASK_REQUEST.test(n) && !/\bwhat (?:can|could) you\b/.test(n);
  const out: IdentityAspect[] = [];
  for (const [aspect, re] of ASPECTS) {
    if (!re.test(n)) continue;
    if (aspect === 'skills' && request) continue;
    if (aspect === 'ai' && (!ABOUT_BEING.test(n) || (request && !/\b(?:are|is) (?:you|u|there|this|it)\b/.test(n)))) {
      continue;
    }
    if ((aspect === 'level' || aspect === 'name') && request && !/\b(?:your|ur) name\b/.test(n)) continue;
    if (aspect === 'chain' && request) continue;
    out.push(aspect);
  }
  if (!out.includes('maker') && asksMaker(message)) out.splice(out.includes('about') ? 0 : out.length, 0, 'maker');
  // "about" answers everything at once; an "ai" question already names the type.
  if (out.includes('about')) return ['about'];
  // "who's your creator?" asks who made it; "creator" names a type only beside a word of kind.
  const maker = out.includes('maker') && !/\b(?:type|kind|class|category|sort|archetype|hacker|hustler)s?\b/.test(n);
  return out.filter((a) => !(a === 'type' && (out.includes('ai') || maker)));
}

/** Verbs of making something, in dictionary form (the tagger's lemma). */
const MAKING = new Set('make build create design program code develop invent write train engineer craft'.split(' '));

/**
 * "who is creating you?", "which people make you?", "what company developed you": a question word
 * asking for someone, then a making verb (any tense, by its lemma) whose object is the avatar and
 * ends the clause ("who can make you a logo" asks for something else).
 */
function asksMaker(message: string): boolean {
  for (const s of parse(message.slice(0, 300)).sentences) {
    const t = s.tokens;
    // "did some guy code you at 3am or what": a yes/no question about who made it asks the same.
    if (!t.some((w) => /^(?:who|whom|which|what|did|was|were)$/.test(w.lower))) continue;
    for (let i = 1; i < t.length; i++) {
      if (!/^(?:you|u)$/.test(t[i]!.lower) || !MAKING.has(t[i - 1]!.lemma)) continue;
      const next = t[i + 1];
      if (!next || next.pos === 'PUNCT' || next.pos === 'ADV' || next.lower === 'up') return true;
      // "… build you in a garage", "… code you at night": where or when it was made.
      if (/^(?:at|in|on|from|during|overnight|alone|yourself)$/.test(next.lower)) return true;
      if (next.lower === 'or' && /^(?:what|not|something|smth)$/.test(t[i + 2]?.lower ?? '')) return true;
    }
  }
  return false;
}

/** The first aspect an identity question asks about, or null when the message is not one. */
export function identityAspect(message: string): IdentityAspect | null {
  return identityAspects(message)[0] ?? null;
}

/**
 * True when a question the classifier read as about the avatar (who it is, what it can do) asks
 * about someone else: it does not address the avatar ("guess who just passed the bar?" asks nobody;
 * "what else are they clever at?" asks about them).
 */
export function asksAboutOthers(act: string, message: string): boolean {
  if (/\b(?:you|your|yours|yourself|u|ur|ya)\b|\b(?:is|am) (?:this|it|that|i)\b/i.test(message)) return false;
  return act === 'who_are_you' || (act === 'capabilities' && /\b(?:they|he|she|them|those|these)\b/i.test(message));
}

/**
 * "what are you even useful for", "what r u good for then": what the avatar is for. Adverbs are
 * `\w+ly` once, not also listed by name: "really" matched twice would double the ways to read each one.
 */
const USE_FOR = /\bwhat (?:are|r) (?:you|u|ya) (?:\w+ly |even |still )*(?:useful|good|handy|for)\b(?! (?:at|with)\b)/;

/**
 * "like what can u even do", "so what could you actually do?": what the avatar can do, asked with
 * fillers around it (an adverb or two before the verb, nothing after it), which the classifier's
 * word statistics read less surely than the bare "what can you do".
 */
export function asksCapabilities(message: string): boolean {
  const n = normalizeText(message.replace(/'/g, ''));
  return (
    /\bwhat (?:else |other stuff |other things )?(?:can|could|cant) (?:you|u|ya) (?:\w+ly |even |still )*(?:do|help with|make)(?: (?:tho|though|then|here|again|anyway|for me|for us))*$/.test(
      n,
    ) || USE_FOR.test(n)
  );
}

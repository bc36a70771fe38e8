/**
 * Task slots: what a task request asks for — subject, a business or project
 * name, a place, page sections, tone, programming language, colours — read from the request text.
 * The persona engine puts the resolved request into the task suggestion's prompt; the task
 * generators (site, code project, art, Farcaster) read the same slots back from it.
 */

/** Programming languages a code project can be generated in. */
export const CODE_LANGUAGES = ['python', 'javascript', 'typescript', 'go', 'rust', 'shell'] as const;
/** One programming language. */
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** Tones a site or post can be written in. */
export const TONES = ['friendly', 'professional', 'playful', 'bold', 'calm', 'luxury', 'technical'] as const;
export type Tone = (typeof TONES)[number];

/** The slots of one request; absent ones are null / empty. */
export interface TaskSlots {
  /** What it is about ("a bakery", "a neon fox"), request words stripped. */
  subject: string | null;
  /** A proper name given to it ("Luna's Bakery", a quoted or "called …" name). */
  name: string | null;
  /** Where ("in Lisbon" → "Lisbon"). */
  place: string | null;
  /** Page sections asked for ("with a menu, gallery and contact section"). */
  sections: string[];
  tone: Tone | null;
  language: CodeLanguage | null;
  /** Colour words, as CSS colour values (named colours) in the order given. */
  colours: string[];
}

const LANGUAGE_WORDS: [RegExp, CodeLanguage][] = [
  [/\bpython\b|\bpy\b|\bdjango\b|\bflask\b/i, 'python'],
  [/\btypescript\b|\bts\b|\bdeno\b/i, 'typescript'],
  [/\bjavascript\b|\bjs\b|\bnode(?:\.?js)?\b/i, 'javascript'],
  [/\bgolang\b|\bin go\b|\bgo (?:app|cli|program|script|project|server|tool)\b/i, 'go'],
  [/\brust\b|\bcargo\b/i, 'rust'],
  [/\bshell\b|\bbash\b|\bsh script\b|\bzsh\b/i, 'shell'],
];

/** CSS named colours recognised in requests (lower-case word → CSS value). */
export const COLOUR_WORDS: Record<string, string> = {
  red: '#e53935',
  crimson: '#dc143c',
  orange: '#fb8c00',
  amber: '#ffb300',
  yellow: '#fdd835',
  gold: '#ffd700',
  golden: '#ffd700',
  green: '#43a047',
  lime: '#c0ca33',
  emerald: '#2ecc71',
  teal: '#00897b',
  cyan: '#00e5ff',
  turquoise: '#40e0d0',
  blue: '#1e88e5',
  navy: '#1a237e',
  indigo: '#3949ab',
  purple: '#8e24aa',
  violet: '#7c4dff',
  magenta: '#ff00ff',
  pink: '#ff4081',
  rose: '#f06292',
  brown: '#795548',
  beige: '#f5f5dc',
  cream: '#fffdd0',
  white: '#ffffff',
  black: '#111111',
  grey: '#9e9e9e',
  gray: '#9e9e9e',
  silver: '#c0c0c0',
  pastel: '#ffd1dc',
  neon: '#39ff14',
};

const TONE_WORDS: [RegExp, Tone][] = [
  [/\bfriendly|warm|welcoming|cozy|cosy\b/i, 'friendly'],
  [/\bprofessional|corporate|formal|serious\b/i, 'professional'],
  [/\bplayful|fun|funny|quirky|cute|silly\b/i, 'playful'],
  [/\bbold|loud|hype|edgy|punchy\b/i, 'bold'],
  [/\bcalm|minimal|minimalist|zen|clean|simple\b/i, 'calm'],
  [/\bluxury|luxurious|elegant|premium|fancy\b/i, 'luxury'],
  [/\btechnical|nerdy|geeky|dev\b/i, 'technical'],
];

const SECTION_WORDS = [
  'about',
  'menu',
  'gallery',
  'contact',
  'pricing',
  'services',
  'team',
  'faq',
  'testimonials',
  'reviews',
  'blog',
  'events',
  'shop',
  'products',
  'portfolio',
  'features',
  'hours',
  'location',
  'booking',
  'schedule',
  'newsletter',
  'projects',
  'skills',
];

/** Request words stripped from the front of a subject ("make me a site for …"). */
const LEAD =
  /^(?:(?:hey|hi|yo|ok|okay|so|and|now|please|pls|can you|could you|would you|will you|i want you to|i want|i wanna|i would like|i'd like|i need|let's|lets|go ahead and|just|also)\b[\s,]*)+/i;
const VERBS =
  /^(?:make|build|create|code|write|draw|paint|render|generate|design|deploy|draft|compose|post|cast|mint|sketch|whip up|spin up|set up|put up|scaffold)\b\s*(?:me|us|for me)?\s*/i;
const KINDS =
  /^(?:(?:an?|the|my|some|one|another|simple|small|new|quick|little|static|personal|cool|nice)\s+)*(?:(?:python|javascript|typescript|js|ts|go|golang|rust|shell|bash|node)\s+)?(?:web ?site|site|web ?page|landing page|homepage|page|web app|app|project|program|script|cli|tool|bot|game|api|server|cast|post|farcaster post|tweet|thread|nft|image|picture|painting|drawing|illustration|artwork|art|piece|poster)?\s*(?:(?:for|about|of|showing|depicting|with|on|called|named|in)\b\s*)?/i;

function words(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Cuts a phrase at the first slot marker ("a bakery in lisbon with a menu" → "a bakery"). */
function cutAtMarkers(text: string): string {
  return (
    text.split(
      /\s+(?:in|at|near|with|using|called|named|written in|in the style|that|which|, |and (?:a|an|the) (?:menu|gallery|contact))\b|[.!?;]/i,
    )[0] ?? ''
  ).trim();
}

/**
 * Reads the slots of a request. Bounded (first 500 characters); never throws.
 * Examples: "make a site for Luna's Bakery in Lisbon with a menu and contact section, warm tone" →
 * name "Luna's Bakery", place "Lisbon", sections [menu, contact], tone friendly; "write a python
 * script that renames photos" → language python, subject "renames photos".
 */
export function extractTaskSlots(request: string): TaskSlots {
  const text = words(request.slice(0, 500));
  const lower = text.toLowerCase();

  let language: CodeLanguage | null = null;
  for (const [re, lang] of LANGUAGE_WORDS) {
    if (re.test(text)) {
      language = lang;
      break;
    }
  }

  const colours: string[] = [];
  for (const w of lower.match(/\p{L}+/gu) ?? []) {
    const c = COLOUR_WORDS[w];
    if (c && !colours.includes(c)) colours.push(c);
  }

  let tone: Tone | null = null;
  for (const [re, t] of TONE_WORDS) {
    if (re.test(text)) {
      tone = t;
      break;
    }
  }

  const sections: string[] = [];
  const withPart = /\bwith\s+(?:an?\s+|the\s+)?(.+)$/i.exec(text)?.[1] ?? '';
  for (const s of SECTION_WORDS) {
    if (new RegExp(`\\b${s}\\b`, 'i').test(withPart) && !sections.includes(s)) sections.push(s);
  }

  let name: string | null = null;
  const quoted = /["“']([^"”']{2,60})["”']/.exec(text);
  const called = /\b(?:called|named)\s+([^,.;!?]{2,60}?)(?=\s+(?:in|at|with|that|which|for)\b|[,.;!?]|$)/i.exec(text);
  const possessive = /\b((?:[A-Z][\p{L}]*\s)*[A-Z][\p{L}]*['’]s(?:\s+[A-Z][\p{L}]*)+)/u.exec(text);
  const capitalised = /\bfor\s+((?:[A-Z][\p{L}'’&-]*)(?:\s+[A-Z][\p{L}'’&-]*)*)/u.exec(text);
  if (quoted?.[1]) name = quoted[1].trim();
  else if (called?.[1]) name = called[1].trim();
  else if (possessive?.[1]) name = possessive[1].trim();
  else if (capitalised?.[1] && capitalised[1].split(' ').length <= 5) name = capitalised[1].trim();

  let place: string | null = null;
  const placeMatch =
    /\b(?:in|at|near|based in|located in|from)\s+((?:the\s+)?[A-Z][\p{L}'’-]*(?:\s+[A-Z][\p{L}'’-]*){0,3})/u.exec(
      text,
    ) ?? /\b(?:based in|located in)\s+([\p{L}][\p{L}'’ -]{1,40}?)(?=[,.;!?]|\s+with\b|$)/iu.exec(text);
  if (placeMatch?.[1]) {
    const p = placeMatch[1].trim();
    if (!/^(?:Python|JavaScript|TypeScript|Go|Rust|Shell|Bash|Node|The Style)$/i.test(p) && p !== name) place = p;
  }

  let subject: string | null = null;
  const stripped = text.replace(LEAD, '').replace(VERBS, '').replace(KINDS, '');
  const about = /\b(?:for|about|of|showing|depicting|that)\s+(.+)$/i.exec(text)?.[1];
  const candidate = cutAtMarkers(stripped || about || '');
  if (candidate && candidate.length >= 2) subject = candidate.slice(0, 120);
  if (!subject && about) subject = cutAtMarkers(about).slice(0, 120) || null;
  if (subject) {
    subject =
      subject
        .replace(/^(?:that|which)\s+/i, '')
        .replace(/\s+(?:on|to) (?:farcaster|warpcast|base|socials?)$/i, '')
        .replace(/["“”]/g, '')
        .trim() || null;
  }

  return { subject, name, place, sections, tone, language, colours };
}

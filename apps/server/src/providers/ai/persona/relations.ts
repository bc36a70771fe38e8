/**
 * The user's people and things, by what they are to the user: "my sister is called Priya", "my son's
 * called Teddy", "my partner Jonas made lasagne", "Dami, my best friend", "I've got a brother named
 * Tom", "my car is a battered old Volvo estate". Each is a keyed fact (key "sister", value "called
 * Priya") read from the sentence's shape — "my <noun phrase>" and what the sentence says it is —
 * with the tagger (`parse.ts`) checking the noun phrase ends in a noun. Also the word matching that
 * recall and forgetting use: light stemming and the ties between kinship words ("gran" is a
 * "grandmother", a "son" is one of the "kids").
 */
import {
  MEMORY_ABOUT_KEY_MAX_CHARS,
  MEMORY_ABOUT_MAX,
  MEMORY_FACT_MAX_CHARS,
  type MemoryFacts,
} from '@app/domain/chat';
import { parse, type Sentence } from './parse';

/** One keyed fact: what the thing is to the user, and what they said it is. */
export type AboutFact = NonNullable<MemoryFacts['about']>[number];

/**
 * Groups of words for the same tie (first word = the group's name). A word in a later "umbrella"
 * group (kids, partner, parents, siblings, family, friend) also finds the words it covers.
 */
const KIN_GROUPS: string[][] = [
  ['mother', 'mum', 'mom', 'mam', 'mummy', 'mommy', 'mama', 'ma'],
  ['father', 'dad', 'daddy', 'papa', 'pa', 'pop', 'pops'],
  ['grandmother', 'gran', 'granny', 'grandma', 'nan', 'nana', 'nanna', 'nanny', 'grandmum', 'grandmom', 'gram'],
  ['grandfather', 'grandad', 'granddad', 'grandpa', 'gramps', 'grampa', 'grandpop'],
  ['wife', 'missus', 'missis'],
  ['husband', 'hubby'],
  ['girlfriend', 'gf'],
  ['boyfriend', 'bf'],
  ['fiance', 'fiancé', 'fiancee', 'fiancée'],
  ['son', 'boy'],
  ['daughter', 'girl'],
  ['friend', 'mate', 'pal', 'buddy', 'bestie', 'bff', 'bestfriend'],
  ['flatmate', 'roommate', 'housemate'],
  ['colleague', 'coworker', 'co-worker', 'workmate'],
  ['boss', 'manager', 'supervisor'],
  ['neighbour', 'neighbor'],
  ['university', 'uni', 'college'],
  ['sister', 'sis'],
  ['brother', 'bro'],
];
/** Umbrella words and the groups they cover ("kids" covers a son, "family" a brother). */
const KIN = [
  'mother',
  'father',
  'sister',
  'brother',
  'son',
  'daughter',
  'wife',
  'husband',
  'girlfriend',
  'boyfriend',
  'fiance',
  'grandmother',
  'grandfather',
  'aunt',
  'auntie',
  'uncle',
  'cousin',
  'niece',
  'nephew',
  'grandson',
  'granddaughter',
  'stepmum',
  'stepdad',
  'twin',
];
const UMBRELLAS: [names: string[], covers: string[]][] = [
  [
    ['kid', 'kids', 'child', 'children', 'baby', 'babies', 'little one', 'little ones'],
    ['son', 'daughter', 'twin'],
  ],
  [
    ['partner', 'spouse', 'other half', 'significant other'],
    ['wife', 'husband', 'girlfriend', 'boyfriend', 'fiance'],
  ],
  [
    ['parent', 'parents', 'folks'],
    ['mother', 'father', 'stepmum', 'stepdad'],
  ],
  [
    ['sibling', 'siblings'],
    ['sister', 'brother', 'twin'],
  ],
  [
    ['grandparent', 'grandparents'],
    ['grandmother', 'grandfather'],
  ],
  [
    ['family', 'relative', 'relatives', 'relation', 'relations', 'folks'],
    [...KIN, 'partner', 'kid', 'parent', 'sibling'],
  ],
];
/** Word → the name of its group. */
const GROUP_OF = new Map<string, string>();
for (const g of KIN_GROUPS) for (const w of g) GROUP_OF.set(w, g[0] as string);

/** Nouns for a person by their tie to the writer (a name may follow them: "my cousin Rafi"). */
const PERSON_TIES =
  'mum|mom|mam|mummy|mommy|mother|dad|daddy|father|parents?|sister|brother|siblings?|son|daughter|kids?|child|children|baby|wife|husband|partner|spouse|girlfriend|boyfriend|fianc[eé]e?|grandmother|grandma|gran|granny|nan|nana|nanna|grandfather|grandpa|grandad|granddad|grandson|granddaughter|grandkids?|aunt|auntie|aunty|uncle|cousin|niece|nephew|twin|friend|mate|pal|buddy|bestie|flatmate|roommate|housemate|neighbou?r|boss|manager|colleague|coworker|co-worker|teacher|tutor|coach|therapist|doctor|dentist|landlord|landlady|stepmum|stepmom|stepdad|stepson|stepdaughter|godson|goddaughter|godmother|godfather|in-laws?|mother-in-law|father-in-law|sister-in-law|brother-in-law|ex';
const TIE = new RegExp(`^(?:${PERSON_TIES})$`, 'i');

/** True for a word naming a person by their tie to the writer ("sister", "boss", "kids"). */
export function isPersonTie(word: string): boolean {
  return TIE.test(word);
}
const TIE_MODIFIERS =
  '(?:(?:best|older|younger|little|big|baby|eldest|oldest|youngest|middle|twin|step|half|late|new|old|ex|dear|lovely|oldest|closest|childhood|other)[\\s-]+){0,2}';

/** A name: capitalised words (a title allowed), not a sentence word. */
const NAME =
  "(?:(?:Dr|Mr|Mrs|Ms|Mx|Miss|Auntie|Aunt|Uncle|Nan|Grandma|Grandpa)\\.?\\s+)?[\\p{Lu}][\\p{L}'’-]*(?:\\s+[\\p{Lu}][\\p{L}'’-]*){0,2}";
const NOT_A_NAME =
  /^(?:I|I'm|I’m|The|A|An|And|But|So|Just|Really|Not|He|She|They|It|We|You|My|Our|His|Her|Their|Lol|Haha|Btw)$/;

/** Keys that structured facts hold already (the user's own name, job, likes, plans, home). */
const STRUCTURED_KEYS =
  /^(?:name|names|full name|real name|job|work|day job|occupation|profession|career|hobby|hobbies|passion|project|plan|plans|home|address|location|favou?rite\b.*|fave?\b.*|birthday|bday|anniversary|wedding|exam|interview|flight|trip|holiday|appointment|level|skills?|type|memory|question|message|point|guess|bad|fault|pleasure|turn|treat)$/i;
/** Heads that are no thing of the user's to remember ("my god is …", "my mind is …"). */
const NOT_KEYS =
  /^(?:god|gosh|goodness|mind|head|heart|brain|life|day|week|morning|night|evening|weekend|mood|bad|fault|opinion|view|take|guess|point|problem|issue|question|answer|reply|message|idea|thought|feeling|worry|concern|advice|excuse|apologies|bet|hope|wish|dream|phone battery|battery|wifi|internet|connection|computer|laptop|code|bug|build|app|site|website|post|draft|art|nft)$/i;

/** Where a value stops: a clause break or a conjunction that starts the next thought. */
const VALUE_STOP =
  /\s*(?:[,;:.!?—–()]|\s-\s|\b(?:and (?:i|i'm|i've|we|my|she|he|they|it)|but|so|because|cos|though|although|which|who|lol|haha|btw|by the way|anyway)\b).*$/iu;

function clean(value: string): string {
  return value.replace(VALUE_STOP, '').replace(/\s+/g, ' ').trim();
}

function singularKey(key: string): string {
  return key.toLowerCase().replace(/[’]/g, "'").replace(/\s+/g, ' ').trim().slice(0, MEMORY_ABOUT_KEY_MAX_CHARS);
}

function fact(key: string, value: string): AboutFact | null {
  const k = singularKey(key);
  const v = value
    .replace(/\bmy\b/gi, 'your')
    .replace(/\bI\b/g, 'you')
    .trim()
    .slice(0, MEMORY_FACT_MAX_CHARS);
  if (!k || !v || NOT_KEYS.test(k) || STRUCTURED_KEYS.test(k)) return null;
  return { key: k, value: v };
}

/** True when the last word of a noun phrase is tagged a noun in the sentence. */
function endsInNoun(phrase: string, sentence: Sentence): boolean {
  const last = phrase
    .split(/[\s']+/)
    .at(-1)
    ?.toLowerCase();
  if (!last) return false;
  const token = sentence.tokens.find((t) => t.lower === last);
  return !token || token.pos === 'NOUN' || token.pos === 'PROPN' || token.pos === 'X';
}

/** Words an animal name is (pets are stored apart, see `facts.ts`). */
export type IsAnimal = (word: string) => boolean;

/** "my <noun phrase> is called / 's called / 's name is / is named", before the name. */
const NAMED_HEAD = `\\b[Mm]y\\s+((?:[\\p{Ll}-]+\\s+){0,2}?[\\p{Ll}-]+(?:'s\\s+[\\p{Ll}-]+)?)(?:\\s*(?:'s|’s)\\s+name\\s+(?:is|was|'s)|\\s+(?:is|was|are)\\s+(?:called|named|known as)|\\s*(?:'s|’s|'re)\\s+(?:called|named)|\\s+goes by|\\s+(?:is|was)\\s+(?:nicknamed|christened))\\s+`;
const NAMED = new RegExp(`${NAMED_HEAD}(${NAME}(?:\\s*(?:,|and|&)\\s*${NAME})*)`, 'gu');
/** The same in a message typed all in lower case ("my sister is called priya"): one word. */
const NAMED_LOWER = new RegExp(`${NAMED_HEAD}([\\p{Ll}][\\p{Ll}'-]+)`, 'gu');
/** "my partner Jonas", "my best friend, Dami", "my little brother Callum". */
const APPOSED = new RegExp(`\\b[Mm]y\\s+(${TIE_MODIFIERS}(?:${PERSON_TIES}))\\s*,?\\s+(${NAME})`, 'gu');
/** "Dami, my best friend", "Rafi (my cousin)". */
const APPOSED_BEFORE = new RegExp(`(${NAME})\\s*[,(]\\s*my\\s+(${TIE_MODIFIERS}(?:${PERSON_TIES}))\\b`, 'gu');
/** "I've got a brother named Tom", "we have a daughter called Mia". */
const HAVE_NAMED = new RegExp(
  `\\b(?:I|[Ww]e)(?:'ve|’ve| have)?\\s+(?:got|have|has)\\s+(?:an?|one|two|three|a little|a younger|an older)\\s+((?:[\\p{Ll}-]+\\s+){0,2}?[\\p{Ll}-]+)\\s*,?\\s+(?:called|named)\\s+(${NAME}(?:\\s+and\\s+${NAME})?)`,
  'gu',
);
/** "my car is a battered old Volvo estate", "my best friend is Dami", "my kids are Teddy and Rose". */
const COPULA =
  /\b[Mm]y\s+((?:[\p{Ll}-]+\s+){0,2}?[\p{Ll}-]+)(?:\s+(?:is|are)|'s)\s+(?!called\b|named\b|not\b|so\b|too\b|very\b|really\b|just\b)(.{2,120})/gu;

/**
 * Keyed facts a sentence tells about the user's people and things (see the file comment); `isAnimal`
 * tells which heads are pets (stored apart). Values are bounded to the domain's limits.
 */
export function aboutFactsOf(sentence: Sentence, isAnimal: IsAnimal): AboutFact[] {
  const text = sentence.text.replace(/’/g, "'").replace(/\s+/g, ' ');
  const out: AboutFact[] = [];
  const push = (f: AboutFact | null) => {
    if (f && !isAnimal(f.key.split(' ').at(-1) ?? '') && !out.some((o) => o.key === f.key)) out.push(f);
  };
  const nameValue = (name: string) => {
    const n = name.trim();
    return NOT_A_NAME.test(n.split(/\s+/)[0] ?? '') ? null : `called ${n}`;
  };
  const lower = !/\p{Lu}/u.test(text.replace(/\bI\b/g, ''));
  for (const m of text.matchAll(lower ? NAMED_LOWER : NAMED)) {
    const typed = m[2] as string;
    const v = nameValue(lower ? typed.replace(/^\p{Ll}/u, (c) => c.toUpperCase()) : typed);
    if (v) push(fact((m[1] as string).replace(/'s$/, ''), v));
  }
  for (const m of text.matchAll(APPOSED)) {
    const v = nameValue(m[2] as string);
    if (v) push(fact(m[1] as string, v));
  }
  for (const m of text.matchAll(APPOSED_BEFORE)) {
    const v = nameValue(m[1] as string);
    if (v) push(fact(m[2] as string, v));
  }
  for (const m of text.matchAll(HAVE_NAMED)) {
    const v = nameValue(m[2] as string);
    if (v) push(fact(m[1] as string, v));
  }
  for (const m of text.matchAll(COPULA)) {
    const key = m[1] as string;
    if (out.some((o) => o.key === singularKey(key)) || !endsInNoun(key, sentence)) continue;
    const value = clean(m[2] as string);
    // What follows must name something (a/the/some…, a number, a name, a place or date after a
    // preposition), not a state ("my back is sore", "my wifi is slow").
    const first = value.split(/\s+/)[0] ?? '';
    const tag = sentence.tokens.find((t) => t.text === first)?.pos;
    const names =
      /^(?:an?|the|some|one|two|three|four|five|\d+|in|at|on|from|near|called|named|my|our|his|her|their)$/i.test(
        first,
      ) ||
      /^\p{Lu}/u.test(first) ||
      tag === 'NUM' ||
      tag === 'PROPN';
    if (!names || value.split(/\s+/).length > 12) continue;
    push(fact(key, value));
  }
  return out;
}

/** Merges keyed facts: a told key replaces the stored one (a correction), newest last, bounded. */
export function mergeAbout(stored: readonly AboutFact[], told: readonly AboutFact[]): AboutFact[] {
  const keys = new Set(told.map((f) => f.key));
  return [...stored.filter((f) => !keys.has(f.key)), ...told].slice(-MEMORY_ABOUT_MAX);
}

/** "your sister is called Priya", "your kids are called Teddy and Rose". */
export function describeAbout(f: AboutFact): string {
  const plural = /(?:s|children|folks|people)$/.test(f.key) && !/(?:ss|us)$/.test(f.key);
  return `your ${f.key} ${plural ? 'are' : 'is'} ${f.value}`;
}

// ── word matching ───────────────────────────────────────────────────────────────────────────────

/** A light stem: lower case, no possessive, plural or common verb ending ("lives" → "live", "married" → "marry"). */
export function stem(word: string): string {
  let w = word
    .toLowerCase()
    .replace(/[’']s$/, '')
    .replace(/[’']/g, '');
  if (w.length <= 3) return w;
  if (/ies$|ied$/.test(w)) return `${w.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(w)) return w;
  if (/(?:ches|shes|xes|sses)$/.test(w)) return w.slice(0, -2);
  if (/ing$/.test(w) && w.length > 5) w = w.slice(0, -3);
  else if (/ed$/.test(w) && w.length > 4) w = w.slice(0, -2);
  else if (/s$/.test(w)) w = w.slice(0, -1);
  // "getting" → "gett" → "get", "planned" → "plann" → "plan".
  if (/([bdgmnprt])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** The group a word belongs to ("gran" → "grandmother"), or its stem. */
function groupOf(word: string): string {
  const w = word.toLowerCase();
  return GROUP_OF.get(w) ?? GROUP_OF.get(stem(w)) ?? stem(w);
}

/**
 * True when two words name the same thing: the same stem or kinship group ("gran" / "grandmother"),
 * a shared stem of five letters or more ("allergy" / "allergic"), or an umbrella word and a word it
 * covers ("kids" / "son", "family" / "brother").
 */
export function sameThing(a: string, b: string): boolean {
  const ga = groupOf(a);
  const gb = groupOf(b);
  if (ga === gb) return true;
  const sa = stem(a);
  const sb = stem(b);
  let common = 0;
  while (common < sa.length && common < sb.length && sa[common] === sb[common]) common++;
  if (common >= 5 && common >= Math.min(sa.length, sb.length) - 2) return true;
  for (const [names, covers] of UMBRELLAS) {
    const covered = (w: string) => covers.includes(groupOf(w)) || names.includes(w.toLowerCase());
    if ((names.includes(a.toLowerCase()) && covered(b)) || (names.includes(b.toLowerCase()) && covered(a))) return true;
  }
  return false;
}

/** The content words of a text (letters, two or more), for matching. */
export function wordsIn(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’]/g, "'")
      .match(/[\p{L}][\p{L}'-]*/gu) ?? []
  ).map((w) => w.replace(/'s$/, ''));
}

/** Parses a sentence list once for callers that only have text. */
export function sentencesOf(text: string): Sentence[] {
  return parse(text).sentences;
}

/**
 * The user's people and things, by what they are to the user: "my sister is called Priya", "my son's
 * called Teddy", "my partner Jonas made lasagne", "Dami, my best friend", "I've got a brother named
 * Tom", "my car is a battered old Volvo estate". Each is a keyed fact (key "sister", value "called
 * Priya") read from the sentence's shape — "my <noun phrase>" and what the sentence says it is —
 * with the tagger (`parse.ts`) checking the noun phrase ends in a noun. How they are matched by
 * recall and forgetting: `word-match.ts`.
 */
import {
  MEMORY_ABOUT_KEY_MAX_CHARS,
  MEMORY_ABOUT_MAX,
  MEMORY_FACT_MAX_CHARS,
  type MemoryFacts,
} from '@app/domain/chat';
import { isRole } from './fact-words';
import type { Sentence } from './parse';

/** One keyed fact: what the thing is to the user, and what they said it is. */
export type AboutFact = NonNullable<MemoryFacts['about']>[number];

/** Nouns for a person by their tie to the writer (a name may follow them: "my cousin Rafi"). */
const PERSON_TIES =
  'bro|sis|mum|mom|mam|mummy|mommy|mother|dad|daddy|father|parents?|folks|sister|brother|siblings?|son|daughter|kids?|child|children|baby|wife|husband|partner|spouse|girlfriend|boyfriend|fianc[eé]e?|grandmother|grandma|gran|granny|nan|nana|nanna|grandfather|grandpa|grandad|granddad|grandson|granddaughter|grandkids?|aunt|auntie|aunty|uncle|cousin|niece|nephew|twin|friend|mate|pal|buddy|bestie|flatmate|roommate|housemate|neighbou?r|boss|manager|colleague|coworker|co-worker|teacher|tutor|coach|therapist|doctor|dentist|landlord|landlady|stepmum|stepmom|stepdad|stepson|stepdaughter|godson|goddaughter|godmother|godfather|in-laws?|mother-in-law|father-in-law|sister-in-law|brother-in-law|ex|other half|better half|old man|old dear|missus|hubby|wifey|lad|eldest|youngest';
const TIE = new RegExp(`^(?:${PERSON_TIES})$`, 'i');

/** "my sister", "my best friend": one of the writer's people named by their tie. */
export const PERSON_OF_MINE = new RegExp(
  `\\bmy\\s+${'(?:(?:best|older|younger|little|big|baby|eldest|oldest|youngest|twin|step|half)[\\s-]+){0,2}'}(?:${PERSON_TIES})\\b`,
  'iu',
);

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

/** True when the last word of a noun phrase is tagged a noun in the sentence, or names a person by their tie. */
function endsInNoun(phrase: string, sentence: Sentence): boolean {
  const last = phrase
    .split(/[\s']+/)
    .at(-1)
    ?.toLowerCase();
  if (!last) return false;
  // "my youngest", "my eldest": a person by their tie, however the tagger reads the word.
  if (isPersonTie(last)) return true;
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
/**
 * "my car is a battered old Volvo estate", "my best friend is Dami", "my kids are Teddy and Rose";
 * the value stops where another "my …" clause starts ("my eldest is 14 and my youngest is 9").
 */
const COPULA =
  /\b[Mm]y\s+((?:[\p{Ll}-]+\s+){0,2}?[\p{Ll}-]+)(?:\s+(?:is|are)|'s)\s+(?!called\b|named\b|not\b|so\b|too\b|very\b|really\b|just\b)((?:(?!\s*(?:,|;|\band\b|\bbut\b|\bwhile\b)\s*[Mm]y\s).){1,120})/gu;

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
  withRoles(out, text);
  return out;
}

/**
 * What a named person of the writer's does, said after the name in the same sentence ("my brother
 * is Teo, he's a welder in Hull", "my aunt Bea just qualified as a midwife"): a role noun (by its
 * ending or the list, `fact-occupation.ts`) after "is a", "as a", "became a"; appended to the value.
 */
const ROLE_AFTER =
  /^[^.;!?]{0,60}?\b(?:is|'s|are|works as|working as|qualified as|started as|starting as|trained as|training as|became|retrained as)\s+(?:now\s+|officially\s+|just\s+|also\s+)?an?\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\b(.*)$/iu;

function withRoles(facts: AboutFact[], text: string): void {
  for (const f of facts) {
    const name = /^(?:called\s+)?(\p{Lu}[\p{L}'’-]*)/u.exec(f.value)?.[1];
    const at = name ? text.indexOf(name) : -1;
    if (!name || at < 0) continue;
    const m = ROLE_AFTER.exec(text.slice(at + name.length));
    const role = m?.[1];
    if (!role || !isRole((role.split(/\s+/).at(-1) as string).toLowerCase())) continue;
    const value = `${f.value}, ${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${clean(`${role}${m[2] ?? ''}`)}`;
    if (value.length <= MEMORY_FACT_MAX_CHARS) f.value = value;
  }
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

/** True when the words before a point of a sentence make someone of the writer's its subject ("my sister … as a nurse"). */
export function someoneElsesClause(before: string): boolean {
  const clause = before.split(/[.;!?]|,\s*(?:and\s+)?(?=i\b|i'|we\b)/i).at(-1) ?? '';
  return new RegExp(`\\b(?:my|our)\\s+${TIE_MODIFIERS}(?:${PERSON_TIES})\\b|\\b(?:he|she|they)\\b`, 'i').test(clause);
}

/**
 * True when the words before a point make someone of the writer's its subject without the writer
 * ("my best mate moved to …", not "me n my sister moved to …", "my husband and I have …").
 */
export function othersOnly(before: string): boolean {
  const clause = before.split(/[.;!?]/).at(-1) ?? '';
  return someoneElsesClause(before) && !/\b(?:i|we|me|us)\b/i.test(clause);
}

/**
 * True when the clause before a point names one of the writer's people as the owner or subject,
 * without the writer ("my sis's kid has a …", "our daughter has taken in a …"); pronouns are not
 * counted (in "she is a greyhound" the pronoun is the animal).
 */
export function peopleOnly(before: string): boolean {
  // "my brother is called Osric and my parrot …": a new subject after "and" starts a clause of its own.
  const clause = before.split(/[.;!?]|\b(?:and|but|while|whereas|plus)\s+(?=(?:my|our|i|we)\b)/i).at(-1) ?? '';
  return (
    new RegExp(`\\b(?:my|our)\\s+${TIE_MODIFIERS}(?:${PERSON_TIES})\\b`, 'i').test(clause) &&
    !/\b(?:i|we|me|us)\b/i.test(clause)
  );
}

/**
 * Facts a user tells an avatar about themselves (issue 17 item 2) and what "forget …" erases.
 * Pure functions over one message: the dialogue act comes from the NLU (`intent-classifier.ts`);
 * these read the slot values out of a message the NLU labelled `tell_fact` / `forget`.
 */
import { MEMORY_FACT_MAX_CHARS, MEMORY_LIKES_MAX, type MemoryFacts } from '@app/domain/chat';

/** Most characters of a message scanned for facts. */
const MAX_SCANNED = 400;

/** Words after which a captured value stops ("i live in lisbon and i like jazz" → "lisbon"). */
const STOP = /\s*(?:[,.;!?]|\band\b|\bbut\b|\bbecause\b|\bso\b|\bwhere\b|\bwhich\b|\bnow\b|\bthough\b)/i;

function capture(text: string, pattern: RegExp): string | null {
  const m = pattern.exec(text);
  if (!m?.[1]) return null;
  const value = m[1].split(STOP)[0]?.trim() ?? '';
  if (!value || value.length > MEMORY_FACT_MAX_CHARS) return null;
  return value;
}

/** Title-cases a name or place ("new york" → "New York"); keeps "McDonald"-like inner capitals. */
function properCase(value: string): string {
  return value
    .split(/\s+/)
    .map((w) => (w.length > 0 ? `${w[0]!.toUpperCase()}${w.slice(1)}` : w))
    .join(' ');
}

const NAME =
  /\b(?:my name is|my name's|my names|i am called|i'm called|im called|call me|you can call me|the name's|name is)\s+([\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*)?)/iu;
const LOCATION =
  /\b(?:i live in|i live near|i'm from|im from|i am from|i'm based in|im based in|i am based in|based in|i moved to|i stay in|i'm living in|i reside in)\s+(?:the\s+)?([^,.;!?]{2,60})/i;
const WORKING_ON =
  /\b(?:i'm working on|im working on|i am working on|i'm currently working on|i work on|i'm building|im building|i am building|my project is)\s+([^.;!?]{2,100})/i;
const OCCUPATION = /\b(?:i work as|i'm working as|my job is|i am an?|i'm an?|im an?)\s+([\p{L}][\p{L}\s-]{1,40})/iu;
const LIKES =
  /\b(?:i really like|i like|i love|i really love|i enjoy|i'm into|im into|i am into|i'm a fan of|my hobby is|my hobbies are)\s+([^.;!?]{2,60})/i;
const FAVOURITE = /\bmy (?:favou?rite|fav)\s+([\p{L}]+)\s+is\s+([^.,;!?]{1,40})/iu;

/** Words that look like an occupation capture but describe a mood or state ("i'm a bit tired"). */
const NOT_OCCUPATION = /^(?:bit|little|lot|big fan|fan|huge fan|mess|wreck|bit tired|tad)\b/i;

/**
 * Facts stated in a message: name ("my name is Sam", "call me Sam"), location ("I live in
 * Lisbon"), what they work on ("I'm building a music app"), occupation ("I'm a designer"), likes
 * ("I love hiking", "my favourite colour is blue" → "blue (colour)"). Values are bounded to
 * {@link MEMORY_FACT_MAX_CHARS}; absent facts are omitted.
 */
export function extractFacts(message: string): MemoryFacts {
  const text = message.slice(0, MAX_SCANNED).replace(/\s+/g, ' ').trim();
  const facts: MemoryFacts = {};
  const name = capture(text, NAME);
  if (name) facts.name = properCase(name);
  const location = capture(text, LOCATION);
  if (location) facts.location = properCase(location);
  const working = capture(text, WORKING_ON);
  if (working) facts.workingOn = swapToSecondPerson(working);
  else {
    const occupation = capture(text, OCCUPATION);
    if (occupation && !NOT_OCCUPATION.test(occupation) && occupation.split(' ').length <= 4) {
      facts.occupation = occupation.toLowerCase();
    }
  }
  const fav = FAVOURITE.exec(text);
  const like = fav ? `${fav[2]!.trim()} (favourite ${fav[1]!.toLowerCase()})` : capture(text, LIKES);
  if (like) facts.likes = [swapToSecondPerson(like)];
  return facts;
}

/** "my thesis" → "your thesis" so the fact reads right when the avatar says it back. */
function swapToSecondPerson(text: string): string {
  return text.replace(/\bmy\b/gi, 'your').replace(/\bour\b/gi, 'your');
}

/** Merges newly told facts into stored ones: new values win; likes accumulate (most recent last). */
export function mergeFacts(stored: MemoryFacts, told: MemoryFacts): MemoryFacts {
  const out: MemoryFacts = { ...stored };
  if (told.name) out.name = told.name;
  if (told.location) out.location = told.location;
  if (told.occupation) out.occupation = told.occupation;
  if (told.workingOn) out.workingOn = told.workingOn;
  if (told.likes?.length) {
    const likes = [...(stored.likes ?? []).filter((l) => !told.likes!.includes(l)), ...told.likes];
    out.likes = likes.slice(-MEMORY_LIKES_MAX);
  }
  return out;
}

/** True when the message stated at least one fact. */
export function hasFacts(facts: MemoryFacts): boolean {
  return Boolean(facts.name || facts.location || facts.occupation || facts.workingOn || facts.likes?.length);
}

/** Which facts a "forget …" message erases: all of them, some, or none (only the topic). */
export type ForgetScope = { all: true } | { all: false; keys: (keyof MemoryFacts)[] };

/**
 * What "forget …" means: "forget everything / what you know about me / clear your memory" → all
 * facts; "forget my name" / "where I live" / "what I like" / "my job" / "my project" → that fact;
 * "forget that / never mind / new topic" → no fact (the topic and last task are reset by the caller).
 */
export function forgetScope(message: string): ForgetScope {
  const t = message.toLowerCase();
  if (/\b(?:everything|all of it|what you know|about me|your memory|my info|my data|all my)\b/.test(t)) {
    return { all: true };
  }
  const keys: (keyof MemoryFacts)[] = [];
  if (/\bmy name\b/.test(t)) keys.push('name');
  if (/\b(?:where i live|where i'm from|my (?:city|town|location|address))\b/.test(t)) keys.push('location');
  if (/\b(?:what i like|my (?:likes|hobbies|favou?rites?))\b/.test(t)) keys.push('likes');
  if (/\b(?:my job|my work|what i do)\b/.test(t)) keys.push('occupation');
  if (/\b(?:my project|what i'm (?:working on|building))\b/.test(t)) keys.push('workingOn');
  return { all: false, keys };
}

/** Applies a {@link ForgetScope} to stored facts. */
export function forgetFacts(facts: MemoryFacts, scope: ForgetScope): MemoryFacts {
  if (scope.all) return {};
  const out: MemoryFacts = { ...facts };
  for (const k of scope.keys) delete out[k];
  return out;
}

/**
 * Which facts a memory question asks about, in the order of the question ("what's my name and where
 * do I live" → name, location); empty for "what do you know about me" (everything).
 */
export function recallTargets(message: string): (keyof MemoryFacts)[] {
  const t = message.toLowerCase();
  const found: { key: keyof MemoryFacts; at: number }[] = [];
  const look = (key: keyof MemoryFacts, re: RegExp) => {
    const m = re.exec(t);
    if (m) found.push({ key, at: m.index });
  };
  look('name', /\bmy name\b|\bwho am i\b|\bcall me\b/);
  look('location', /\bwhere (?:do|did) i\b|\bwhere am i\b|\bwhat city\b|\bwhere i live\b|\bi'm from\b/);
  look('workingOn', /\bworking on\b|\bbuilding\b|\bmy project\b/);
  look('occupation', /\bmy job\b|\bwhat do i do\b/);
  look('likes', /\bi like\b|\bmy (?:hobbies|favou?rite)\b|\bwhat do i (?:like|love|enjoy)\b/);
  return found.sort((a, b) => a.at - b.at).map((f) => f.key);
}

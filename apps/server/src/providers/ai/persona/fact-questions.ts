/**
 * What a memory question or a "forget …" names among the user's facts: "what's my cat called?"
 * asks for the pets, "forget where I live" erases the place, "wipe everything" all of them.
 */
import type { MemoryFacts } from '@app/domain/chat';
import { ANIMAL } from './fact-words';
import { ANIMALS } from './facts';
import { WHOM_YOU_ADDRESS } from './identity';
import { askedWords, forgetAbout } from './recall';
import { isPersonTie } from './relations';
import { forgetNotes } from './statements';
import { isAnimalKind, isKindOf } from './word-kinds';
import { namesPetKind, sameThing, wordsIn } from './word-match';

/**
 * A challenge to the avatar's memory, asked as a statement ("bet you forgot my sister's name", "I
 * doubt you remember where I work", "you've probably forgotten my dog"): it asks for the fact.
 */
export const MEMORY_CHALLENGE =
  /\b(?:bet|betcha|doubt|guess|probably|prob|must have|must've|already|totally|completely)\b[^.?!]{0,15}\b(?:forgot|forgotten|don'?t remember|can'?t remember|do not remember|cannot remember|remember|don'?t know|dont know|do not know)\b|\b(?:you|u)(?:'ve| have)? (?:forgot|forgotten)\b/i;
/** The kinds of fact a question or a "forget …" can name. */
export type FactKey = keyof MemoryFacts;

const TARGETS: [FactKey, RegExp][] = [
  [
    'name',
    new RegExp(
      String.raw`\bmy name\b|\bwho (?:am i|i am)\b(?! (?:\w+ )?(?:talking|chatting|speaking))|\bname (?:did i|have you got for me|i gave)\b|\bwhat (?:i'?m|am i) called\b|\bhow (?:i am|am i|i'?m|im) called\b|\b(?:how|what) (?:you|u) (?:will|would|should|gonna) call me\b|\bcalled me\b|\b(?:should|do|will|would|can) you (?:call|address|refer to) me\b|\bwhat (?:do|does|did) (?:people|everyone|they|folks|friends|my friends) call me\b|\bwhat name\b|${WHOM_YOU_ADDRESS.source}`,
    ),
  ],
  [
    'location',
    /\bwhere (?:do|did|am) i\b|\bwhere (?:\w+ )?(?:i|we) (?:grew|grow|was born|were born|was raised|were raised)\b|\b(?:and|or) where\b|\bwhere i (?:live|am|'m)\b|\b(?:which|what|my) (?:city|town|village|country|place|home ?town|area|neighbou?rhood|address)\b|\b(?:my|our) home\b(?![\s-]*(?:made|cooked|baked|grown|office|page|screen|gym|workout|network|wifi|router)\b)|\b(?:live|living|based|from)\b/,
  ],
  [
    'occupation',
    /\bwhere (?:do |did )?i (?:work|am working|'m working|im working)\b|\bwho (?:do |did )?i (?:\w+ (?:i )?)?work for\b|\b(?:which|what) (?:company|firm|employer)\b|\bmy (?:employer|workplace)\b|\bthe (?:place|company|firm|office|shop|business|team) (?:where |that |which )?(?:i|we) (?:work|am working|'m working)\b|\b(?:the|that) (?:job|occupation|career|work)(?: (?:thing|bit|part|stuff|info|detail))\b|\b(?:my job|my work|my occupation|for a living|day job|what do i do(?! (?:for fun|in my (?:free|spare) time|at (?:the )?weekends?))|profession|career|what i do|(?:do|did) i (?:study|work)|my (?:course|degree|subject))\b/,
  ],
  [
    'workingOn',
    /\bworking on\b|\bmy (?:side |pet |own |new )?project\b|\b(?:the|that) project (?:i|we)\b|\bbuilding\b|\blearning\b|\bam i (?:studying|practi[sc]ing)\b|\binstrument\b|\bwhat am i (?:writing|making|creating|designing|coding|knitting|painting|recording|restoring)\b|\bdo i (?:play|practi[sc]e)\b/,
  ],
  [
    'likes',
    /\b(?:hobby|hobbies|favou?rite|like best|like most|do i (?:like|love|enjoy)|i (?:like|love|enjoy)|what i (?:like|love)|for fun|(?:free|spare) time|am i (?:into|obsessed with)|i'?m into|do i (?:support|follow)|(?:which|what) (?:team|club|band|side) do i)\b/,
  ],
  [
    'plans',
    /\bwhen(?:'s| is| was)? my\b|\bwhen am i\b|\bwhere am i (?:going|off to|heading|flying|\w+ing)\b|\bwhat am i (?:doing|training for|planning|up to)\b|\b(?:what|who) am i \w+ing (?:in|on|next|this|tomorrow|tonight|at|after)\b|\bwhat'?s (?:happening|on|planned)\b|\bmy (?:\w+ )?plans?\b|\bcoming up\b|\b(?:birthday|anniversary|wedding|exam|interview|trips?|travel|travelling|traveling|journey|holiday|vacation|appointment)\b/,
  ],
  ['pets', new RegExp(`\\b(?:pets?|animals?|creatures?|critters?|${ANIMALS})s?\\b`)],
];

/** Which facts a memory question asks about, in the order asked; empty = everything. */
export function recallTargets(message: string): FactKey[] {
  const t = message.toLowerCase().replace(/[’`]/g, "'");
  const found: { key: FactKey; at: number }[] = [];
  for (const [key, re] of TARGETS) {
    const m = re.exec(t);
    if (m) found.push({ key, at: m.index });
  }
  // "what's my cat called" asks for the pet, not the user's own name.
  const keys = found.sort((a, b) => a.at - b.at).map((f) => f.key);
  return keys.includes('pets') ? keys.filter((k) => k !== 'name' || /\bmy name\b|\bwho am i\b/.test(t)) : keys;
}

/**
 * Which facts a "forget …" message erases: all of them, some kinds, or none (only the topic).
 * `about` is a word the message names ("forget what I said about hiking"): every stored value
 * holding it goes, whatever its kind.
 */
export type ForgetScope =
  | { all: true }
  | {
      all: false;
      keys: FactKey[];
      about?: string;
      /** Things of the user's named by "my …" that no kind of fact covers ("forget my sister's name"). */
      things?: string[];
      /** A person named only by a pronoun ("forget his name"): the last one told of. */
      someone?: boolean;
    };

/** "forget what I told you about hiking", "delete the bit about my allotment": the word named. */
const FORGET_ABOUT =
  /\b(?:forget|delete|erase|wipe|remove|drop|scrub|clear)\b[^.?!]{0,40}?\babout\s+(?:my\s+|the\s+|our\s+|that\s+|his\s+|her\s+)?([\p{L}][\p{L}'-]{1,})/u;
/** "forget the diabetes thing", "delete that allergy stuff": the word before "thing" or "stuff". */
const FORGET_THE_THING =
  /\b(?:forget|delete|erase|wipe|remove|drop|scrub)\s+(?:the|that|this|my|all the|all that)\s+([\p{L}][\p{L}'-]{1,})\s+(?:thing|stuff|bit|part|info|information|details?|business)\b/u;
/**
 * A request to forget a thing of the user's: a verb of forgetting addressed to the avatar, then "my …"
 * within a few words ("erase my sister's name", "could you not remember my allergy"); "clear", "my
 * scan is clear", or a verb in the past ("she deleted my photos") is none.
 */
const FORGET_THING =
  /\b(?:forget|delete|erase|wipe|remove|drop|scrub|unlearn|stop (?:remembering|storing|keeping|saving)|(?:don'?t|do not|not) (?:keep|store|save|remember|hold on to)|get rid of)\b[^.?!]{0,40}?\b(?:my|our)\b/;
/** Words after "about" that name no stored value. */
const NOT_ABOUT =
  /^(?:me|it|that|this|them|those|these|what|earlier|before|everything|anything|us|an|to|so|as|at|in|on|up|my|he|we|a|i)$/;

/** "forget his name", "forget about her": someone named by a pronoun. */
const FORGET_SOMEONE =
  /\b(?:forget|delete|erase|wipe|remove|drop|scrub)\b[^.?!]{0,20}?\b(?:(?:his|her|their)\s+(?:name|number|details)|(?:about\s+)?(?:him|her|them))\b/;
/** "forget that number", "delete the address": a thing after "that/the/this" (not a whole topic). */
const FORGET_KIND =
  /\b(?:forget|delete|erase|wipe|remove|drop|scrub)\s+(?:that|the|this)\s+(number|pin|code|password|address|date|name|email|phone number)\b/;

const FORGET_ALL =
  /\b(?:everything|all of it|all (?:that|this)|what you know|anything you know|about me|your memory|my (?:info|data|details)|all my)\b/;

/** What a "forget/delete/wipe …" message erases (see {@link ForgetScope}). */
export function forgetScope(message: string): ForgetScope {
  // "… from ur memory" says where from, not which fact ("from" would name the hometown).
  const said = message
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/\b(?:from|outta|out of) (?:your|ur|the) (?:memory|notes|head|brain|records?)\b/g, ' ');
  // "forget the karaoke but remember my name and my hamster": what is to be kept is no part of it.
  const t = said.replace(/\b(?:but|and|though)\s+(?:please\s+|do\s+)?(?:remember|keep)\b.*$/, '');
  if (FORGET_ALL.test(t)) return { all: true };
  // "erase my sister's name", "stop remembering my allergy": the thing after "my", when it is no
  // kind of fact ("my name", "my job" are).
  // A pet named by its kind ("forget my tortoise's name") is a thing too: that pet goes, not every pet.
  const things = FORGET_THING.test(t)
    ? askedWords(t).heads.filter((h) => {
        const kinds = recallTargets(`my ${h}`);
        return h !== 'memory' && (kinds.length === 0 || (kinds.join() === 'pets' && !/^(?:pets?|animals?)$/.test(h)));
      })
    : [];
  const keys = recallTargets(t.replace(/\bmy \p{L}+(?:'s)? name\b/gu, 'x')).filter(
    (k) => k !== 'workingOn' || /\bworking on|project\b/.test(t),
  );
  const about = FORGET_ABOUT.exec(t)?.[1] ?? FORGET_THE_THING.exec(t)?.[1];
  const scope: ForgetScope = { all: false, keys };
  if (about && !NOT_ABOUT.test(about)) scope.about = about;
  // "forget that number", "delete the pin": a thing named by a word of its kind.
  const kind = FORGET_KIND.exec(t)?.[1];
  if (kind && !recallTargets(`my ${kind}`).length) things.push(kind);
  if (things.length) scope.things = things;
  if (FORGET_SOMEONE.test(t)) scope.someone = true;
  return scope;
}

/**
 * True when a stored value holds the word or another form of it (any case, whole words: "hiking" in
 * "hiking in Wales", "diabetes" in "you're diabetic", `sameThing` in `word-match.ts`).
 */
function holds(value: unknown, word: string): boolean {
  return wordsIn(typeof value === 'string' ? value : JSON.stringify(value ?? '')).some((w) => sameThing(w, word));
}

/** Applies a {@link ForgetScope} to stored facts. */
export function forgetFacts(facts: MemoryFacts, scope: ForgetScope): MemoryFacts {
  if (scope.all) return {};
  // "forget his name": the person told of last.
  const someone = scope.someone
    ? [...(facts.about ?? [])].reverse().find((f) => isPersonTie(f.key.split(' ').at(-1) ?? ''))
    : undefined;
  const out: MemoryFacts = forgetThings({ ...facts }, [...(scope.things ?? []), ...(someone ? [someone.key] : [])]);
  for (const k of scope.keys) delete out[k];
  const word = scope.about;
  if (!word) return out;
  for (const k of ['name', 'location', 'occupation', 'workingOn'] as const) if (holds(out[k], word)) delete out[k];
  for (const k of ['likes', 'dislikes', 'diet', 'plans'] as const) {
    const kept = out[k]?.filter((v) => !holds(v, word));
    if (kept) out[k] = kept;
  }
  if (out.pets) out.pets = out.pets.filter((p) => !holds(p, word));
  if (out.about) out.about = out.about.filter((f) => !holds(`${f.key} ${f.value}`, word));
  for (const k of ['likes', 'dislikes', 'diet', 'plans', 'pets', 'about'] as const)
    if (out[k]?.length === 0) delete out[k];
  return out;
}

/** Drops the keyed facts about the things a {@link ForgetScope} names. */
function forgetThings(facts: MemoryFacts, things: readonly string[]): MemoryFacts {
  if (!things.length) return facts;
  const out: MemoryFacts = { ...facts };
  // "that number": the stored values that are numbers.
  if (things.some((t) => /^(?:number|pin|code|phone number)$/.test(t)) && out.about)
    out.about = out.about.filter((f) => !/\d{3,}/.test(f.value));
  if (out.about) out.about = forgetAbout(out.about, things);
  if (out.pets) out.pets = out.pets.filter((p) => !things.some((x) => namesPetKind(x, p.kind) || sameThing(p.name, x)));
  // "forget my sister" drops the plans, likes and diets that name her too; "my allergy" the allergy.
  for (const k of ['likes', 'dislikes', 'diet', 'plans'] as const) {
    const kept = out[k]?.filter((v) => !wordsIn(v).some((w) => things.some((x) => sameThing(w, x))));
    if (kept) out[k] = kept;
  }
  for (const k of ['likes', 'dislikes', 'diet', 'plans', 'pets', 'about'] as const)
    if (out[k]?.length === 0) delete out[k];
  return out;
}

/**
 * The user's kept statements after a "forget …": none after "forget everything"; otherwise without
 * those holding the word or the things named, or a value of a fact that was dropped ("forget where
 * I live" drops "we settled in Hull last year" too).
 */
export function forgetStatements(
  notes: readonly string[],
  scope: ForgetScope,
  before: MemoryFacts,
  after: MemoryFacts,
): string[] {
  if (scope.all) return forgetNotes(notes, null);
  const words = [...(scope.things ?? []), ...(scope.about ? [scope.about] : [])];
  let kept = words.length ? forgetNotes(notes, words) : [...notes];
  const dropped: string[] = [];
  for (const k of ['name', 'location', 'occupation', 'workingOn'] as const) {
    const v = before[k];
    if (v && after[k] !== v) dropped.push(v);
  }
  for (const k of ['likes', 'dislikes', 'diet', 'plans'] as const)
    for (const v of before[k] ?? []) if (!after[k]?.includes(v)) dropped.push(v);
  for (const p of before.pets ?? []) if (!after.pets?.some((q) => q.name === p.name)) dropped.push(p.name);
  for (const f of before.about ?? []) if (!after.about?.some((g) => g.key === f.key)) dropped.push(f.value);
  // A value's own words ("plumber", "Leeds"): the statement that told it goes with it. A name is
  // its words however short ("Sam", "Jo").
  const names = new Set([before.name, ...(before.pets ?? []).map((p) => p.name)].filter(Boolean));
  const valueWords = dropped.flatMap((v) =>
    wordsIn(v.replace(/\([^)]*\)/g, '')).filter(
      (w) => (w.length > 3 || names.has(v)) && !/^(?:your|you|with|from|that|this|called)$/.test(w),
    ),
  );
  if (valueWords.length) kept = kept.filter((n) => !wordsIn(n).some((w) => valueWords.includes(w)));
  // A number dropped ("4821") goes with the statements that hold it.
  const numbers = dropped.flatMap((v) => v.match(/\d{3,}/g) ?? []);
  if (numbers.length) kept = kept.filter((n) => !numbers.some((x) => n.includes(x)));
  return kept;
}

/**
 * True when a "forget …" drops something stored (not a topic or a task draft): a structured fact,
 * or a kept statement (`notes`) holding what it names ("forget the mortgage thing" after "our
 * mortgage is …", which no kind of fact holds).
 */
export function forgetsStored(message: string, facts: MemoryFacts, notes: readonly string[] = []): boolean {
  const scope = forgetScope(message);
  if (scope.all) return false;
  const after = forgetFacts(facts, scope);
  return (
    JSON.stringify(after) !== JSON.stringify(facts) ||
    forgetStatements(notes, scope, facts, after).length < notes.length
  );
}

/** True when WordNet reads a word as an animal's kind (not a young one: a "pup" is any dog's). */
function species(word: string): boolean {
  return isAnimalKind(word) && !isKindOf(word, 'young');
}

/**
 * The stored pets a question asks about: every pet, except those of another species than every kind
 * the question names ("what's my dog called?" with only a cat stored asks about no pet). Words
 * WordNet does not read as a species ("pup", "lab", "moggy") exclude nothing.
 */
export function petsAsked(message: string, pets: NonNullable<MemoryFacts['pets']>): MemoryFacts['pets'] {
  const kinds = [...message.matchAll(new RegExp(ANIMAL.source, 'gi'))].map((m) => (m[1] as string).toLowerCase());
  if (!kinds.length || !kinds.every(species)) return pets;
  return pets.filter((p) => !p.kind || !species(p.kind) || kinds.some((k) => namesPetKind(k, p.kind)));
}

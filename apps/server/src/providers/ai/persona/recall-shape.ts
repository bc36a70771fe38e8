/**
 * Whether a statement the user made answers a recall question in the shape it asks for: a name, a
 * number, a time, where one lives, or the user's own thing rather than someone else's
 * (`recall.ts` retrieves; this module judges each candidate).
 */
import { isKnownWord } from './english-words';
import { englishStopWords } from './parse';
import { isPersonTie } from './relations';
import { isAnimalKind, kindRelated } from './word-kinds';
import { findsThing, sameThing } from './word-match';

/** A question after where the user lives ("which town do I live in?", "where am I based?"). */
const ASKS_WHERE_I_LIVE =
  /\bwhere (?:do|did) (?:i|we) (?:live|stay)\b|\b(?:which|what) (?:town|city|country|village|place|county|state) (?:do|did|am|are) (?:i|we) (?:live|living|based|in)\b|\bwhere (?:am|are|r) (?:i|we) (?:based|living|staying)\b|\bwhere(?:'s| is) (?:my|our) home\b/i;
/** Words that tell where one lives ("back from Ibiza" tells a trip). */
const LIVES_CUE = /\b(?:live|lived|living|lives|based|reside|resident|moved|moving|home|settled)\b/i;
/** A statement whose subject is one of the user's people: "your husband love red", "your son have 10 years". */
const SOMEONE_ELSES = /^(?:you told me\s+)?(?:that\s+)?(?:your|my)\s+(?:[\p{L}-]+\s+){0,2}?([\p{L}-]+?)(?:['’]s)?\s/iu;
/** What a question may ask of the user themself ("my favourite colour", "my birthday"). */
const SELF_ATTRIBUTE =
  /^(?:name|age|birthday|birth|job|work|occupation|career|favou?rite|colou?r|food|flower|film|movie|song|band|book|team|city|town|home|address|hobby|hobbies|phone|number|email|size|height|weight|date)$/i;
/** People named by what they are in a story ("a little girl", "the bride"): a name after them is theirs. */
const PERSON_NOUN = /^(?:girl|boy|baby|bride|groom|man|woman|lady|guy|kid|child|friend|wife|husband)s?$/i;

/**
 * True when a statement the user made can answer the question in the way it asks (see
 * {@link recallByRetrieval}): a question about the user themself is not answered by a statement
 * about one of their people; "where do I live?" only by a statement of living somewhere; a name asked
 * of a person or an animal only by a name said beside them, with no other person or animal between
 * ("your sister had a baby, a little girl called Rosalind" does not name the sister); a thing of the
 * user's asked for ("my birthday") only by a statement that names that thing.
 */
export function answersAsked(
  answer: string,
  stored: readonly string[],
  question: string,
  things: readonly string[],
  shape: AnswerShape,
): boolean {
  const said = answer.replace(/^you told me\s+/, '');
  const ofOthers = things.some((h) => isPersonTie(h) || isAnimalKind(h) || /^pets?$/.test(h));
  const subject = SOMEONE_ELSES.exec(`${said} `)?.[1];
  // "what's my favourite colour?", "how old am I?": the user's own attribute ("who taught me …?" asks for someone).
  const ofSelf = things.length
    ? things.every((h) => SELF_ATTRIBUTE.test(h))
    : /\b(?:am i|i am|do i|did i|have i|i have)\b/i.test(question) && !/\bwho(?:m|se)?\b/i.test(question);
  if (ofSelf && subject && isPersonTie(subject)) return false;
  if (ASKS_WHERE_I_LIVE.test(question) && !LIVES_CUE.test(said)) return false;
  if (things.length && !ofOthers && !stored.some((w) => things.some((h) => sameThing(w, h) || findsThing(h, w))))
    return false;
  if (shape !== 'name' || !ofOthers) return true;
  const words = said.split(/\s+/).map((w) => w.replace(/^[^\p{L}]+|[^\p{L}'’]+$/gu, '').replace(/['’]s$/, ''));
  // The person or animal the name must be beside: the thing asked about, else the first one named.
  const thingAt = words.findIndex((w) =>
    things.some((h) => sameThing(w.toLowerCase(), h) || findsThing(h, w.toLowerCase())),
  );
  const at =
    thingAt >= 0 ? thingAt : words.findIndex((w) => isPersonTie(w.toLowerCase()) || isAnimalKind(w.toLowerCase()));
  if (at < 0) return false;
  const head = (words[at] ?? '').toLowerCase();
  // Another person or animal between them takes the name; a kind of the animal asked about ("my dog
  // is beagle, name Waffles") is the same animal.
  const other = (w: string) =>
    isPersonTie(w.toLowerCase()) ||
    PERSON_NOUN.test(w) ||
    (isAnimalKind(w.toLowerCase()) && !kindRelated(w.toLowerCase(), head));
  return words.some((w, k) => {
    if (k === at || Math.abs(k - at) > 5 || /['’]/.test(w) || w.length < 2) return false;
    const between = words.slice(Math.min(k, at) + 1, Math.max(k, at));
    if (between.some(other)) return false;
    const capital = /^\p{Lu}/u.test(w) && w !== 'I' && !/[.!?]$/.test(words[k - 1] ?? '.');
    // "my son kofi starts school": a lower-case word right after the tie is its name, unless a small word.
    const apposed = k === at + 1 && /^\p{Ll}{3,}$/u.test(w) && englishStopWords(w) === 0 && !/(?:s|ed|ing)$/.test(w);
    return capital || (/^\p{Ll}+$/u.test(w) && !isKnownWord(w)) || apposed;
  });
}

/** What a recall question asks for: a name, a number, a time, or anything. */
export type AnswerShape = 'name' | 'number' | 'time' | 'any';

/** The shape of answer a question asks for ("what's my dog called?" a name, "how old …?" a number). */
export function answerShape(question: string): AnswerShape {
  if (/\b(?:call(?:ed)?|names?d?)\b/i.test(question)) return 'name';
  if (/\bhow (?:old|many|much|tall|long|far|big)\b|\b(?:size|age)\b/i.test(question)) return 'number';
  if (/^\W*(?:[\w']+\W+){0,3}?when(?:'s|s)?\b|\bwhat (?:date|day|time|year|month)\b/i.test(question)) return 'time';
  return 'any';
}

const NUMBER_WORD =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|dozen|half)\b/i;
const TIME_WORD =
  /\d|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\b(?:today|tonight|tomorrow|yesterday|week|weekend|month|year|spring|summer|autumn|fall|winter|christmas|easter|morning|evening|night|soon|later|ago|next|last)\b/i;

/** True when a statement said back can answer in the shape asked (a name in it, a number, a time). */
export function fitsShape(answer: string, shape: AnswerShape): boolean {
  const said = answer.replace(/^you told me\s+/, '');
  if (shape === 'name') return namesParticular(said, { orLiving: true });
  if (shape === 'number') return NUMBER_WORD.test(said);
  if (shape === 'time') return TIME_WORD.test(said);
  return true;
}

/**
 * True when a statement names something by its own name: "my Fender Telecaster", "my ancient volvo",
 * "Boca Juniors til I die" (a capitalised word inside a sentence, or a word no English word list
 * holds), not a person or an animal named after their tie or kind ("my cat Brioche", "my sister Ana")
 * unless `orLiving` (a name asked for may be theirs).
 */
export function namesParticular(text: string, { orLiving = false } = {}): boolean {
  const words = text.match(/[\p{L}][\p{L}\d'’-]*/gu) ?? [];
  const living = (w: string | undefined) =>
    !orLiving && w !== undefined && (isPersonTie(w.toLowerCase()) || isAnimalKind(w.toLowerCase()));
  return words.some((w, i) => {
    const capital = i > 0 && /^\p{Lu}/u.test(w) && !/^I(?:['’]|$)/.test(w) && !/[.!?]\s*$/.test(text.split(w)[0] ?? '');
    const lower = w.toLowerCase();
    // An inflected form of a listed word ("squeaking", "walkin'") is listed too.
    const unlisted =
      w.length > 2 &&
      /^\p{Ll}/u.test(w) &&
      ![
        lower,
        lower.replace(/in['’]?$/, 'ing'),
        lower.replace(/(?:ing|ed|es|s)$/, ''),
        lower.replace(/ing$/, 'e'),
        lower.replace(/(.)\1ing$/, '$1'),
      ].some(isKnownWord);
    return (capital || unlisted) && !living(words[i - 1]) && !living(words[i - 2]);
  });
}

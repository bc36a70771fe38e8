/**
 * Facts a user tells an avatar about themselves, wherever they appear in a message ("…anyway, I'm
 * Noor, just so you know", "we got a puppy, her name is Fig"): name, place, work, likes, pets.
 * Read sentence by sentence from the parse (`parse.ts`: proper nouns, nouns, adjectives), with cue
 * phrases as data for it. Also what "forget …" erases and what a memory question asks for.
 */
import { MEMORY_FACT_MAX_CHARS, MEMORY_LIKES_MAX, type MemoryFacts } from '@app/domain/chat';

/** A pet as stored: its kind and name. */
type Pet = NonNullable<MemoryFacts['pets']>[number];

import { parse, type Sentence } from './parse';
import { plansOf } from './plans';
import { BE_DO, MODALS, QUESTION_WORDS, THING_QUESTION_WORDS, WAS_WERE } from './question-form';
import { aboutFactsOf, mergeAbout, PERSON_OF_MINE, someoneElsesClause } from './relations';

/** Words that make a sentence's work the current one: "now", "these days", "retired", a correction. */
const OCCUPATION_NOW =
  /\b(?:now|nowadays|these days|no longer|any ?more|retired|actually|instead|no,? wait|sorry,? i meant|correction)\b/i;

/** Most characters of a message scanned for facts. */
const MAX_SCANNED = 1000;

import { isKnownWord } from './english-words';
import { favouritesOf } from './fact-favourites';
import { locationOf, originOf } from './fact-location';
import { allLowerCase, lowerCaseName } from './fact-lowercase';
import { introListOf, occupationOf } from './fact-occupation';
import { petsOf } from './fact-pets';
import { projectOf } from './fact-project';
import { dietOf, dislikesOf, nounPhrase } from './fact-tastes';
import { asList, asSentences, correctedName, SELF_CORRECTION } from './fact-text';
import { ANIMAL, CAP, capped, NOT_NAMES, properCase } from './fact-words';

export { ANIMALS, CAP } from './fact-words';

const EXPLICIT_NAME = new RegExp(
  `\\b(?:(?:my|me) (?:full |real |first )?name(?:'s| is|s|[,:—–-]+\\s*(?:it'?s|it is|is))|my (?:full|real|proper|actual) name[,:—–-]+\\s*|(?:^|[,;:]\\s*|\\b(?:hi|hey|hello|hiya|yo|anyway|anyhow|so|oh|btw|well|ok|okay|and)[,!]?\\s+)(?:the |first )?name['’]?s|(?:you can |just |please )*call me|i(?:'m| am) called|i go by(?!\\s+(?:train|bus|car|bike|bicycle|tube|metro|foot|plane|boat|ferry|tram|taxi|subway|coach|scooter|underground)\\b)|people call me|everyone calls me|they call me)\\s+(?:(?:just|actually|really|in fact|officially)\\s+)?((?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\\.?\\s+)?[\\p{L}][\\p{L}'’-]*(?:\\s+${CAP})?)`,
  'iu',
);
const TITLE = '(?:(?:Dr|Mr|Mrs|Ms|Mx|Miss|Prof|Professor|Sir|Dame)\\.?\\s+)?';
const I_AM_NAME = new RegExp(
  `(?:^|[\\s,.!(])(?:[Ii]'m|[Ii]’m|[Ii]m|[Ii] am)\\s+(?:(?:just|simply|only|plain|actually|really)\\s+)?(${TITLE}${CAP}(?:\\s+${CAP})?)(?=\\s*(?:$|[,.!?;:()—–-]|\\p{Extended_Pictographic}|\\b(?:and|but|so|by the way|btw|fyi|here|from|nice|lol|haha|again|btw|if|in case|for the record|just so)\\b))`,
  'u',
);
/** "my name is not Bob, it's Rob", "it's not Tim — it's Tom". */
const NOT_BUT_NAME = new RegExp(
  `\\b(?:not|isn'?t|isn’t|ain'?t)\\s+${CAP}\\s*[,;—–-]+\\s*(?:it'?s|it is|i'?m|i am|but)\\s+(${CAP})`,
  'u',
);
const HERE_NAME = new RegExp(
  `(?:^|[.!?]\\s*|,\\s*|[—–-]\\s*|\\(\\s*)(?:(?:hi|hey|hiya|hello|morning|ok|so)[,!]?\\s+)*(?:it'?s\\s+|this is\\s+)?(${CAP})(?:\\s+from\\s+${CAP}(?:\\s+${CAP})*)?\\s+here\\b`,
  'u',
);
const CORRECTED_NAME = new RegExp(
  `\\b(?:actually|sorry|no|wait|i meant|correction|oops|whoops|my bad|typo)\\b[^.?!]{0,20}?\\bit(?:'s| is)\\s+(?:(?:spelt|spelled|written|pronounced)\\s+(?:as\\s+|like\\s+)?)?(${CAP})\\b`,
  'iu',
);
/** "let me introduce myself: Henrietta Osei, retired teacher": the name after the introduction. */
const INTRODUCED_NAME = new RegExp(
  `\\b[Ii]ntroduce myself(?:\\s+properly)?\\s*[:,—–-]\\s*(?:(?:I'?m|I am|[Mm]y name is|[Tt]he name'?s)\\s+)?(${CAP}(?:\\s+${CAP})?)`,
  'u',
);
/** "actually use Mirela, that's my full name", "go with Tomasz for my name": the name to use instead. */
const USE_NAME = new RegExp(
  `(?:^|[,;:—–-]\\s*|\\b(?:[Aa]ctually|[Jj]ust|[Pp]lease|[Nn]o|[Ss]orry|[Oo]h|[Ww]ait|[Oo]k|[Oo]kay|[Ss]o|[Cc]an you|[Cc]ould you)[,!]?\\s+)(?:[Uu]se|[Gg]o with|[Mm]ake it|[Ss]witch (?:it )?to|[Ss]tick with|[Cc]hange it to)\\s+(${CAP}(?:\\s+${CAP})?)\\b(?=[^.!?]*\\bmy (?:full |real |proper |actual |first |preferred |given )?name(?=\\s*(?:$|[,.!?;—–-]|\\b(?:please|instead|now|thanks|from now on)\\b)))`,
  'u',
);
/** "some info first: age 34, name Marisol, …", "Name: Ade": a labelled item of a list about the writer. */
const LABELLED_NAME = new RegExp(
  `(?:^|[-•,;:—–(]\\s*)(?:[Mm]y\\s+)?[Nn]ame\\s*[:=–-]?\\s+(${CAP})(?=\\s*(?:$|[-•,.;!)—–]|\\p{Extended_Pictographic}|\\p{Regional_Indicator}))`,
  'u',
);
/** "it's spelled Jon", "spelt with a y: Kaytee": how the name is written. */
const SPELLED_NAME = new RegExp(`\\b(?:spelt|spelled|written)\\s+(?:as\\s+|like\\s+)?(${CAP})\\b`, 'u');
/** A greeting, then "it's Meera," or "this is Meera.": the writer's name. */
const GREETING_NAME = new RegExp(
  `(?:^|[.!?]\\s*)(?:(?:hi|hey|hiya|hello|yo|morning|evening|afternoon|ok|so)(?:\\s+(?:dear|there|all|everyone|friend|love))?[,!]?\\s+)+(?:it'?s|it’s|this is)\\s+(?:(?:grandma|granny|gran|nana|nan|grandpa|grandad|granddad|auntie|aunt|uncle|dr|mr|mrs|ms|miss|prof|professor)\\.?\\s+)?(${CAP})(?=\\s*(?:$|[,.!—–-]))`,
  'iu',
);

/** "we run a …", "I own the …": something of the writer's that a following "the name's" names. */
const OWNS_THING =
  /\b(?:run|runs|own|owns|have|has|got|opened|started|founded|manage|adopted|rescued)\s+(?:a|an|our|my|the|this)\b/i;

/** "im jonathan but nobody calls me that, its jonno": the name one goes by, told after the one refused. */
const GOES_BY =
  /\b(?:nobody|no one|no-one|noone)\s+(?:\w+\s+)?calls?\s+me\s+that\s*[,;.!—–-]*\s*(?:it'?s|its|i'?m|im|just|call me)\s+([\p{L}][\p{L}'’-]{1,30})/iu;

function nameOf(text: string): string | null {
  const goesBy = GOES_BY.exec(text)?.[1];
  if (goesBy && !NOT_NAMES.has(properCase(goesBy))) return capped(properCase(goesBy));
  const corrected = NOT_BUT_NAME.exec(text)?.[1];
  if (corrected && !NOT_NAMES.has(corrected)) return capped(corrected);
  // The last "call me …" wins: "my kids call me mum but you can call me Bex" → Bex.
  const explicit = [...text.matchAll(new RegExp(EXPLICIT_NAME.source, 'giu'))].at(-1);
  // "we run a deli, the name's Pickles": the name of what was just described, not the writer's.
  const ofThing =
    explicit &&
    /\bname['’]?s\b/i.test(explicit[0]) &&
    !/\bmy\b/i.test(explicit[0]) &&
    OWNS_THING.test(text.slice(0, explicit.index));
  if (explicit?.[1] && !ofThing) {
    const words = explicit[1].split(/\s+/);
    // "call me Ike, everyone does" → Ike; a second word only when it is capitalised.
    const first = words[0] as string;
    if (
      !NOT_NAMES.has(properCase(first)) &&
      !/^(?:a|an|the|what|whatever|anything|if|when|and|but|so|which|that|this|is|was|please|for|as|not)$/i.test(first)
    ) {
      return capped(properCase(words.slice(0, /^\p{Lu}/u.test(words[1] ?? '') ? 2 : 1).join(' ')));
    }
  }
  for (const re of [
    SPELLED_NAME,
    USE_NAME,
    CORRECTED_NAME,
    I_AM_NAME,
    HERE_NAME,
    GREETING_NAME,
    INTRODUCED_NAME,
    LABELLED_NAME,
  ]) {
    const m = re.exec(text);
    // "my dog is a beagle, name Waffles": a labelled name after an animal or a person of the writer's is theirs.
    if (
      re === LABELLED_NAME &&
      m &&
      (ANIMAL.test(text.slice(0, m.index)) || PERSON_OF_MINE.test(text.slice(0, m.index)))
    )
      continue;
    const v = m?.[1]?.trim();
    if (v && !v.split(/\s+/).some((w) => NOT_NAMES.has(properCase(w))) && !ANIMAL.test(v)) return capped(properCase(v));
  }
  // "- name: kai - live: brisbane": a labelled name in a message typed all in lower case.
  const labelled = allLowerCase(text)
    ? /(?:^|[-•,;:—–(]\s*)(?:my\s+)?name\s*[:=]\s*([\p{Ll}][\p{Ll}'-]{1,20})(?=\s*(?:$|[-•,.;!)—–]))/u.exec(text)?.[1]
    : undefined;
  if (labelled && !NOT_NAMES.has(properCase(labelled))) return properCase(labelled);
  return lowerCaseName(text);
}

const LIKE_CUES =
  /\b(?:i(?:'m| am) (?:(?:also|really|so|totally|quite|pretty|very|super|just|kind of|kinda|proper|well|big time|rather)\s+)*(?:obsessed (?:with|w\/?)|into|mad about|crazy about|hooked on|fond of|partial to|a (?:huge |big )?fan of)|i (?:really |absolutely |just )?(?:love|adore|enjoy|like)|my (?:hobby|hobbies|passion) (?:is|are)|obsessed (?:with|w\/?)|big fan of|nothing beats|can'?t get enough of|i'?m a sucker for|i live for)\s+(?:an?\s+|the\s+)?(?:(?:proper|good|decent|great|nice|really good)\s+)?([^.!?;,]{2,60})/i;
/** "huge Boca Juniors fan": a capitalised name between a size word and "fan" or "supporter". */
const FAN =
  /\b(?:huge|massive|big|die-?hard|lifelong|life-long|long-?time|proper|loyal|mad|devoted)\s+((?:[\p{Lu}][\p{L}'’&-]*\s+){0,2}[\p{Lu}][\p{L}'’&-]*)\s+(?:fan|supporter)s?\b/u;
const FAVOURITE =
  /\bmy (?:absolute |all-time )?(?:favou?rite|fav|fave)\s+([\p{L}]+)\s+(?:is|are|has to be|would be)\s+([^.,;!?]{1,40})/iu;
const LIKE_STOP =
  /\s+(?:lately|at the moment|these days|right now|recently|and|but|so|because|since|as|when|i|it|like|every|too|haha|lol)\b.*$/i;

/** "bluegrass is my all-time favourite genre": the liked thing first. */
const FAVOURITE_FIRST =
  /(?:^|[,;:—–-]\s*|\b(?:and|but|so|honestly|lie)\s+)((?:[\p{L}'&-]+\s+){0,3}?[\p{L}'&-]+)\s+(?:is|are|has to be|has always been)\s+(?:probably\s+|definitely\s+)?my\s+(?:absolute\s+|all[- ]time\s+|very\s+|total\s+)?(?:favou?rite|fav|fave)\s+(?:(?:kind|type|sort|genre|style|form)\s+of\s+)?([\p{L}]+)/iu;

function likeOf(text: string, anyones = false): string[] {
  const first = FAVOURITE_FIRST.exec(text);
  if (first?.[1] && first[2] && !/^(?:this|that|it|these|those|what|which|who|they|he|she)$/i.test(first[1])) {
    return [capped(`${first[1].trim()} (favourite ${first[2].toLowerCase()})`)].filter((v): v is string => v !== null);
  }
  const fav = FAVOURITE.exec(text);
  if (fav?.[1] && fav[2]) {
    const value = fav[2].replace(LIKE_STOP, '').trim();
    return [capped(`${value} (favourite ${fav[1].toLowerCase()})`)].filter((v): v is string => v !== null);
  }
  // "massive Arsenal fan here", "a lifelong Springsteen fan": a named thing one is a fan of.
  const fan = FAN.exec(text);
  if (fan?.[1] && !NOT_NAMES.has(fan[1])) return [capped(fan[1])].filter((v): v is string => v !== null);
  // "obsessed w fermenting stuff (kimchi, hot sauce) and disc golf": the examples in brackets are no third thing.
  const bare = text.replace(/\s*\([^()]*\)/g, '');
  const m = LIKE_CUES.exec(bare);
  if (!m?.[1]) return [];
  // "my little bro is obsessed w pizza": a liking with someone of the writer's as its subject is theirs.
  if (!/^i\b/i.test(m[0]) && someoneElsesClause(bare.slice(0, m.index)) && !anyones) return [];
  // "rock climbing and chess": each thing liked; "hiking and I also paint" keeps "hiking".
  return (
    m[1]
      .split(/\s+(?:and|n)\s+|\s*&\s*/i)
      .slice(0, 3)
      .map((part) =>
        part
          .replace(LIKE_STOP, '')
          .replace(/(?:\s|\p{Extended_Pictographic}|\uFE0F)+$/u, '')
          .trim(),
      )
      // "… and now I write", "… and currently building an app": a new clause, not a second thing liked.
      .filter(
        (value) =>
          value &&
          !/^(?:you|it|that|this|them|him|her|the idea|to)\b/i.test(value) &&
          !/^(?:now|then|currently|also|still|later|recently|lately)\b/i.test(value),
      )
      .map((value) => capped(value.replace(/\bmy\b/gi, 'your')))
      .filter((v): v is string => v !== null)
  );
}

/** The things liked in `text`, whoever likes them ("my niece is obsessed w otters" → otters), for what "one" points to. */
export function likedThings(text: string): string[] {
  return likeOf(text, true);
}

/**
 * A question with its auxiliary before the subject, question mark or not ("where do we live now"):
 * a question word that asks for a thing (not "why"), up to three words, then an auxiliary or a modal
 * before "I", "we", "my" or "our".
 */
const INVERTED_QUESTION = new RegExp(
  String.raw`^\W*(?:(?:so|and|ok|okay|oh|hey|wait|um+|hmm+|btw|quick one)\W+)*(?:${[...THING_QUESTION_WORDS, 'whose'].join('|')})\b(?:\s+[\w']+){0,3}?\s+(?:${[...BE_DO, ...WAS_WERE, 'am', 'have', 'has', 'had', ...MODALS].join('|')})\s+(?:i|we|my|our)\b`,
  'i',
);

/** A liking whose object is a pronoun or none ("I love it", "it's the best part of my week", "is my thing"). */
const LOVES_IT =
  /\b(?:i (?:really |absolutely |just )?(?:love|adore|live for) (?:it|that|this)\b(?!\s+(?:when|if|that|how))|(?:it'?s|that'?s|it is) (?:honestly |genuinely )?the (?:best|highlight) (?:part )?of my (?:day|week|month|year)|(?:is|'s) my (?:thing|jam|passion|happy place|obsession)\b|i'?m (?:so |totally |completely )?(?:obsessed|hooked|addicted)\s*(?:[.,!]|$|and\b|lol\b))/i;
/** What one does as a pastime ("I do salsa", "back from pottery class", "salsa is my thing"). */
const ACTIVITY =
  /\b(?:i (?:do|go to|play|practise|practice|take)|(?:just |only )?(?:back|home) from(?: my)?|been at(?: my)?)\s+|^(?=[\p{L}][\p{L}\s-]{1,30}?\s+(?:is|'s) my (?:thing|jam|passion|happy place|obsession)\b)/iu;

/** The pastime a pronoun-object liking is about, from the same sentence (see {@link LOVES_IT}). */
function lovedActivity(sentence: Sentence): string[] {
  if (!LOVES_IT.test(sentence.text)) return [];
  const m = ACTIVITY.exec(sentence.text);
  if (!m) return [];
  const thing = nounPhrase(sentence.text.slice((m.index ?? 0) + m[0].length), sentence)?.replace(
    /\s+(?:class|classes|lesson|lessons|session|sessions|practice|club)$/i,
    '',
  );
  return thing && !/^(?:it|that|this|the|a|an)$/i.test(thing) ? [thing] : [];
}

/**
 * Where the question closing a sentence that ends with a question mark begins: a question word, "be",
 * "do" or a modal, at the start or after a space, a mark or a joining word ("we moved to Leeds, what
 * is good round here?"). Not "should", which states as often ("I should get a site up, …?").
 */
const QUESTION_PART = new RegExp(
  String.raw`(?:^|[\s,;:—–-])(?:(?:so|and|but|then)\s+)?(?:${[...QUESTION_WORDS, ...BE_DO, ...MODALS.filter((w) => w !== 'should')].join('|')})\b(?=[^?]*\?\s*$)`,
  'i',
);

/** Where a sentence ending in "?" starts asking: {@link QUESTION_PART}, else its last clause after a comma or dash. */
function questionStart(sentence: string): number {
  const at = sentence.search(QUESTION_PART);
  if (at >= 0) return at;
  const clause = /[,;—–]\s*[^,;—–]*$/.exec(sentence);
  return clause ? clause.index : 0;
}

/**
 * The writer's name said in an aside: "random q (im tomasz btw) …", "Hi (name is Le Minh) — …".
 * The aside is read on its own, as if it were a message.
 */
function asideName(text: string): string | undefined {
  for (const [, aside] of text.matchAll(/\(([^()]{3,60})\)/g)) {
    const name = nameOf((aside as string).replace(/^\s*name\s+is\b/i, 'my name is'));
    if (name) return name;
    // "me (tomas btw) n my flatmate …": one word that is no English word, signed "btw".
    const signed = /^\s*([\p{L}][\p{L}'’-]{1,20})\s+(?:btw|fyi|by the way)\s*$/iu.exec(aside as string)?.[1];
    if (signed && !isKnownWord(signed.toLowerCase()) && !NOT_NAMES.has(properCase(signed))) return properCase(signed);
  }
  return undefined;
}

/** A sentence that names something by a pronoun: "named them …", "he is called …", "her names pickle". */
const NAMING =
  /\b(?:named|called|call(?:s|ing)? (?:him|her|it|them)|name(?:d)? (?:them|him|her|it)|(?:his|her|its|their) names?(?:'s| is| are)?)\b/i;

/**
 * The animals told in `before` that `naming` names by a pronoun ("we adopted a greyhound" … "he is
 * called Admiral"): the pets of both read together; none when `naming` names nothing or `before`
 * tells of no animal. Used within a message and across two messages (`persona-provider.ts`).
 */
export function namedAfter(before: string, naming: string): Pet[] {
  // "what's my dog called?" asks; "his name is Gouda not Goober" mends a name (fact-corrections.ts).
  const asks = naming.includes('?') || /^\W*(?:what|whats|what's|how|who|which)\b/i.test(naming);
  if (asks || /\bnot\b/i.test(naming) || !ANIMAL.test(before) || !NAMING.test(naming)) return [];
  // The last sentence that tells of an animal, else all of them ("got a cat!!! shes a tabby").
  const last = [...before.split(/(?<=[.!?])\s+/)].reverse().find((x) => ANIMAL.test(x)) ?? before;
  const read = (told: string) => petsOf(`${told.replace(/[.!?\s]+$/, '')}. ${naming}`);
  const pets = read(last);
  return pets.length ? pets : read(before.slice(-300));
}

/**
 * Facts stated anywhere in a message. Values are bounded to {@link MEMORY_FACT_MAX_CHARS}; absent
 * facts are omitted. Questions ("what's my name?") state nothing.
 */
export function extractFacts(message: string): MemoryFacts {
  const typed = (typeof message === 'string' ? message : '').slice(0, MAX_SCANNED);
  // "HI I AM OLUWASEUN FROM LAGOS": shouted, case tells no name from a word, so it is read as typed
  // all in lower case (the lower-case readers know names and places there).
  // "I live in Kraków, ah no sorry 😅 since January I live in Wrocław": a correction inside a
  // sentence starts a new one that corrects it (see SELF_CORRECTION).
  // "- Name: Geoffrey ⏎ - Home: Aberdeen", "• city → Nagoya": each item of a list is a sentence.
  const text = asSentences(/\p{Ll}/u.test(typed) ? typed : typed.toLowerCase()).replace(
    SELF_CORRECTION,
    '. Actually, ',
  );
  const corrects = text !== typed && text.includes('. Actually, ');
  const facts: MemoryFacts = {};
  if (!text.trim()) return facts;
  let previous = '';
  for (const sentence of parse(text).sentences) {
    let s = sentence.text.replace(/\s+/g, ' ').trim();
    // "I'm Noor, I sell honey — any chance of a web page?": the statement before the question.
    // "yo Priyanka here, got a min?": a question with no question word asks in its last clause.
    if (/\?\s*$/.test(s)) s = s.slice(0, Math.max(0, questionStart(s))).trim();
    // "what subject do I study again": a question word, then the auxiliary before its subject,
    // asks even without a question mark.
    if (INVERTED_QUESTION.test(s)) continue;
    if (!s) continue;
    // A later sentence corrects an earlier one: "I'm Lena. Actually no, call me Lee" → Lee.
    facts.name = nameOf(s) ?? (corrects && facts.name ? correctedName(s) : null) ?? facts.name;
    const location = locationOf(s);
    if (location && (!facts.location || OCCUPATION_NOW.test(s))) facts.location = location;
    facts.workingOn ??= projectOf(s) ?? undefined;
    // "I am a solicitor. No, wait — I retired last year and now I teach piano": a later sentence that
    // tells the work now, or corrects it, replaces the one before.
    const occupation = occupationOf(sentence);
    if (occupation && (!facts.occupation || OCCUPATION_NOW.test(s))) facts.occupation = occupation;
    const said = { ...sentence, text: s };
    const dislikes = dislikesOf(said);
    // "not a big fan of musicals": a liking cue inside a dislike is none.
    const liked = likeOf(s);
    const loved = liked.length ? liked : lovedActivity(said);
    const likes = [...new Set([...loved, ...(loved.length ? [] : favouritesOf(said))])].filter(
      (l) => !dislikes.some((d) => l.includes(d)),
    );
    if (likes.length) facts.likes = [...(facts.likes ?? []), ...likes];
    if (dislikes.length) facts.dislikes = [...(facts.dislikes ?? []), ...dislikes];
    const diet = dietOf(said);
    if (diet.length) facts.diet = [...(facts.diet ?? []), ...diet];
    // "…two kittens!! named them Salt and Pepper": a naming sentence with no animal names the
    // animals of the sentence before.
    let pets = petsOf(s);
    if (!pets.length && previous) pets = namedAfter(previous, s);
    previous = s;
    if (pets.length) facts.pets = [...(facts.pets ?? []), ...pets];
    // "my sister is called Priya", "my partner Jonas …": the user's people and things, by key.
    const about = aboutFactsOf({ ...sentence, text: s }, (w) => ANIMAL.test(w));
    // "I grew up in Ipoh": where the writer is from, kept as their hometown.
    const origin = originOf(s);
    if (origin && origin !== facts.location) about.push({ key: 'hometown', value: origin });
    if (about.length) facts.about = mergeAbout(facts.about ?? [], about);
  }
  const intro = introListOf(asList(typed));
  facts.name ??= intro.name ?? asideName(text);
  facts.location ??= intro.location;
  facts.occupation ??= intro.occupation;
  const plans = plansOf(text);
  if (plans.length) facts.plans = plans;
  for (const k of Object.keys(facts) as (keyof MemoryFacts)[]) if (facts[k] === undefined) delete facts[k];
  return facts;
}

/** Merges newly told facts into stored ones: new values win; lists (likes, pets, …) accumulate (newest last). */
export function mergeFacts(stored: MemoryFacts, told: MemoryFacts): MemoryFacts {
  const out: MemoryFacts = { ...stored };
  if (told.name) out.name = told.name;
  if (told.location) out.location = told.location;
  if (told.occupation) out.occupation = told.occupation;
  if (told.workingOn) out.workingOn = told.workingOn;
  for (const key of ['likes', 'dislikes', 'diet', 'plans'] as const) {
    const fresh = told[key];
    if (fresh?.length)
      out[key] = [...(stored[key] ?? []).filter((v) => !fresh.includes(v)), ...fresh].slice(-MEMORY_LIKES_MAX);
  }
  if (told.pets?.length) {
    const names = new Set(told.pets.map((p) => p.name.toLowerCase()));
    out.pets = [...(stored.pets ?? []).filter((p) => !names.has(p.name.toLowerCase())), ...told.pets].slice(
      -MEMORY_LIKES_MAX,
    );
  }
  if (told.about?.length) out.about = mergeAbout(stored.about ?? [], told.about);
  return out;
}

/** True when the message stated at least one fact. */
export function hasFacts(facts: MemoryFacts): boolean {
  return Boolean(
    facts.name ||
      facts.location ||
      facts.occupation ||
      facts.workingOn ||
      facts.likes?.length ||
      facts.dislikes?.length ||
      facts.diet?.length ||
      facts.pets?.length ||
      facts.plans?.length ||
      facts.about?.length,
  );
}

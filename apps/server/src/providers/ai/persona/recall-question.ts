/**
 * Whether a message is a recall question that retrieval answers (`recall.ts`), and its answer: a
 * question form about the user ("what's my sister called?", "what did I tell you about my knee?",
 * "which uni do I go to?"), or about something the user said ("who's getting married?", every word
 * found), and not a request for advice ("what should I cook?") nor one the structured facts answer
 * ("what's my name?").
 */
import type { DialogueMemory } from '@app/domain/chat';
import { DISCOURSE_OPENERS } from './discourse-words';
import { MEMORY_CHALLENGE, recallTargets } from './fact-questions';
import type { IdentityAspect } from './identity';
import type { DialogueAct } from './intent-classifier';
import type { LiveQuestion } from './live-data';
import { parse, type Token } from './parse';
import { BE_DO, THING_QUESTION_WORDS, WAS_WERE } from './question-form';
import { askedWords, closestStatements, DESCRIBING, recallBeyondFacts, recallByRetrieval } from './recall';
import { isPersonTie, PERSON_OF_MINE } from './relations';
import { escapeRegExp } from './text-features';

/**
 * A question form: a question mark, a question word asking for a thing within the first five words
 * (not "what to …" or "what if …": "I don't know what to tell my kids" asks nothing back),
 * "be" or "do" first (after discourse openers only: "so was it …" asks, "my sister is called …" tells
 * — a statement puts its subject before the verb), or a request to remember or remind.
 */
const ASKS_BACK = new RegExp(
  String.raw`\?|^\s*(?:\W*\w+\W+){0,4}?(?:${THING_QUESTION_WORDS.join('|')})\b(?!\s+(?:to|if)\b)|^\W*(?:(?:${DISCOURSE_OPENERS.join('|')})\W+){0,3}(?:${[...BE_DO, ...WAS_WERE].join('|')})\b|\b(?:remember|remind me|recall|tell me (?:again )?what|you know what|any idea what)\b`,
  'i',
);
/** Whether `text` asks something back (see ASKS_BACK): a question form, not "I don't know what to say". */
export function asksBack(text: string): boolean {
  return ASKS_BACK.test(text.replace(/[’`]/g, "'"));
}

/** A question asking the avatar for advice or action, not for something told ("what should I cook?"). */
const ASKS_ADVICE =
  /\b(?:should|shall|could|can|would|will|might|must) (?:i|we)\b|\bhow (?:do|can|should|could|would|to) (?:i|we)?\b|\b(?:do|would|did|can|could|will) (?:you|u)\b(?! (?:remember|recall|know\b))|\byour\b/i;
/** A question shaped to ask for something of the user's ("what's my …", "who is my …", "where does my … live"). */
const ASKS_OWN =
  /\b(?:what|who|whos|whats|when|whens|where|which|how old|how many)\b[^?]{0,30}\b(?:my|our)\b|\b(?:told|tell|said|say|mention(?:ed)?|say|named?|call(?:ed)?)\b[^?]{0,20}\b(?:you|u)?\b[^?]{0,20}\b(?:about|my|our)\b|\bdid i (?:tell|say|mention|name)\b|\bremember\b/i;
/** First-person words: the question is about the user. */
const ABOUT_ME = /\b(?:my|i|me|i'm|im|i've|we|we're|our|us|mine)\b/i;

/**
 * The retrieval answer to a recall question (see `recall.ts`), '' when it asks for a thing of the
 * user's nothing stored names, or null when it is no such question or a structured fact answers it.
 * A question naming "my <thing>" that no structured fact covers is answered by retrieval even when a
 * structured fact matches a word of it ("where does my brother live?" is not where the user lives).
 * `previous` holds the user's message before (whom "her" or "his" points at).
 */
export function recallAnswer(
  text: string,
  memory: DialogueMemory,
  found: { act: DialogueAct; lastTurn?: 'ask' | 'say'; identity?: IdentityAspect; live?: LiveQuestion } | null,
  previous: { lastUserText: string | null } = { lastUserText: null },
): string | null {
  // "and what's her name?" after "what does my sister do?": her is the sister.
  const t = storedAsMine(pronounsResolved(text, previous.lastUserText), memory.facts).replace(/[’`]/g, "'");
  // "please forget what I said about Jo" asks to forget, not to be told.
  if (
    !(ASKS_BACK.test(t) || MEMORY_CHALLENGE.test(t)) ||
    found?.lastTurn ||
    found?.identity ||
    /^\W*(?:(?:please|pls|can you|could you|just)\s+)*(?:forget|delete|erase|wipe|remove|scrub)\b/i.test(t) ||
    // "could you not remember my allergy": asks not to keep it.
    /\b(?:don'?t|do not|not|never|stop|no longer)\s+(?:remember|remembering|keep|keeping|store|storing|save|saving)\b/i.test(
      t,
    )
  )
    return null;
  if (found && !['recall_fact', 'world_fact', 'other', 'smalltalk', 'opinion', 'feelings'].includes(found.act))
    return null;
  if (found?.act === 'world_fact' && found.live?.kind !== 'world') return null;
  // "where did I grow up?", "where am I from, and where am I based?": the hometown told (and the home).
  const hometown = memory.facts.about?.find((f) => f.key === 'hometown');
  const asksHome = ASKS_HOME.test(t);
  if (hometown && ASKS_ORIGIN.test(t) && !PERSON_OF_MINE.test(t) && !/\b(?:he|she|they|his|her|their)\b/i.test(t)) {
    // No home stored: the statement closest to the question may tell it ("came to montreal for uni and stayed").
    const said = asksHome && !memory.facts.location ? closestStatements(t, memory.notes ?? [], 1) : null;
    const home = !asksHome
      ? ''
      : memory.facts.location
        ? `; you live in ${memory.facts.location}`
        : said
          ? `; ${said}`
          : '';
    return `you grew up in ${hometown.value}${home}`;
  }
  const mine = ABOUT_ME.test(t);
  const { heads } = askedWords(t);
  // "my name", "my dog", "my job": the structured facts answer those.
  const things = heads.filter((h) => recallTargets(`my ${h}`).length === 0 && !DESCRIBING.test(h));
  const structured = recallTargets(t.toLowerCase()).filter((k) => memory.facts[k] !== undefined);
  // "where did I grow up?" names the place, yet the place stored is where the user lives now.
  if (!things.length && structured.length) return recallBeyondFacts(t, memory, structured);
  if (mine && ASKS_ADVICE.test(t) && !ASKS_OWN.test(t)) return null;
  // "what's my job?" with no job stored may still be in what was said ("I drive a lorry for a living").
  const answer = recallByRetrieval(t, memory, { strict: !mine, anyThing: !things.length });
  if (answer) return answer;
  // "what's my sister called?" with no sister stored: honestly not told, not a list of other facts
  // ("what's my line of work?" may still be answered by the facts as a whole).
  const person = things.some(isPersonTie) || /\b(?:called|named?|who)\b/i.test(t);
  return things.length && person && ASKS_OWN.test(t) ? '' : null;
}

/** A question after where the user grew up ("where am I from?", "where did I spend my childhood?"). */
const ASKS_ORIGIN =
  /\b(?:grow|grew|growing) up\b|\bchildhood\b|\bhome ?town\b|\boriginally\b|\b(?:born|raised)\b|\bwhere (?:am|are|r|was|were) (?:i|we) (?:\w+ )?from\b|\bwhere (?:do|did) (?:i|we) come from\b|\bwhere i(?:'m| am) from\b/i;
/** A question after where the user lives today, beside one after where they grew up ("… and where am I based?"). */
const ASKS_HOME = /\b(?:live|living|based|stay|reside)\b|\bnow\b/i;

/** Words of a question that say nothing of what it asks about. */
const QUESTION_WORDS = new Set(
  'what whats when where which happening going there about again remind tell know doing'.split(' '),
);

/**
 * "what's happening next Thursday?" after "next Thursday I'm having my wisdom teeth out": a
 * question whose own words (four letters or more, question words aside) are in a plan the user
 * told asks about that plan, not the wide world.
 */
export function asksOwnPlan(question: string, plans: readonly string[]): boolean {
  if (!plans.length || !question.includes('?')) return false;
  const said = plans.join(' ').toLowerCase();
  const words = question.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
  return words.some((w) => !QUESTION_WORDS.has(w) && new RegExp(`\\b${w}\\b`).test(said));
}

/** Possessives said back to the user. */
const YOURS: Readonly<Record<string, string>> = { my: 'your', our: 'your', mine: 'yours' };

/**
 * What a question about the user asks for, said back to them, so an honest "you haven't told me"
 * names it: the noun phrase after "my" ("guess my mum's name" → "your mum's name", "how much is in
 * my bank account" → "your bank account"), or the question turned round ("what am I wearing right
 * now" → "what you're wearing"); null when it names neither.
 */
export function askedThing(question: string): string | null {
  const tokens = parse(question.slice(0, 300)).sentences.flatMap((s) => s.tokens);
  const at = tokens.findIndex((t) => t.lower === 'my' || t.lower === 'our');
  if (at >= 0) {
    const words: Token[] = [];
    for (const t of tokens.slice(at + 1, at + 6)) {
      if (!['ADJ', 'NOUN', 'PROPN', 'PART', 'NUM'].includes(t.pos) && !/^['’]s$/.test(t.lower)) break;
      words.push(t);
    }
    while (words.length && /^(?:['’]s|PART)$/.test(words.at(-1)!.lower)) words.pop();
    if (words.some((w) => w.pos === 'NOUN' || w.pos === 'PROPN')) {
      const phrase = words
        .map((w) => w.text)
        .join(' ')
        .replace(/\s+(['’]s)\b/g, '$1');
      // "how much money is in my bank account": what is in it is asked, not the thing itself.
      const inside = /\b(?:how much|how many|what)\b/i.test(question) && tokens[at - 1]?.lower === 'in';
      return `${inside ? "what's in " : ''}${YOURS[tokens[at]!.lower]} ${phrase}`;
    }
  }
  // "how old am I?", "do you remember how old I am?": how old the user is.
  if (/\bhow old (?:am i|i am|im|i'm)\b/i.test(question)) return 'how old you are';
  // "what am I wearing", "where was I going": the wh-word, "you", the verb and its object.
  const turned = /\b(what|where|who|how much|how many|which \w+)\s+(am|was)\s+i\s+([a-z]+ing)\b/i.exec(question);
  if (turned)
    return `${turned[1]!.toLowerCase()} you${turned[2]!.toLowerCase() === 'am' ? "'re" : ' were'} ${turned[3]}`;
  return null;
}

/**
 * A question about the user's own things or state that the world cannot answer ("how much is in my
 * bank account?", "what am I wearing?"): asked of the user's memory, where nothing names it.
 */
export function asksOwnThing(question: string): boolean {
  if (PLATFORM_THING.test(question)) return false;
  return ASKS_BACK.test(question) && (OWN_THING.test(question) || OWN_STATE.test(question));
}

/** A question word opening a message, after discourse words ("ok when's …", "wait whose …"). */
const WH_START =
  /^\W*(?:(?:ok|okay|so|and|wait|hey|um+|hmm+|lol|random|quick one|quick q(?:uestion)?|random q(?:uestion)?|sorry|oh)[,!.:]*\s+)*(?:who|whos|who's|whose|what|whats|what's|when|whens|when's|where|wheres|where's|which|how old|how many|how long)\b/i;
/** Words that ask for what was said before: "… again", "do you remember …", "did I say …". */
const SAID_BEFORE =
  /\bagain\b|\b(?:you|u|ya) (?:still )?(?:remember|recall)\b|\bdid (?:i|we) (?:say|tell|mention)\b|\b(?:i|we) (?:told|said|mentioned)\b/i;

/**
 * A request to be reminded of something the user told ("remind me when I'm being examined", "ok
 * when's our anniversary again", "whose big day am I going to, do you remember?"): "remind me" (not
 * "remind me to …", a request for a reminder), or a question word first and words asking for what
 * was said before. Not about the avatar ("remind me what you can do").
 */
export function asksToBeReminded(question: string): boolean {
  const q = question.replace(/[’`]/g, "'");
  if (PLATFORM_THING.test(q) || /\b(?:your|ur)\b|\b(?:you|u) (?:can|could|do|did|are|were)\b/i.test(q)) return false;
  if (/\bremind (?:me|us)\b(?!\s+to\b)/i.test(q)) return true;
  return WH_START.test(q) && SAID_BEFORE.test(q);
}

/** A question after a thing the user has, rides, plays or follows ("which guitar do I own?"). */
export function asksOwnPossession(question: string): boolean {
  return ASKS_BACK.test(question) && !PLATFORM_THING.test(question) && OWN_POSSESSION.test(question);
}

/** The stored people of the user's ("youngest", "old man"), as patterns for "the <person>". */
function storedPeople(facts: DialogueMemory['facts']): RegExp[] {
  return (facts.about ?? [])
    .map((f) => f.key.toLowerCase())
    .filter((k) => isPersonTie(k.split(' ').at(-1) ?? ''))
    .map((k) => new RegExp(`\\bthe\\s+(${escapeRegExp(k)})\\b`, 'gi'));
}

/** "how old's the youngest?" after "my youngest is 9": a stored person said with "the" is the user's ("my youngest"). */
export function storedAsMine(question: string, facts: DialogueMemory['facts']): string {
  return storedPeople(facts).reduce((t, re) => t.replace(re, 'my $1'), question);
}

/**
 * True when a question names one of the user's stored people by "the" or a pet by name ("how old's
 * the youngest?" after "my youngest is 9", "is Rolo still limping?"): about the user's own, not
 * the world. `facts` is what is stored.
 */
export function namesStoredThing(question: string, facts: DialogueMemory['facts']): boolean {
  if (storedPeople(facts).some((re) => re.test(question))) return true;
  return (facts.pets ?? []).some((p) => new RegExp(`\\b${escapeRegExp(p.name)}\\b`).test(question));
}

/** The user's things on this platform, which the engine does know (their avatar, art, skills, listings). */
const PLATFORM_THING =
  /\b(?:avatars?|skills?|nfts?|art|artworks?|marketplace|listings?|xp|level|tasks?|reputation|wallet|eth|mints?|collection|site|website|posts?|casts?)\b/i;

/** "what's in my …", "how much money is in my …", "guess my …": the question is after the user's thing. */
const OWN_THING =
  /\b(?:what|whats|what's|who|whos|who's|which|how much|how many|guess)\b\W+(?:[\w']+[^\w']+){0,5}?(?:my|our)\b/i;
/**
 * "which guitar do I own?", "what car did I say I drive?", "what kinda bird do i have": the question
 * is after a thing the user has, rides, plays or follows (a verb of having, not "have to").
 */
const OWN_POSSESSION =
  /\b(?:what|which)\s+(?:(?:kind|kinda|sort|type)\s+(?:of\s+)?)?(?:(?!(?:should|shall|could|would|can|will|must|might|may)\b)[\w-]+\s+){0,2}?(?:(?:do|did)\s+)?(?:i|we)\s+(?:(?:say|said|tell you|told you|mention(?:ed)?)\s+(?:i|we)\s+)?(?:own|have(?!\s+to\b)|got|drive|ride|play|support|follow|use|keep|collect)\b/i;
/** "what am I wearing", "where was I going": the question is after the user's state. */
const OWN_STATE = /\b(?:what|where|who|how much|how many|which \w+)\s+(?:am|was)\s+i\s+[a-z]+ing\b/i;

/**
 * A follow-up question about someone the previous message named ("what does my sister do?" → "and
 * what's her name?"): "her", "his", "their" read as "my sister's" (and "him"/"her" as "my sister"),
 * when the question names no one of its own and the previous message named one person of the user's.
 */
export function pronounsResolved(question: string, previous: string | null): string {
  if (!previous || /\bmy\b/i.test(question) || !/\b(?:his|her|their|him|them)\b/i.test(question)) return question;
  const people = [...previous.matchAll(new RegExp(PERSON_OF_MINE.source, 'giu'))].map((m) => m[0].toLowerCase());
  if (new Set(people).size !== 1) return question;
  const person = people[0] as string;
  return question.replace(/\b(?:his|her|their)\b(?=\s+\p{L})/giu, `${person}'s`).replace(/\b(?:him|them)\b/gi, person);
}

/**
 * A recall question cut short after another ("remind me what my dog's called" → "and the cat?",
 * "which city do I fly to?" → "and which date?"), spelled out: "the <thing>" becomes "my <thing>",
 * and a bare "when"/"which date" asks the last question again (its answer holds the date). Other
 * text, or after any act but a recall, is returned as it is.
 */
export function spelledOutRecall(text: string, lastAct: string | null, lastUserText: string | null): string {
  if (lastAct !== 'recall_fact') return text;
  const thing =
    /^\W*(?:(?:ok|okay|and|so)\s+)*(?:and|what about|how about)\s+(?:the|your|ur)\s+([\p{L}'-]+)\s*\??\s*$/iu.exec(
      text,
    );
  if (thing) return `and my ${thing[1]}?`;
  const when =
    /^\W*(?:(?:ok|okay|so)\s+)*and\s+(?:when|(?:which|what)\s+(?:date|day|time|year|month))\b(?:\s+(?:is|was)\s+(?:it|that))?\s*\??\s*$/i;
  return when.test(text) && lastUserText ? lastUserText : text;
}

/**
 * "did I pass or nah", "I get the job or no?", "what did the vet find?": the outcome of the user's
 * own news, which only they can tell (never looked up, never guessed).
 */
const OWN_OUTCOME =
  /\b(?:did|will|would) (?:i|we) (?:\w+ )?(?:pass|win|fail|make it|hear back|get (?:in|it|through|the (?:job|place|part|role|offer|contract|grant|visa|house|flat)|accepted|selected|picked|promoted))\b|\bhave (?:i|we) (?:passed|won|failed|made it|got (?:in|it|through|the (?:job|place|part|role)))\b|^\W*(?:(?:so|and|but|ok|okay|wait)\W+)*(?:i|we) (?:pass|passed|win|won|fail|failed|get in|got in|get it|got it)\b[^.!?]*(?:\bor (?:no|not|nah)\b|\?)|\bwhat did (?:the|my|our) (?:vet|doctor|gp|dentist|nurse|surgeon|consultant|specialist|examiner|panel|interviewer|results?|scan|tests?) (?:say|find|show|think|tell)\b/i;

/** True when a question asks for the outcome of the user's own news ({@link OWN_OUTCOME}). */
export function asksOwnOutcome(question: string): boolean {
  return OWN_OUTCOME.test(question.replace(/[’`]/g, "'"));
}

/**
 * How the user feels, from the AFINN-165 lexicon (shipped by npm `sentiment`, with its emoji
 * table) read over wink-nlp's tokens (`parse.ts`): wink marks the words under a negation ("I don't
 * feel great" negates "great", "not sad" negates "sad"), so a negated positive word counts as
 * negative and a negated negative word as faintly positive (as VADER damps it). Clause by clause,
 * so "happy but kind of gutted" is mixed rather than an average of zero. The lexicon is extended
 * with everyday British and American slang, life events and emoji it lacks (data for the tool,
 * below); requests inside the message ("…, can you paint something calm") are not read as
 * feelings.
 */
import { createRequire } from 'node:module';
import { parse, type Token } from './parse';
import { REQUEST_CUE } from './task-frames';

const require = createRequire(import.meta.url);

/** The polarity of a message's feelings. */
export type Polarity = 'positive' | 'negative' | 'mixed' | 'neutral';

/** What a message says about how its writer feels. */
export interface Feeling {
  polarity: Polarity;
  /** Sum of the clause scores (AFINN units, about −5…+5 per word). */
  score: number;
  /** Strongest positive and negative clause scores (0 when none). */
  best: number;
  worst: number;
}

/** Words AFINN-165 lacks or scores for another register, with their valence (−5…+5). */
const EXTRA_WORDS: Record<string, number> = {
  gutted: -3,
  bricking: -3,
  rubbish: -2,
  shattered: -2,
  knackered: -2,
  wrecked: -2,
  chuffed: 3,
  stoked: 3,
  buzzing: 3,
  thrilled: 4,
  ecstatic: 4,
  relief: 2,
  relieved: 2,
  bittersweet: -1,
  meh: -2,
  pretty: 0,
  feeling: 0,
  feel: 0,
  like: 0,
  please: 0,
  help: 0,
  want: 0,
  kind: 0,
  care: 0,
  guess: 0,
  grey: -1,
  gray: -1,
  blah: -2,
  rough: -2,
  skint: -2,
  broke: -2,
  overwhelmed: -3,
  burnt: -2,
  burned: -2,
  drained: -2,
  exhausted: -2,
  homesick: -2,
  heartbroken: -4,
  devastated: -4,
  anxious: -2,
  nervous: -2,
  panicking: -3,
  dreading: -3,
  grieving: -3,
  funeral: -3,
  argh: -2,
  ugh: -2,
  sigh: -1,
  soaked: -1,
  cancelled: -2,
  canceled: -2,
  dumped: -3,
  redundant: -2,
  sacked: -3,
  fired: -2,
  promoted: 3,
  promotion: 3,
  scholarship: 2,
  engaged: 2,
  hired: 3,
  graduated: 3,
  passed: 2,
  aced: 3,
  nailed: 2,
  smashed: 2,
  finally: 1,
  woohoo: 3,
  yay: 3,
  wahoo: 3,
  hooray: 3,
  lit: 2,
  epic: 3,
  honestly: 0,
  fine: 0,
  ok: 0,
  okay: 0,
  alright: 0,
  gorgeous: 3,
  fab: 3,
  ace: 2,
  brill: 3,
  cracking: 2,
  smashing: 3,
  magic: 2,
  evicted: -3,
  lie: 0,
  nightmare: -3,
  wiped: -2,
  gutting: -3,
  knackering: -2,
  struggling: -2,
  lonely: -2,
  scary: -2,
  raise: 0,
  unreal: 2,
  free: 0,
  // a fact or a laugh, not a feeling ("my favourite colour is orange", "I'm called Alex lol")
  favourite: 0,
  favorite: 0,
  fave: 0,
  lol: 0,
  lmao: 0,
  haha: 0,
  hahaha: 0,
  funny: 0,
  menace: 0,
  cheer: 0,
  wish: 0,
  // emoji the lexicon lacks or scores as neutral
  '😭': -2,
  '😢': -2,
  '😞': -2,
  '😔': -2,
  '😩': -2,
  '😫': -2,
  '💔': -3,
  '😰': -2,
  '😟': -2,
  '🥺': -1,
  '😤': -2,
  '🥳': 3,
  '🎉': 3,
  '🎊': 3,
  '😍': 3,
  '🤩': 3,
  '❤️': 2,
  '❤': 2,
  '💖': 2,
  '✨': 1,
  '👏': 2,
  '🙏': 1,
  // reactions more than feelings ("dead 💀" is laughter)
  '💀': 0,
  '🔥': 0,
  '😂': 0,
  '🤣': 0,
};

/** Phrases whose meaning is not the sum of their words, rewritten before scoring. */
const PHRASES: [RegExp, string][] = [
  [/\bpassed away\b|\bpassed on\b/gi, ' died '],
  // Idioms whose negation is not one: "couldn't be happier", "can't wait", "can't believe".
  [
    /\b(?:couldn'?t|could not|can'?t|cannot) be (?:happier|prouder|more (?:excited|thrilled|pleased))\b|\bnever been (?:happier|prouder)\b/gi,
    ' delighted ',
  ],
  [/\b(?:can'?t|cannot) wait\b/gi, ' excited '],
  // "can't stop smiling" is a lot of smiling ("can't stop crying" is scored as an event below).
  [/\b(?:can'?t|cannot|couldn'?t) stop\b/gi, ' '],
  [/\b(?:i'?m|i am|we'?re|we are) (?:finally )?free\b/gi, ' relieved '],
  [/\b(?:can'?t|cannot) complain\b|\bno (?:worries|problem|probs)\b|\bfun fact\b/gi, ' '],
  [/\b(?:can'?t|cannot|couldn'?t) believe\b|\bno way\b/gi, ' '],
  [/\b(?:got|getting|get|given|give) (?:a|my|the) (?:pay )?raise\b|\bpay rise\b/gi, ' promotion '],
  [/\bwiped out\b|\bburnt out\b|\bburned out\b/gi, ' exhausted '],
  [/\bbest (?:friend|mate|pal)s?\b/gi, ' friend '],
  // The lexicon negates only the word right after one of a few negators ("not", "don't").
  [
    /\b(?:wasn'?t|weren'?t|aren'?t|didn'?t|couldn'?t|wouldn'?t|shouldn'?t|haven'?t|hasn'?t|hadn'?t|ain'?t|never|no longer|hardly)\b/gi,
    ' not ',
  ],
  [
    /\bnot\s+(?:(?:so|too|very|really|that|at all|particularly|exactly|remotely|even|feeling|a bit|quite|all that)\s+)+/gi,
    'not ',
  ],
  [/\bnot (?:gonna|going to) lie\b|\bto be honest\b|\btbh\b|\bngl\b/gi, ' '],
  [
    /\b(?:got|landed|passed|aced|won(?!['’]t)|nailed|smashed|got into|got onto)\s+(?:my|the|a|an|our|into)?\s*/gi,
    ' $& ',
  ],
];

/** Achievements and setbacks: a score added to the clause they occur in. */
const EVENTS: [RegExp, number][] = [
  [
    /\b(?:got|landed|aced|won(?!['’]t)|nailed|passed|got into)\b[^.!?,]{0,25}\b(?:job|offer|exam|test|place|scholarship|interview|promotion|contract|uni|university|college|course|degree|award|prize|grant|role|part|internship|apprenticeship|residency|gig|deal|spot|lead)\b/i,
    3,
  ],
  [/\b(?:had|having|welcomed)\s+(?:her|his|their|a|the|our)\s+(?:baby|babies|twins|son|daughter)\b|\bborn\b/i, 3],
  [/\b(?:we're|we are|i'm|im|i am|got)\s+(?:engaged|married|pregnant)\b/i, 3],
  [
    /\b(?:didn't|didnt|did not|never|failed to|couldn't|could not)\s+(?:get|pass|win|make|land)\b|\bfailed (?:my|the)\b|\brejected\b|\bturned down\b/i,
    -3,
  ],
  [/\b(?:can't|cant|cannot|couldn't)\s+(?:sleep|cope|stop crying|breathe|focus)\b/i, -2],
  [/\b(?:feel|feeling|felt)\s+(?:a bit |kind of |kinda |so |really )?(?:flat|off|low|down|rubbish)\b/i, -2],
  [
    /\b(?:i'?m|i am|feeling|feel)\s+not\s+(?:okay|ok|alright|fine|good|great|well|coping)\b|\bnot (?:okay|ok|alright)\b/i,
    -3,
  ],
  [
    /\bover the moon\b|\bon cloud nine\b|\bmade my (?:day|week|year)\b|\bdream come true\b|\b(?:she|he|they) said yes\b|\bbest (?:day|news) (?:ever|of my life)\b/i,
    3,
  ],
  [/\bworst (?:day|week|month|year|night) (?:ever|of my life)\b/i, -3],
  [/\b(?:came back|all) clear\b|\bgot the all[- ]clear\b/i, 2],
  [/\b(?:sold|finished|published|released|launched|shipped|ran|opened)\s+(?:my|our)\s+(?:very\s+)?first\b/i, 3],
  [/\b(?:expecting|having) (?:a baby|twins|our first|my first)\b|\bpregnant\b/i, 3],
  [/\bin (?:the )?(?:hospital|a&e|intensive care|icu)\b|\b(?:diagnosed with|got diagnosed)\b/i, -3],
  [
    /\b(?:so |totally |completely |just )?done with (?:everything|it all|life|all of it)\b|\bcan'?t do this (?:any ?more)?\b|\bwant to give up\b/i,
    -3,
  ],
  [/\bforgot (?:my|our) (?:birthday|anniversary)\b|\b(?:ghosted|ignored|stood up|left out)\b/i, -2],
  [/\bfinally\b[^.!?]{0,30}\b(?:finished|handed in|submitted|done|over|passed|did it|made it|sold|paid off)\b/i, 2],
  [
    /\b(?:don'?t|do not|no) (?:know|idea) how (?:i'?ll|i will|i'?m going to|i can|we'?ll|to) (?:cope|manage|pay|afford|get through|keep going)\b/i,
    -3,
  ],
  [
    /\bkick(?:ing|ed)? (?:us|me|them) out\b|\bnowhere to (?:go|live|stay|sleep)\b|\blost (?:my|our) (?:job|house|home|flat|mum|dad|mother|father|wallet|phone|passport|way)\b|\bbroke up\b|\bsplit up\b/i,
    -3,
  ],
  [/\b(?:moving away|leaving|left)\b[^.!?]{0,30}\b(?:friends|mates|home|family|team)\b/i, -2],
  [/\b(?:miss|missing)\s+(?:him|her|them|you|home|my|the)\b/i, -2],
];

/** Clause boundaries: contrast words and dashes separate the parts of a mixed feeling. */
const CLAUSE_SPLIT = /\b(?:but|though|although|however|yet|whereas|except)\b|[;—–]|\.{2,}|…|[.!?]+\s/i;

/** A clause that asks the avatar for something: its words describe the request, not a feeling. */
const REQUEST_CLAUSE =
  /^\s*(?:(?:so|and|then|still|also|please|pls|ok|okay)\s+)*(?:can|could|would|will) (?:you|u)\b|\bplease\b.*\b(?:draw|paint|make|build|write|create)\b|^\s*(?:draw|paint|sketch|make|build|write|create|generate|design|mint)\b/i;

const EMOJI = /(\p{Extended_Pictographic}\uFE0F?)/gu;

/** AFINN-165 and its emoji table, as the `sentiment` package ships them; loaded on first use. */
let labels: Record<string, number> | null = null;
/** Strongest single positive and negative word of the message being scored (see feelingOf). */
let wordBest = 0;
let wordWorst = 0;

function lexicon(): Record<string, number> {
  labels ??= {
    ...(require('sentiment/languages/en/labels.json') as Record<string, number>),
    ...(require('sentiment/build/emoji.json') as Record<string, number>),
    ...EXTRA_WORDS,
  };
  return labels;
}

/** Negators the tagger may leave unmarked right before the word ("not bad", "no good"). */
const NEGATORS = new Set(['not', "n't", 'never', 'no', 'nothing', 'hardly', 'cannot']);
/** Words that end a negation's scope (a question word starting a clause of its own). */
const SCOPE_END = new Set(['what', 'whats', "what's", 'how', 'why', 'where', 'who', 'whether', 'if', 'when']);
/** How much of a negated negative word's weight turns positive ("not bad" is faintly good). */
const NEGATED_NEGATIVE = 0.3;

/** The valence of one token in its sentence: the lexicon value, turned by a negation over it. */
function tokenValue(tokens: readonly Token[], i: number, words: Record<string, number>): number {
  const t = tokens[i] as Token;
  const value = words[t.lower] ?? words[t.text] ?? 0;
  if (!value) return 0;
  let negated = t.negated || NEGATORS.has((tokens[i - 1] as Token | undefined)?.lower ?? '');
  // The negation of "don't know" does not reach into "what's wrong": a question word or a new
  // subject between the negator and the word ends its scope.
  for (let j = i - 1; negated && j >= 0 && (tokens[j] as Token).negated; j--) {
    if (SCOPE_END.has((tokens[j] as Token).lower)) negated = false;
  }
  if (!negated) return value;
  return value > 0 ? -value : -value * NEGATED_NEGATIVE;
}

/** Nouns that carry a feeling; other nouns are things ("a flower stall", "a crash course"). */
const FEELING_NOUNS = new Set(
  'love joy grief fun pain stress anxiety fear hope luck relief success failure disaster mess nightmare panic shame pride happiness sadness anger misery heartbreak loss win victory congratulations congrats thanks bliss dread worry'.split(
    ' ',
  ),
);

/** Common nouns that carry no feeling (AFINN scores "stall", "block", "crash") are skipped. */
function isThingNoun(t: Token): boolean {
  // Common nouns only: the tagger reads SHOUTED words as proper nouns ("I AM SO ANGRY").
  return t.pos === 'NOUN' && /^\p{L}+$/u.test(t.text) && !FEELING_NOUNS.has(t.lower) && !(t.lower in EXTRA_WORDS);
}

function score(clause: string): number {
  const words = lexicon();
  let text = clause.replace(EMOJI, ' $1 ');
  for (const [re, to] of PHRASES) text = text.replace(re, to);
  let total = 0;
  let denied = 0;
  const relief = /\bany ?more\b|\bno longer\b/i.test(clause);
  let hurts = false;
  for (const sentence of parse(text).sentences) {
    sentence.tokens.forEach((t, i) => {
      // Names are not feelings ("it's Rob, not Bob"): a capitalised proper noun inside the sentence.
      if (isThingNoun(t) || (i > 0 && t.pos === 'PROPN' && /^\p{Lu}\p{Ll}/u.test(t.text))) return;
      const value = tokenValue(sentence.tokens, i, words);
      const raw = words[t.lower] ?? words[t.text] ?? 0;
      // "not stressed any more" is relief: the denied feeling counts fully the other way.
      if (raw < 0 && value > 0 && relief) total += -raw;
      // "not sad, just tired": a feeling denied beside one stated is not good news.
      else if (raw < 0 && value > 0) denied += value;
      else {
        wordBest = Math.max(wordBest, value);
        wordWorst = Math.min(wordWorst, value);
        total += value;
        if (value < 0) hurts = true;
      }
    });
  }
  if (!hurts) total += denied;
  for (const [re, value] of EVENTS) if (re.test(clause)) total += value;
  return total;
}

/** The clauses of a message that state something (requests to the avatar left out). */
export function statementClauses(message: string): string[] {
  return message
    .slice(0, 1000)
    .split(CLAUSE_SPLIT)
    .map((c) => withoutRequest((c ?? '').trim()))
    .filter((c) => c && !REQUEST_CLAUSE.test(c));
}

/** A clause cut before a request it goes on to ("had a rubbish day, can you cheer me up?"). */
function withoutRequest(clause: string): string {
  const m = new RegExp(REQUEST_CUE.source, 'gi');
  for (const hit of clause.matchAll(m)) {
    const at = hit.index ?? 0;
    // Only a request after a comma or a joining word; "I need a hug" is itself a statement.
    if (at > 0 && /^[\s,;—–-]*(?:,|\b(?:and|but|so|also|now|then|still|just)\b)/i.test(hit[0])) {
      return clause.slice(0, at).trim();
    }
  }
  return clause;
}

const REACTION_OPENER =
  /^\s*(?:(?:oh|ooh|ok|okay|lovely|nice|great|cool|awesome|perfect|brilliant|amazing|sweet|ace|wonderful|fab|beautiful|gorgeous)\b[\s!,.—–-]*)+(?=\S)/i;

/** Clause score from which a feeling counts (weaker ones read as neutral). */
export const FEELING_THRESHOLD = 2;

/** How the writer of `message` feels. Deterministic; bounded to the first 1,000 characters. */
export function feelingOf(message: string): Feeling {
  wordBest = 0;
  wordWorst = 0;
  // A reaction word opening a message ("lovely! can you mint it?") is not how the writer feels.
  const text = message.replace(REACTION_OPENER, '') || message;
  const scores = statementClauses(text).map(score);
  const best = Math.max(0, ...scores);
  const worst = Math.min(0, ...scores);
  const total = scores.reduce((a, b) => a + b, 0);
  let polarity: Polarity = 'neutral';
  // "good and bad", "nervous but excited": strong words of both signs make a mixed feeling.
  const bothWays = wordBest >= FEELING_THRESHOLD && wordWorst <= -FEELING_THRESHOLD;
  if ((best >= FEELING_THRESHOLD && worst <= -FEELING_THRESHOLD) || (bothWays && Math.abs(total) <= 3))
    polarity = 'mixed';
  else if (total >= FEELING_THRESHOLD || (best >= FEELING_THRESHOLD && total > 0)) polarity = 'positive';
  else if (total <= -FEELING_THRESHOLD || (worst <= -FEELING_THRESHOLD && total < 0)) polarity = 'negative';
  else if (/\bbittersweet\b/i.test(message)) polarity = 'mixed';
  // Emoji alone ("👍", "🔥💀") are reactions; only a strong row ("😭😭", "🥳🥳🥳") is a feeling.
  if (!/\p{L}/u.test(message) && (polarity === 'mixed' || Math.abs(total) < 3)) polarity = 'neutral';
  return { polarity, score: total, best, worst };
}

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
import { REACTION_WORDS } from './discourse-words';
import { saysBothWays } from './feeling-both-ways';
import { CLASSIFIED_WORDS, classifyFeeling, isClassifiable, verdictOf } from './feeling-classifier';
import { withDeniedHopes } from './feeling-denied';
import { EVENTS } from './feeling-events';
import { faceValences } from './feeling-faces';
import { ironicReading } from './feeling-irony';
import { EXTRA_WORDS, OTHERS_GOT_IT, PHRASES } from './feeling-lexicon';
import { lexiconValue, tokenValue } from './feeling-negation';
import { ASKING, attributive, DENIED_EVENT, milestone, RECAST, SCHEDULED, saysPlainFact } from './feeling-shapes';
import { englishStopWords, parse, type Token } from './parse';
import { REQUEST_CUE } from './task-frames';
import { EMOJI } from './text-features';

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

/**
 * Clause boundaries: contrast words and dashes separate the parts of a mixed feeling, and so does
 * "and also", which adds a second feeling beside the first ("overjoyed, and also terrified").
 */
const CLAUSE_SPLIT = /\b(?:but|though|although|however|yet|whereas|except|and also)\b|[;—–]|\.{2,}|…|[.!?]+\s/i;

/** A clause that asks the avatar for something: its words describe the request, not a feeling. */
const REQUEST_CLAUSE =
  /^\s*(?:(?:so|and|then|still|also|please|pls|ok|okay)\s+)*(?:can|could|would|will) (?:you|u)\b(?! (?:believe|imagine|guess)\b)|^\s*(?:i'?d|i would|we'?d|we would|would) (?:really |so |just )?(?:love|like)\s+(?:an?|some|the|you|to)\b|\bplease\b.*\b(?:draw|paint|make|build|write|create)\b|^\s*(?:draw|paint|sketch|make|build|write|create|generate|design|mint)\b|^\s*better (?:we|you|u) (?:make|build|do|write|draw|code|paint|go with)\b|^\s*(?:i'?d|i would|we'?d|we would) be (?:so |very |really |most )?(?:grateful|thankful|obliged)\b/i;

/** AFINN-165 and its emoji table, as the `sentiment` package ships them; loaded on first use. */
let labels: Record<string, number> | null = null;
/** Emoji whose Unicode name is a face or hearts; filled with the lexicon. */
const FACE_NAMES = new Set<string>();
/** Faces scored by their Unicode names (see faceValences); filled with the lexicon. */
let faces: Record<string, number> | null = null;
/** Strongest single positive and negative word of the message being scored (see feelingOf). */
let wordBest = 0;
let wordWorst = 0;

function lexicon(): Record<string, number> {
  if (labels) return labels;
  const afinn = require('sentiment/languages/en/labels.json') as Record<string, number>;
  faces = faceValences(afinn, FACE_NAMES);
  labels = {
    ...faces,
    ...(require('sentiment/build/emoji.json') as Record<string, number>),
    ...afinn,
    ...EXTRA_WORDS,
  };
  return labels;
}

/**
 * Words that frame a denied worry as good news ("not stressed any more", "the flight wasn't
 * cancelled after all", "phew, nothing's broken"): a negated negative word then counts fully
 * positive instead of the faint VADER damping.
 */
const RELIEF =
  /\bany ?more\b|\bno longer\b|\bafter all\b|\b(?:what a |such a |huge |massive |big )?relie(?:f|ved)\b|\bphew\b|\bthank (?:god|goodness|heavens|fuck)\b|\b(?:luckily|thankfully|fortunately)\b|\bturns? out\b|\bturned out\b/i;

/** Nouns that carry a feeling; other nouns are things ("a flower stall", "a crash course"). */
const FEELING_NOUNS = new Set(
  'love joy grief fun pain stress anxiety fear hope luck relief success failure disaster mess nightmare panic shame pride happiness sadness anger misery heartbreak loss win victory congratulations congrats thanks bliss dread worry rejection setback'.split(
    ' ',
  ),
);

/** Common nouns that carry no feeling (AFINN scores "stall", "block", "crash") are skipped. */
function isThingNoun(t: Token): boolean {
  // Common nouns only: the tagger reads SHOUTED words as proper nouns ("I AM SO ANGRY").
  return t.pos === 'NOUN' && /^\p{L}+$/u.test(t.text) && !FEELING_NOUNS.has(t.lower) && !(t.lower in EXTRA_WORDS);
}

function score(typed: string): number {
  // Curly apostrophes ("isn’t", "what’s") read as straight ones, for the tagger and the phrase rules.
  const clause = typed.replace(/[’‘`]/g, "'");
  const words = lexicon();
  let text = clause.replace(EMOJI, ' $& ');
  for (const [re, to] of PHRASES) text = text.replace(re, to);
  let total = 0;
  let denied = 0;
  const relief = RELIEF.test(clause);
  // "turns out the weird noise was just a loose hubcap": the worry words were the fear, not the news.
  const recast = RECAST.test(clause);
  let hurts = false;
  const asking = ASKING.test(clause);
  for (const sentence of parse(text).sentences) {
    sentence.tokens.forEach((t, i) => {
      // Names are not feelings ("it's Rob, not Bob"): a capitalised proper noun inside the sentence.
      // "great for the kids" opening a sentence is praise, whatever the tagger makes of "great".
      const praisesFor = i === 0 && sentence.tokens[1]?.pos === 'ADP';
      if ((isThingNoun(t) && !praisesFor) || (i > 0 && t.pos === 'PROPN' && /^\p{Lu}\p{Ll}/u.test(t.text))) return;
      // "any good books for…?", "is this a bad idea?": a question's word for the kind of thing it
      // asks about is no feeling of the asker's.
      if (asking && attributive(sentence.tokens, i)) return;
      const value = tokenValue(sentence.tokens, i, words);
      const raw = lexiconValue(t, words);
      if (recast && value < 0) return;
      // "not stressed any more" is relief: the denied feeling counts fully the other way.
      // Relief is itself a feeling (as strong as the word "relieved"), however mild the worry.
      if (raw < 0 && value > 0 && relief) total += Math.max(-raw, EXTRA_WORDS.relieved ?? 2);
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
  // "everyone else got picked": the prize named there is another's, no success of the writer's.
  const others = OTHERS_GOT_IT.exec(clause);
  for (const [re, value] of EVENTS) {
    const hit = re.exec(clause);
    if (!hit) continue;
    if (value > 0 && others && hit.index >= others.index && hit.index < others.index + others[0].length) continue;
    // "got my viva on Thursday" is a date to dread or look forward to, not an achievement yet.
    if (value > 0 && re === EVENTS[0]?.[0] && SCHEDULED.test(clause)) continue;
    // "nobody got hurt", "it never fell through": a setback denied is no setback (relief, if framed so).
    if (value < 0 && DENIED_EVENT.test(clause.slice(0, hit.index))) {
      if (relief) total += EXTRA_WORDS.relieved ?? 2;
      continue;
    }
    total += value;
  }
  return (
    total +
    milestone(
      parse(text).sentences.flatMap((s) => s.tokens),
      words,
    )
  );
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
    // Only a request after a comma, a joining word or an emoji ("so tired 😩 please can you…");
    // "I need a hug" is itself a statement.
    if (
      at > 0 &&
      /^[\s,;—–-]*(?:,|\p{Extended_Pictographic}|\b(?:and|but|so|also|now|then|still|just)\b)/iu.test(hit[0])
    ) {
      return clause.slice(0, at).trim();
    }
  }
  return clause;
}

/**
 * Reaction words opening a message ("oh nice, …"): they react to the last reply, no feeling of the
 * writer's. Not with a complement ("great for the kids", "nice of them"): that is said of a thing.
 */
const REACTION_OPENER = new RegExp(
  String.raw`^\s*(?:(?:${REACTION_WORDS.join('|')})\b(?!\s+(?:for|to|of|at|with|about|that)\b)[\s!,.—–-]*)+(?=\S)`,
  'i',
);

/**
 * Thanks opening a message ("thank you 🙏 ok, back to it", "Thank you. I am rather low"): courtesy
 * to the avatar, no feeling of the writer's; what follows is read. "thanks, I'm thrilled" keeps its
 * feeling word; "thank you so much!!" alone is read whole.
 */
const THANKS_OPENER =
  /^\s*(?:(?:ok|okay|oh|aw+)[,!]?\s+)?(?:thank (?:you|u)|thanks|thx|ty|tysm|cheers)(?:\s+(?:so|very) much)?(?:\s+for (?:that|this|it|listening|the help|your help))?(?:\s|[!,.…]|\p{Extended_Pictographic}|\uFE0F)+(?=[\s\S]*\p{L})/iu;

/** Clause score from which a feeling counts (weaker ones read as neutral). */
export const FEELING_THRESHOLD = 2;

/**
 * Crying faces: tears of grief, or of joy when all else in the message is good. The smiling face
 * with a tear (🥲) is not among them: it smiles through the tear, and is read by the table (moved,
 * or the sign of a downside after "but").
 */
const CRYING = /😭|😢|🥹/gu;

/**
 * How the writer of `message` feels. Deterministic; bounded to the first 1,000 characters. The
 * lexicon reads it first ({@link lexiconFeelingOf}); when it finds no feeling, the sentence
 * classifier (`feeling-classifier.ts`) reads the message's statements (requests to the avatar and
 * questions left out, so a task or a question is never taken for a feeling) and its verdict
 * counts (`verdictOf`). The lexicon keeps the
 * last word where it reads a feeling: it knows negation and contrast, which a word average does
 * not.
 */
export function feelingOf(message: string): Feeling {
  const felt = feelingRead(message);
  // "idk how to feel", "mixed feelings", "happy and guilty both": the writer says it is both ways.
  return saysBothWays(message, (w) => lexicon()[w] ?? 0) ? { ...felt, polarity: 'mixed' } : felt;
}

/** How the writer feels before an ambivalence said outright is weighed (see {@link feelingOf}). */
function feelingRead(message: string): Feeling {
  const reading = lexiconFeelingOf(message);
  // "oh brilliant, the boiler's gone again": praise said of a setback is irony (feeling-irony.ts).
  const ironic = ironicReading(message, reading, (w) => lexicon()[w] ?? 0, feelingOf, lexiconFeelingOf);
  if (ironic) return ironic;
  if (reading.polarity !== 'neutral') return reading;
  // "Could you write the code for it? The part that totals up expenses.": beside a request, a
  // statement that is not about the writer details the work; it tells no feeling.
  const asks = REQUEST_CUE.test(message);
  const statements = statementClauses(message.replace(REACTION_OPENER, '') || message)
    .filter((c) => isClassifiable(c) && !saysPlainFact(c) && (!asks || WRITERS_OWN.test(c.replace(/[’]/g, "'"))))
    .join('. ');
  // Emoji alone are reactions unless they are faces (a face shows a feeling; 👍 or 🔥 do not).
  const face = [...message.matchAll(EMOJI)].some((m) => isFace(m[0]));
  const words = statements.match(/\p{L}+/gu)?.length ?? 0;
  if (!statements || (words < CLASSIFIED_WORDS && !face)) return reading;
  // The word vectors know other languages' words too; the classifier reads English only.
  if (!face && englishStopWords(statements) === 0) return reading;
  const verdict = verdictOf(classifyFeeling(statements, reading), FEELING_THRESHOLD) ?? reading;
  // "took the job today!! but it means leaving my gran": good news read by the classifier, then a
  // downside of the writer's after "but" or "it means", is both.
  if (verdict.polarity === 'positive' && contrastedDownside(message, true)) return { ...verdict, polarity: 'mixed' };
  return verdict;
}

/** Whether an emoji is a face or a heart by its Unicode name ("persevering-face", "broken-heart"). */
function isFace(emoji: string): boolean {
  lexicon();
  return FACE_NAMES.has(emoji) || FACE_NAMES.has(emoji.replace(/\uFE0F/g, ''));
}

/** How the lexicon alone reads `message` (AFINN and its additions; see the module comment). */
export function lexiconFeelingOf(message: string): Feeling {
  // "surprised me with tickets 😭❤️": tears beside good news are tears of joy.
  if (/😭|😢|🥹/u.test(message) && /\p{L}/u.test(message)) {
    const dry = feelingOfText(message.replace(CRYING, ' '));
    // "so much joy and so much missing 😢": beside a word of loss the tears are grief's.
    if (dry.polarity === 'positive' && wordWorst > -FEELING_THRESHOLD) return dry;
  }
  return feelingOfText(message);
}

/** A clause about the writer: their pronouns, or a state they perceive ("feels", "seems", "looks"). */
const WRITERS_OWN =
  /\b(?:i|i'm|i'll|i've|i'd|me|my|we|we're|we'll|us|our|feels?|felt|feeling|seems?|seemed|looks?|looked)\b/i;

/** The weight of a downside that "but" introduces without a feeling word of its own. */
const CONTRAST_DOWNSIDE = -2;

/**
 * "so proud of them but I'm going to be a wreck", "got in, but I'll be miles from home": after
 * good news, "but" turns to a downside even when the lexicon has no word for it (a contrast joins
 * parts of opposite orientation). A statement after "but" that scores nothing or only faintly
 * negative ("the house feels empty"), following a clause that scores as good, counts
 * {@link CONTRAST_DOWNSIDE}. Only in this direction: after bad
 * news, "but" often turns to coping ("awful, but I'm getting there"), which is still bad news to
 * answer with comfort. Questions and requests after "but" are not downsides, and neither is a
 * clause that is not about the writer ("took three months but it's done").
 */
function contrastedDownside(text: string, assumeGood = false): number {
  // "but …", and the cost named after good news: "it also means leaving my gran".
  const parts = text
    .slice(0, 1000)
    .split(/\bbut(?:\s+(?:it|this|that) (?:also )?means)?\b|\b(?:it|this|that|which) (?:also )?means\b/i);
  for (let i = 1; i < parts.length; i++) {
    const before = statementClauses(parts[i - 1] as string).map(score);
    const after = (parts[i] as string).split(/[.!?]\s/)[0]?.trim() ?? '';
    if (!after || /\?/.test(after) || REQUEST_CLAUSE.test(after)) continue;
    // The downside is the writer's ("I'll be miles from home"); "…took months but it's done" is the payoff.
    // A state perceived ("the house feels empty", "it all seems so quiet", "the room looks bare") is the writer's too.
    // So is a clause the writer signs with a face ("the garden looks bare 🥲"): a face shows their own feeling.
    const signed = [...after.matchAll(EMOJI)].some((m) => isFace(m[0]));
    if (!WRITERS_OWN.test(after.replace(/[’]/g, "'")) && !signed) continue;
    // The words tell the downside; the face that signs them is read with them only when they say nothing.
    const words = signed ? after.replace(EMOJI, ' ').trim() : after;
    const afterScores = statementClauses(words || after).map(score);
    const afterSum = afterScores.reduce((a, b) => a + b, 0);
    // The contrast joins the clause right before "but" ("…today. so proud of her but…"), or all of them.
    const good =
      assumeGood || before.reduce((a, b) => a + b, 0) >= FEELING_THRESHOLD || (before.at(-1) ?? 0) >= FEELING_THRESHOLD;
    // Nothing, or too faint a word to count by itself ("empty" is −1), is still the downside.
    // A face signing it may cancel a downside its words state ("the cottage is silent 🥲"): the words count.
    const faint = afterSum > -FEELING_THRESHOLD || signed;
    if (good && afterScores.length > 0 && afterSum <= 0 && faint) return CONTRAST_DOWNSIDE;
  }
  return 0;
}

function feelingOfText(message: string): Feeling {
  wordBest = 0;
  wordWorst = 0;
  // A reaction word opening a message ("lovely! can you mint it?") is not how the writer feels.
  // "the scholarship didn't happen": a good thing that did not come about is denied (feeling-denied.ts).
  const opened = message.replace(THANKS_OPENER, '').replace(REACTION_OPENER, '');
  const text = withDeniedHopes(opened || message, (w) => lexicon()[w] ?? 0);
  const scores = statementClauses(text).map(score);
  const downside = contrastedDownside(text);
  if (downside) scores.push(downside);
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
  // Emoji alone ("👍", "🔥💀") are reactions; a strong row ("😭😭", "🥳🥳🥳") or one face the table
  // above reads as a feeling ("😢", "💔") is a feeling.
  lexicon();
  const face = [...message.matchAll(EMOJI)].some((m) => Math.abs(EXTRA_WORDS[m[0]] ?? faces?.[m[0]] ?? 0) >= 2);
  if (!/\p{L}/u.test(message) && (polarity === 'mixed' || (Math.abs(total) < 3 && !face))) polarity = 'neutral';
  return { polarity, score: total, best, worst };
}

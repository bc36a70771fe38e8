/**
 * Plans and dates a user tells in passing ("I'm going to Japan in October", "my birthday is on the
 * 3rd of June", "I've got a job interview next week"): a statement about oneself that the tagger
 * finds a date in (wink-nlp DATE entities: months, weekdays, "next week", "tomorrow") and that is
 * not about the past. Kept as the sentence said back in the second person.
 */
import { MEMORY_FACT_MAX_CHARS } from '@app/domain/chat';
import { parse, type Sentence, tellsOwnPast } from './parse';

/** A sentence that opens with a past verb, its subject left out ("sold my first painting today"). */
function pastOpening(sentence: Sentence): boolean {
  const first = sentence.tokens[0];
  return (
    first?.pos === 'VERB' &&
    /ed$|^(?:sold|got|went|made|won|lost|had|did|saw|met|took|gave|found|left|ran)$/i.test(first.lower) &&
    first.lemma !== first.lower
  );
}

/**
 * A verb the tagger inflects for the past with no auxiliary before it ("the twins learnt to swim
 * today"): what happened, whoever did it. "I've booked a trip", "it's scheduled for
 * Monday" (an auxiliary first) can still be plans.
 */
function simplePast(sentence: Sentence): boolean {
  return sentence.tokens.some((t, i) => {
    const before = sentence.tokens[i - 1];
    return (
      i > 0 &&
      t.pos === 'VERB' &&
      t.lemma !== t.lower &&
      !/(?:ing|s)$/.test(t.lower) &&
      before?.pos !== 'AUX' &&
      before?.pos !== 'PART' &&
      !/^(?:'ve|'s|'m|'re|'d|to)$/.test(before?.lower ?? '')
    );
  });
}

/** A sentence that opens by asking for work ("post something…", "write a cast…"). */
const TASK_IMPERATIVE =
  /^\s*(?:(?:please|pls|ok|okay|now|also|and)\s+)*(?:post|write|draft|cast|tweet|make|build|draw|paint|create|design|announce|mint|code)\b/i;
/**
 * Where a sentence turns to asking the avatar ("…, can you remember that?"), also in a question typed
 * without its mark ("… how you doing today", "what time does the chemist close today").
 */
const ASK =
  /(?:^|[\s,;:—–-])(?:(?:so|and|but)\s+)?(?:can|could|would|will) (?:you|u)\b|\bplease\b|\b(?:how|what|whats|where|when)\s+(?:(?:are|r|is|was|were|do|does|did|have|has)\s+)?(?:you|u|ya|things|life)\b|^\W*(?:(?:so|and|ok|okay|hey|yo)\W+)*(?:what|where|when|who|which|how)(?:\s+(?:time|much|many|long|late|day))?\s+(?:is|are|was|were|do|does|did|can|could|will|would|am)\b/i;
const FIRST_PERSON = /\b(?:i|i'm|im|i've|i'll|my|we|we're|we've|we'll|our|me)\b/i;
/** A date that is behind us ("last year", "yesterday", "two weeks ago"). */
const PAST_DATE = /\b(?:last|ago|yesterday|earlier|previous|past)\b/i;
/** Verbs of the past tense that make the sentence a memory rather than a plan. */
const PAST_VERB = /\b(?:was|were|had|went|did|got back|came back|used to|moved)\b/i;
/** Dates the tagger misses: seasons and holidays ahead, and spans from now ("in two weeks"). */
const EXTRA_DATE =
  /\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(?:jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{1,2}(?:st|nd|rd|th)?\b|\b(?:on|this|next|in|by|until|till)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)\b|\b(?:this|next|in the) (?:spring|summer|autumn|fall|winter|weekend)\b|\b(?:at|for|over) (?:christmas|easter|new year)\b|\bin (?:an?|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|\d{1,2}) (?:days?|weeks?|months?|fortnights?)(?! ago)\b|\b(?:the )?(?:week|month|weekend) after next\b/i;

const SECOND_PERSON: Record<string, string> = {
  i: 'you',
  "i'm": "you're",
  im: "you're",
  "i've": "you've",
  "i'll": "you'll",
  "i'd": "you'd",
  me: 'you',
  my: 'your',
  mine: 'yours',
  myself: 'yourself',
  we: 'you',
  "we're": "you're",
  "we've": "you've",
  "we'll": "you'll",
  our: 'your',
  us: 'you',
  am: 'are',
};

/** A sentence said back to its writer ("I'm going to Japan" → "you're going to Japan"). */
export function secondPerson(text: string): string {
  return text
    .replace(/[’`]/g, "'")
    .split(/(\s+)/)
    .map((w) => {
      const m = /^([\p{L}']+)(.*)$/u.exec(w);
      if (!m) return w;
      const swapped = SECOND_PERSON[(m[1] as string).toLowerCase()];
      return swapped ? `${swapped}${m[2]}` : w;
    })
    .join('');
}

/** Dates that mean the present moment rather than an arrangement ahead. */
const NOW_DATE = /^(?:today|tonight|this (?:morning|afternoon|evening)|right now|now|at the moment)$/i;

/**
 * A sentence that tells how the writer is, not what they will do ("I feel a bit flat today", "so
 * tired tonight"): a verb of feeling, or a form of "be" whose complement is an adjective, with no
 * noun between them (so "I'm at the dentist today" is still an arrangement).
 */
function tellsState(sentence: Sentence): boolean {
  const tokens = sentence.tokens;
  return tokens.some((t, i) => {
    if (t.lemma === 'feel') return true;
    if (t.lemma !== 'be') return false;
    for (const next of tokens.slice(i + 1, i + 5)) {
      if (next.pos === 'ADJ') return true;
      if (next.pos !== 'ADV' && next.pos !== 'PART') return false;
    }
    return false;
  });
}

/** Fillers before a clause's own words ("ugh, driving test on Friday"). */
const FILLERS =
  /^(?:(?:oh|and|also|btw|by the way|fyi|just so you know|so|ok|okay|well|fun fact|ugh|argh|eek|yikes|omg|anyway|heads up|reminder)[,:!]?\s+)+/i;

/**
 * A clause that tells a plan with its subject left out: a noun phrase ("exam on the 3rd", "driving
 * test in May" → "your …") or an -ing verb with its object ("heading to Porto on Friday" →
 * "you're …"). Null when the clause has a subject of its own or starts otherwise.
 */
function subjectless(clause: string, date: string): string | null {
  const tokens = parse(clause).sentences[0]?.tokens ?? [];
  // "exam on 22 may": a word of the date ("may") is no auxiliary.
  const inDate = new Set(date.toLowerCase().split(/\s+/));
  if (tokens.some((t) => t.pos === 'PRON' || (t.pos === 'AUX' && !inDate.has(t.lower)))) return null;
  const [first, second] = tokens;
  if (first?.pos === 'VERB' && /ing$/.test(first.lower) && ['ADP', 'DET', 'PART', 'ADV'].includes(second?.pos ?? ''))
    return `you're ${clause}`;
  return first?.pos === 'NOUN' || (first?.pos === 'VERB' && second?.pos === 'NOUN') ? `your ${clause}` : null;
}

function planOf(sentence: Sentence, dates: readonly string[]): string | null {
  let text = sentence.text.replace(/\s+/g, ' ').trim();
  const asked = text.search(ASK);
  if (asked > 0) text = text.slice(0, asked).replace(/[\s,;:—–-]+(?:and|so)?\s*$/i, '');
  if (/\?\s*$/.test(text)) return null;
  // "post something about our open day on Saturday" asks for work; it tells no plan. In "I'm off to
  // Rome in May, can you remember that?" the plan is what comes before the ask.
  if (TASK_IMPERATIVE.test(text)) return null;
  if (asked === 0) return null;
  const date = dates.find((d) => text.includes(d)) ?? EXTRA_DATE.exec(text)?.[0];
  if (!date || PAST_DATE.test(date)) return null;
  // The clause that holds the date: "…long story. anyway I'm off to Rome in May, so" → "I'm off to
  // Rome in May"; what happened in another clause ("…, and I've already started on the cake") does
  // not make it a memory.
  const clauses = text.split(/\s*(?:[,;:—–]|\s-\s|\bbut\b|\bso\b|\banyway\b|\band\s+(?=i\b|i'|we\b|my\b))\s*/i);
  const own = clauses.find((c) => c.includes(date) && FIRST_PERSON.test(c));
  // "exam on the 3rd 😬 then freedom": a fragment ends at an emoji.
  const dated = clauses
    .find((c) => c.includes(date))
    ?.replace(FILLERS, '')
    .replace(/\s*\p{Extended_Pictographic}.*$/u, '');
  const fragment = !own && dated ? subjectless(dated, date) : null;
  if (!own && !fragment && !FIRST_PERSON.test(text)) return null;
  text = own ?? (fragment ? dated : text) ?? text;
  const said = parse(text).sentences[0] ?? sentence;
  // "I've got my test on the 2nd" has a test; "got" is no past here.
  const owning = /\b(?:i'?ve|we'?ve|i have|we have|has|she'?s|he'?s) got\b/i.test(text);
  if (
    PAST_VERB.test(text) ||
    (NOW_DATE.test(date.trim()) && tellsState(said)) ||
    (!owning && (tellsOwnPast(text) || simplePast(said))) ||
    pastOpening(said)
  )
    return null;
  if (fragment) return fragment.length > MEMORY_FACT_MAX_CHARS ? null : fragment;
  text = text
    .replace(FILLERS, '')
    .replace(/[.!…]+$/, '')
    .trim();
  if (text.split(' ').length < 3) return null;
  const second = secondPerson(text);
  return second.length > MEMORY_FACT_MAX_CHARS ? null : second.charAt(0).toLowerCase() + second.slice(1);
}

/** The plans and dates stated in `text` (first 1,000 characters), in the second person. */
export function plansOf(text: string): string[] {
  const doc = parse(text.slice(0, 1000));
  const dates = doc.entities.filter((e) => e.type === 'DATE').map((e) => e.value);
  const out: string[] = [];
  for (const sentence of doc.sentences) {
    const plan = planOf(sentence, dates);
    if (plan && !out.includes(plan)) out.push(plan);
  }
  return out;
}

/**
 * The user's statements kept for recall (`notes` in DialogueMemory): the sentences of a message
 * that tell something about the writer or their people and ask nothing, kept as said (bounded), and
 * dropped again by a "forget …". `recall.ts` answers recall questions from them.
 */
import { MEMORY_NOTE_MAX_CHARS, MEMORY_NOTES_MAX, type MemoryFacts } from '@app/domain/chat';
import { DISCOURSE_OPENERS, isInterjection } from './discourse-words';
import { parse } from './parse';
import { QUESTION } from './question-form';
import { isPersonTie } from './relations';
import { escapeRegExp } from './text-features';
import { sameThing, wordsIn } from './word-match';

/** A discourse word opening a sentence ("ok so …", "anyway …", "lol …"). */
const OPENER_WORD = new RegExp(`^(?:${DISCOURSE_OPENERS.join('|')})$`);
/** A question clause ending a sentence after a comma ("…, what do i do", "…, any ideas"). */
const TRAILING_QUESTION =
  /\s*[,;—–-]\s*(?:so\s+|and\s+|but\s+)?(?:what|how|where|when|why|which|who|can|could|should|would|do|does|is|are|any)\b[^.!]*$/i;

/** A request for work ("make me a site …", "please draw …", "i need a logo"): asked, not told. */
const ASKS_FOR_WORK =
  /^\W*(?:(?:please|pls|ok|okay|so|and|now|also)\s+)*(?:make|build|write|draw|paint|create|design|post|mint|code|generate|sketch|draft|cast)\b|\b(?:i|we) (?:need|want|would like|'d like) (?:a|an|you to)\b/i;

/** First-person words: a statement with one is about the writer. */
const FIRST_PERSON = /\b(?:i|i'm|im|i've|i'd|i'll|my|me|mine|myself|we|we're|we've|our|us)\b/i;

/** A request to be reminded or tested ("remind me …", "do you remember …", "quiz time"): asked, not told. */
const ASKS_TO_RECALL =
  /\b(?:you|u|ya)\s+(?:still\s+)?(?:remember|recall|know)\b|\bremind (?:me|us)\b|\bquiz\b|\btest(?:ing)?\s+(?:you|u)\b|\bmemory test\b/i;

/** One of the writer's people named without "my" ("mum's a headteacher", "the twins start school"). */
function namesKin(tokens: readonly { lower: string }[]): boolean {
  return tokens.some(
    (t, i) =>
      isPersonTie(t.lower.replace(/['’]s$/, '')) &&
      !/^(?:a|an|his|her|their|your|ur|its|someone's|whose)$/.test(tokens[i - 1]?.lower ?? ''),
  );
}

/**
 * The statement part of a user message worth keeping (its sentences about the writer that ask
 * nothing), bounded to {@link MEMORY_NOTE_MAX_CHARS} at a word; null when there is none.
 */
export function statementOf(message: string): string | null {
  const text = (typeof message === 'string' ? message : '').slice(0, 2 * MEMORY_NOTE_MAX_CHARS);
  const said = parse(text)
    .sentences.map((s) => {
      // "ok so grew up in cork …", "omg booked it!!": the first word after the discourse openers and
      // interjections; "just bought a …": an adverb before a verb leads to the verb.
      const words = s.tokens.filter((t) => !OPENER_WORD.test(t.lower) && !isInterjection(t.lower) && t.pos !== 'PUNCT');
      const first = words[0]?.pos === 'ADV' && words[1]?.pos === 'VERB' ? words[1] : words[0];
      // "Final year.", "Thesis: acoustics of medieval churches": a sentence with no verb at all.
      const verbless = !s.tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX');
      // "no buttermilk in the house, what do i do": a question after a comma is cut off.
      const told = s.text.replace(/\s+/g, ' ').trim().replace(TRAILING_QUESTION, '');
      return { text: told, first, verbless, pronoun: s.tokens.some((t) => t.pos === 'PRON'), kin: namesKin(s.tokens) };
    })
    .filter(
      (s) =>
        s.text &&
        !/\?\s*$/.test(s.text) &&
        !QUESTION.test(s.text) &&
        !ASKS_FOR_WORK.test(s.text) &&
        !ASKS_TO_RECALL.test(s.text),
    );
  // About the writer: a first-person word, or a sentence opening on a verb with no subject ("turning
  // 40 in May", "been a nurse for years"). Short fragments beside it ("spiders. absolutely not. if I
  // see one …") are kept too: they say what the rest is about.
  // "originally from Lagos, been in Toronto six years": no subject at all, so the writer's.
  const aboutWriter = (s: (typeof said)[number]) =>
    FIRST_PERSON.test(s.text.replace(/[’]/g, "'")) ||
    s.kin ||
    (/^\p{Ll}/u.test(s.first?.text ?? '') &&
      (s.first?.pos === 'VERB' || (['ADV', 'ADP'].includes(s.first?.pos ?? '') && !s.pronoun)));
  const short = (s: (typeof said)[number]) => s.text.split(/\s+/).length <= 3;
  // A statement right after one about the writer goes on about the same ("got a new bike!! its a
  // green Brompton").
  // A message told in notes ("Final year. Thesis: acoustics of medieval churches on Gotland. Three
  // months left."): no subject anywhere, verbless lines, nothing asked — the writer's own.
  const notesOnly = said.length > 0 && said.length === parse(text).sentences.length && said.some((s) => s.verbless);
  const kept = said.some(aboutWriter)
    ? said.filter((s, i) => aboutWriter(s) || short(s) || (i > 0 && aboutWriter(said[i - 1]!))).map((s) => s.text)
    : notesOnly
      ? said.map((s) => s.text)
      : [];
  let out = kept.join(' ').trim();
  if (out.split(/\s+/).length < 3) return null;
  if (out.length > MEMORY_NOTE_MAX_CHARS) {
    const cut = out.slice(0, MEMORY_NOTE_MAX_CHARS - 1);
    out = `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MEMORY_NOTE_MAX_CHARS / 2))}…`;
  }
  return out;
}

/** Keeps a statement among the notes (newest last, no duplicates, at most {@link MEMORY_NOTES_MAX}). */
export function rememberStatement(notes: readonly string[], message: string): string[] {
  const said = statementOf(message);
  if (!said) return [...notes];
  return [...notes.filter((n) => n !== said), said].slice(-MEMORY_NOTES_MAX);
}

/** Notes without the ones holding a word (a "forget what I said about …"); every note for `null`. */
export function forgetNotes(notes: readonly string[], words: readonly string[] | null): string[] {
  if (words === null) return [];
  return notes.filter((n) => !wordsIn(n).some((w) => words.some((x) => sameThing(w, x))));
}

/**
 * The statements kept, less those that told a single-valued fact (name, location, occupation) the
 * user has since changed: "By profession I'm an economist" once "I mean statistician" replaced it,
 * so recall by retrieval never answers with the old value. Facts set for the first time drop nothing.
 */
export function withoutSuperseded(notes: readonly string[], before: MemoryFacts, after: MemoryFacts): string[] {
  const old = (['name', 'location', 'occupation'] as const)
    .map((k) => (before[k] && after[k] && before[k] !== after[k] ? before[k] : null))
    .filter((v): v is string => Boolean(v));
  if (!old.length) return [...notes];
  const said = old.map((v) => new RegExp(`(?<![\\p{L}])${escapeRegExp(v)}(?![\\p{L}])`, 'iu'));
  return notes.filter((n) => !said.some((re) => re.test(n)));
}

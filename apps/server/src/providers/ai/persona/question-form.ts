/**
 * How a sentence asks: the words that open a question, the rule for a question sentence
 * ({@link QUESTION}) and the narrower one for a message's first word ({@link QUESTION_START}). The
 * other question tests of the engine are built from these word lists, so a word added here counts
 * in each of them: a word that makes a "??" sentence ask (`feeling-report.ts`), a question clause
 * closing a sentence or a question in the inverted order (`facts.ts`), a recall question
 * (`recall-question.ts`). They differ in where the word may stand and in which lists they take.
 */

/**
 * Question words that ask for something that can be told: a person, a thing, a place, a time, a
 * way ("who", "what", "how"), also as typed without the apostrophe ("whos", "whats", "whens").
 */
export const THING_QUESTION_WORDS = ['who', 'whos', 'what', 'whats', 'where', 'when', 'whens', 'which', 'how'];
/** Every question word: those of {@link THING_QUESTION_WORDS} and "why", which asks for a reason. */
export const QUESTION_WORDS = [...THING_QUESTION_WORDS, 'why'];
/** Forms of "be" and "do" that open a yes/no question ("is it …", "did you …"). */
export const BE_DO = ['is', 'are', 'do', 'does', 'did'];
/** The past of "be": it opens a question ("was it …"), but inside a sentence it is mostly a statement's verb. */
export const WAS_WERE = ['was', 'were'];
/** Modals that open a question or a request ("can you …", "should I …"). */
export const MODALS = ['can', 'could', 'would', 'will', 'should'];

/** "what a relief", "what an idea": an exclamation, not a question (a lookahead, before the question word). */
const NOT_WHAT_A = String.raw`(?!what\s+an?\s)`;
/** "how lovely", "how awful": an exclamation too (a lookahead, before the question word). */
const NOT_HOW_LOVELY = String.raw`(?!how\s+(?:lovely|nice|great|good|wonderful|amazing|awful|sad|terrible|kind|sweet|cool|exciting)\b)`;

/** Discourse words a question may open with before its question word ("so, what …", "ok and how …"). */
const BEFORE_QUESTION = ['so', 'and', 'but', 'ok', 'okay', 'oh', 'hmm+', 'also', 'then', 'now', 'well', 'right'];

/** Words that open a question: question words, "be" and "do", modals, and "any" ("any tips for …"). */
const OPENING_WORDS = [...QUESTION_WORDS, ...BE_DO, ...WAS_WERE, ...MODALS, 'shall', 'may', 'might', 'any'];

/**
 * A question: a sentence that ends with a question mark (marks or emoji may follow it), or whose
 * first word — after discourse words such as "so", "ok", "and then" — opens a question (see
 * {@link OPENING_WORDS}) and is neither negated ("can't believe it" tells) nor the start of an
 * exclamation ("what a day", "how lovely").
 */
export const QUESTION = new RegExp(
  String.raw`\?\s*\W*$|^\W*(?:(?:${BEFORE_QUESTION.join('|')})\W+)*${NOT_WHAT_A}${NOT_HOW_LOVELY}(?:${OPENING_WORDS.join('|')})\b(?!['’]t|n['’]?t|not)`,
  'i',
);

/**
 * A question word, "be"/"do" or a modal as the very first word ("what a relief…" is an
 * exclamation): the question form `turn.ts` looks for before it reads a message as a statement.
 * Not {@link QUESTION}'s opening: no discourse word before it; not "was", "were", "shall", "may",
 * "might" or "any"; a negated word counts ("can't …"), and only "what a …" is an exclamation
 * ("how good are you at …" asks).
 */
export const QUESTION_START = new RegExp(
  String.raw`^\s*${NOT_WHAT_A}(?:${[...QUESTION_WORDS, ...BE_DO, ...MODALS].join('|')})\b`,
  'i',
);

/**
 * Whether a message that asks something also reports how the writer is. A question about things
 * ("are trekking poles worth it?", "is it bad form to bring flowers?") weighs them up: its good or
 * bad words are no feeling to cheer or comfort. Nor is a short acknowledgement of the avatar's last
 * reply before a question ("Helpful. Which games work for eight?", "Ha, thank you. How is your day
 * going?"). What does report a feeling: a statement beside the question ("I am still shaking. How
 * does one plan a wedding?") or a question about the writer ("why do I feel so flat lately?").
 */

import { acknowledges } from './acknowledgement';
import { type Feeling, feelingOf, lexiconFeelingOf, type Polarity } from './feeling';
import { parse } from './parse';
import { BE_DO, MODALS, QUESTION, QUESTION_WORDS } from './question-form';

/** The writer as a person in the sentence, or their situation ("grief like this"). */
const WRITER = /\b(?:i|i'm|im|i've|ive|i'd|i'll|me|my|mine|myself|we|we're|we've|our|us|like this)\b/i;
/** Words of how one is or copes ("why do I feel …", "am I …", "how do I get over …"). */
const OWN_STATE =
  /\b(?:feel|feels|feeling|felt|am i|i'm|im|i am|why|cope|coping|deal with|get over|get through|stop|handle|normal)\b/i;

/**
 * Words that make a sentence ask something wherever they stand: question words, "be" and "do",
 * modals and "any" — not "was" or "were", which a statement uses as often ("the gig was unreal??").
 */
const ASKING_WORD = new RegExp(`\\b(?:${[...QUESTION_WORDS, ...BE_DO, ...MODALS, 'any'].join('|')})\\b`, 'i');

/**
 * A sentence that asks: a question (see `QUESTION`), but not an exclamation marked "??" or "?!"
 * with no asking word in it ("so happy and also freaking out??").
 */
function asks(sentence: string): boolean {
  return QUESTION.test(sentence) && !(/[?!]{2,}\W*$/.test(sentence) && !ASKING_WORD.test(sentence));
}

/**
 * A question about the writer's own state ("why do I feel so flat?", "how do I get over this?"),
 * not about their things ("when's our anniversary?", "which guitar do I have? 🎸").
 */
function asksOfOwnState(question: string): boolean {
  const q = question.replace(/[’]/g, "'");
  return WRITER.test(q) && OWN_STATE.test(q);
}
/** A question that announces news ("guess who just passed the bar?", "can you believe it?"). */
const RHETORICAL =
  /^\W*(?:guess|you'?ll never guess|you won'?t believe|can you believe|would you believe|did you hear|have you heard)\b/i;
/**
 * The part of a message that can report a feeling: every sentence when it asks nothing; otherwise
 * its statements (acknowledgements aside) and its questions about the writer. '' when a message
 * only asks about things.
 */
export function feelingReportOf(message: string): string {
  // Emoji after a sentence ("which camera do I own? 📷") belong to it; emoji before more words end
  // one ("PASSED MY TEST 🚗🚗 wait what's my address?" tells, then asks).
  const sentences = parse(message.replace(/(\p{Extended_Pictographic}\uFE0F?)\s+(?=\p{L})/gu, '$1. '))
    .sentences.map((s) => s.text.trim())
    .filter(Boolean)
    .reduce<string[]>((out, s) => {
      if (out.length && !/\p{L}/u.test(s)) out[out.length - 1] += ` ${s}`;
      else out.push(s);
      return out;
    }, []);
  if (!sentences.some(asks)) return message;
  return sentences.filter((s) => (asks(s) ? asksOfOwnState(s) || RHETORICAL.test(s) : !acknowledges(s))).join(' ');
}

/**
 * The feeling a message reports, given how the whole of it reads (`feelingOf`): the same when it
 * asks nothing; otherwise read from {@link feelingReportOf}'s part, neutral when there is none.
 */
export function reportedFeeling(message: string, whole: Feeling): Feeling {
  if (whole.polarity === 'neutral') return whole;
  const report = feelingReportOf(message);
  if (report === message) return whole;
  return report ? feelingOf(report) : { ...whole, polarity: 'neutral' };
}

/**
 * The feeling of a message that goes on with news just told. When only the sentence classifier
 * reads a feeling in it (the lexicon finds no feeling word) and that reading goes against the
 * feeling told the turn before ("we used to do the crossword together" after a loss, "I read the
 * letter three times" after good news), the story goes on: it is read as neutral, so the reply keeps
 * the tone already set. A feeling word of its own ("but honestly I'm thrilled") still turns it.
 */
export function feelingAfter(message: string, feeling: Feeling, last: Polarity): Feeling {
  if (feeling.polarity === 'neutral' || last === 'neutral') return feeling;
  const against = last === 'positive' ? feeling.polarity === 'negative' : feeling.polarity === 'positive';
  if (!against || lexiconFeelingOf(message).polarity !== 'neutral') return feeling;
  return { ...feeling, polarity: 'neutral' };
}

/**
 * Questions that ask the avatar's advice or opinion ("should I learn Go or Rust first?", "is a
 * cheap host good enough for a portfolio?", "what's your advice on pricing commissions?"): they ask
 * for an answer, not for a task to be done, whatever task words they name (a game, a logo, a
 * site). Recognised by the form of the question — a modal of advice with the writer as subject, a
 * question of worth or of preference, or a request for the avatar's view — and by a writer's
 * saying outright that only an opinion is wanted.
 */
import { DISCOURSE_OPENERS } from './discourse-words';
import { swapPronouns } from './extract';

/**
 * Words that may open a question before its form ("ok so should I …", "quick question: is …"). Each
 * opener takes the non-word characters before it; no two parts of the pattern may take the same
 * character, or "haha!haha!…" would be split every possible way before failing.
 */
const OPENERS = String.raw`(?:\W*(?:${[
  ...DISCOURSE_OPENERS,
  'honestly',
  'genuinely',
  'seriously',
  'quick question',
  'random question',
  'real question',
].join('|')})\b)*\W*`;

/** The forms of a question of advice (see the module comment). */
const ADVICE_FORM = new RegExp(
  `^${OPENERS}(?:should (?:i|we)|shall (?:i|we)|is (?:it|that|\\S+(?:\\s+\\S+){0,3}) (?:worth|good enough|better|enough|a good idea|overkill|smart)|(?:what|which)(?:'s| is| would be)? (?:your|ur|the) (?:honest |real |best |general )?(?:advice|opinion|take|recommendation|suggestion|view|verdict)|what do (?:you|u) (?:think|reckon|recommend|suggest)(?! (?:you|u) (?:could|can|would|might)\\b)|do (?:you|u) (?:think|reckon|recommend)(?! (?:you|u) (?:could|can|would|might)\\b)|would (?:you|u) (?:recommend|suggest|go with|pick|choose)|how much should|which (?:\\S+ )?(?:should|would (?:you|u)|is better|do (?:you|u) recommend)|(?:what|which) (?:\\S+ ){1,2}would (?:you|u) (?:go for|go with|pick|choose|suggest|recommend)|(?:got )?any (?:\\S+ ){0,2}(?:ideas|suggestions|tips|recommendations))\\b`,
  'i',
);

/** "just want your opinion", "not asking you to build it": only an answer is wanted. */
const OPINION_ONLY =
  /\bjust (?:want|wanted|after|need|curious about) (?:your|ur|an?|some) (?:opinion|advice|take|thoughts|view)\b|\bnot asking (?:you|u) to\b/i;

/** A request addressed to the avatar beside the question ("…? could you draw one anyway"). */
const ADDRESSED =
  /\b(?:can|could|will|would) (?:you|u) (?!recommend|suggest|go with|go for|pick|choose)\w+|\bplease\b|\bpls\b/i;

/** True when `message` asks the avatar's advice or opinion rather than for a task. */
export function asksAdvice(message: string): boolean {
  const text = message.slice(0, 600).replace(/[’‘`]/g, "'");
  if (OPINION_ONLY.test(text)) return true;
  const question = text.split(/(?<=\?)/)[0] ?? '';
  // "back to Mia's party, what theme would you go for?": the form may open the question's last clause.
  const last = question.split(/(?<=[.!,;:])\s+/).at(-1) ?? '';
  return question.includes('?') && (ADVICE_FORM.test(question) || ADVICE_FORM.test(last)) && !ADDRESSED.test(text);
}

/**
 * What an advice question asks about, said back to the writer ("should I learn Go or Rust first?"
 * → "should you learn Go or Rust first"): its first question, pronouns swapped, or null.
 */
export function adviceTopic(message: string): string | null {
  // "fair enough. back to the party, …?": an acknowledgement before the question is not said back.
  const question = /^[^?]{3,160}\?/.exec(message.trim().replace(/^[^.!?]{1,40}[.!]\s+(?=\S+\s+\S+\s+\S)/, ''))?.[0];
  if (!question) return null;
  return swapPronouns(
    question
      .replace(/^(?:\W*(?:so|ok|okay|hey|hi|honestly|um|hmm|anyway|right|back to)\b)+\W*/i, '')
      .replace(/\?$/, ''),
  );
}

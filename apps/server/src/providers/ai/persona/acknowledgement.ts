/**
 * Acknowledgements of the avatar's last reply ("Thanks!", "Helpful.", "Ha, fair enough 👍") — how
 * the reply landed, not news and not a request. Before another sentence they are set aside: "Thank
 * you! Which company do I work for?" asks the question.
 */
import { REACTION_WORDS } from './discourse-words';
import { parse } from './parse';
import { QUESTION } from './question-form';

/**
 * Backchannel words a short acknowledgement is made of ("thank you", "helpful", "fair enough",
 * "makes sense") and the reaction words ("oh nice", "brilliant"): how the last reply landed, not news.
 */
const ACKNOWLEDGING = new RegExp(
  `^(?:${REACTION_WORDS.join('|')}|ha|haha+|hah|heh|lol|ah|aha|hm+|thanks|thank|you|thx|ty|cheers|ta|much|lot|a|so|very|really|helpful|useful|good|splendid|fascinating|interesting|excellent|fine|fair|enough|true|right|sure|yes|yeah|yep|noted|got|it|makes|sense|understood|wow|superb|neat|indeed|gotcha|kk|k)$`,
  'i',
);

/** True when the sentence is only an acknowledgement ("Helpful.", "Ha, thank you!", "Fair enough 👍"). */
export function acknowledges(sentence: string): boolean {
  const words = sentence.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  return words.length > 0 && words.length <= 4 && words.every((w) => ACKNOWLEDGING.test(w));
}

/**
 * The message without the acknowledgements opening it, when a question follows them ("Thanks!
 * Which team do I support?" → "Which team do I support?"); the message itself otherwise.
 */
export function withoutAcknowledgement(message: string): string {
  const sentences = parse(message).sentences.map((s) => s.text.trim());
  let i = 0;
  // "yes", "ok" and "sure" may accept an offer the avatar made: they stay.
  while (i < sentences.length - 1 && acknowledges(sentences[i] as string) && !ACCEPTS.test(sentences[i] as string)) i++;
  if (i === 0) return message;
  const rest = sentences.slice(i).join(' ');
  // Only before a question: "Oh, wonderful. Another flat tyre." keeps its irony whole.
  return /\p{L}/u.test(rest) && QUESTION.test(sentences[i] as string) ? rest : message;
}

/** Words that may accept an offer ("yes", "ok", "sure"). */
const ACCEPTS = /\b(?:yes|yeah|yep|yup|ok|okay|sure|k|kk|right)\b/i;

/**
 * Acknowledgements of the avatar's last reply ("Thanks!", "Helpful.", "Ha, fair enough 👍") — how
 * the reply landed, not news and not a request. Before another sentence they are set aside: "Thank
 * you! Which company do I work for?" asks the question.
 */
import { parse } from './parse';

/** A question: a question mark, or a question word or auxiliary opening the sentence. */
export const QUESTION =
  /\?\s*\W*$|^\W*(?:(?:so|and|but|ok|okay|oh|hmm+|also|then|now|well|right)\W+)*(?:who|whos|what(?!\s+an?\s)|whats|where|when|why|how(?!\s+(?:lovely|nice|great|good|wonderful|amazing|awful|sad|terrible|kind|sweet|cool|exciting)\b)|which|is|are|was|were|do|does|did|can|could|would|will|should|shall|may|might|any)\b(?!['’]t|n['’]?t|not)/i;

/**
 * Backchannel words a short acknowledgement is made of ("thank you", "helpful", "fair enough",
 * "makes sense"): how the last reply landed, not news.
 */
const ACKNOWLEDGING =
  /^(?:ha|haha+|hah|heh|lol|ok|okay|oh|ah|aha|hm+|thanks|thank|you|thx|ty|cheers|ta|much|lot|a|so|very|really|helpful|useful|great|good|lovely|nice|cool|perfect|splendid|fascinating|interesting|brilliant|excellent|wonderful|fine|fair|enough|true|right|sure|yes|yeah|yep|noted|got|it|makes|sense|understood|wow|amazing|awesome|superb|neat|indeed|gotcha|kk|k)$/i;

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

/**
 * A message that adds to the task draft just asked for rather than asking something new ("it
 * should keep the last seven copies", "only keep 7 copies and delete the rest").
 */
import type { LastTask } from '@app/domain/chat';
import { parse } from './parse';
import { draftKind } from './topics';

/** Words that open a follow-up instruction without changing it ("only", "and also", "oh and"). */
const SPEC_OPENERS = /^(?:and|also|oh|plus|then|only|just|like|pls|please|ok|okay|so|but|maybe|ideally)$/;
/** Verbs of liking, thanking, talking or stopping: an imperative with one adds nothing to a draft. */
const NOT_SPEC =
  /^(?:love|like|hate|thank|thanks|see|let|go|forget|stop|cancel|wait|hold|tell|say|explain|show|give|remind|describe|help|look|guess|imagine|check|ask|read|listen|hang|calm|relax|chill|sorry|forgive|excuse|pardon|apologise|apologize|bear|hear|believe|imagine)$/;

/**
 * True when a message adds to the draft just asked for rather than asking something new: what the
 * thing should do ("it should keep the last seven copies", "the script needs to email me"), or an
 * instruction naming no new thing ("only keep 7 copies, delete older ones"). Read from the parse: a
 * subject that points back with a modal verb, or an imperative verb that is not one of liking,
 * thanking, talking or stopping. Never a question. The caller checks that a site, program or post
 * was asked for just before.
 */
export function refinesDraft(message: string): boolean {
  if (message.includes('?') || message.length > 300) return false;
  const t = parse(message).sentences[0]?.tokens ?? [];
  let i = 0;
  while (t[i] && (SPEC_OPENERS.test(t[i]!.lower) || t[i]!.pos === 'PUNCT')) i++;
  const w = t[i];
  if (!w) return false;
  // "it should …", "they have to …", "the script must …".
  let subjectEnd = -1;
  if (/^(?:it|they|this|that)$/.test(w.lower)) subjectEnd = i;
  else if (w.pos === 'DET' && t[i + 1]?.pos === 'NOUN') subjectEnd = i + 1;
  if (subjectEnd >= 0) {
    const modal = t[subjectEnd + 1];
    return Boolean(modal && /^(?:should|must|needs?|has|have|will|'ll|shall)$/.test(modal.lower) && !modal.negated);
  }
  return w.pos === 'VERB' && w.lemma === w.lower && !w.negated && !NOT_SPEC.test(w.lemma);
}

/**
 * The draft a message adds to ({@link refinesDraft}), its request with the addition, or null: only
 * right after that site, program
 * or post was asked for (`lastIntent`, the previous turn's), never a picture or a mint, whose
 * changes ("make it bluer") are follow-ups of their own (context.ts).
 */
export function refinedDraft(
  message: string,
  draft: LastTask | null | undefined,
  lastIntent: string | null,
): LastTask | null {
  if (!draft || lastIntent !== draft.act) return null;
  const kind = draftKind(draft);
  if (!kind || kind === 'art' || kind === 'mint' || !refinesDraft(message)) return null;
  return { ...draft, request: `${draft.request.replace(/[.!?\s]+$/, '')}; ${message}`.slice(0, 500) };
}

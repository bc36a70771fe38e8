/**
 * The conversation state carried from one user turn to the next (`ConversationState` in `turn.ts`):
 * what was last asked, made, said and felt.
 */
import { QUESTION } from './question-form';
import { refersBack as pointsBack } from './task-brief';
import { type ConversationState, isOfferIntent, type ResolvedTurn } from './turn';

/** Moves the state past one resolved user turn. */
export function updateState(state: ConversationState, turn: ResolvedTurn, said: string): void {
  state.lastIntent = turn.declined ? 'other' : turn.intent;
  state.lastAct = turn.act;
  state.lastMessage = turn.message;
  state.earlierUserText = state.lastUserText;
  state.firstUserText ??= said;
  state.lastUserText = said;
  // "what did I just ask you for?": the last question or request, not a feeling told since.
  if (isOfferIntent(turn.intent) || QUESTION.test(said)) state.lastAskText = said;
  state.lastFeeling = turn.feeling.polarity;
  const place = /\b(?:to|in|from|at|near)\s+([A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+)*)/u.exec(said)?.[1];
  if (place) state.lastPlace = place;
  if (isOfferIntent(turn.intent) && !turn.declined) {
    const continuing = !turn.rewritten && (turn.followUp !== null || pointsBack(turn.message));
    if (!(continuing && state.lastRequest && state.lastTopic)) state.lastRequest = turn.request;
  }
  if (isOfferIntent(turn.intent)) state.lastTopic = turn.intent;
  if (turn.imagePrompt) state.lastArtPrompt = turn.imagePrompt;
  if (turn.subject) state.lastSubject = turn.subject;
  if (turn.act === 'forget' && !turn.imagePrompt && !turn.subject) {
    state.lastTopic = null;
    state.lastArtPrompt = null;
    state.lastSubject = null;
    state.lastRequest = null;
  }
}

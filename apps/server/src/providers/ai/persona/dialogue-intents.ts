/** The domain intents a dialogue act maps to, and which of them the avatar offers as tasks. */
import type { Intent } from '@app/domain/chat';
import type { DialogueAct } from './intent-classifier';
import { NEXT_OFFER, type OfferIntent } from './voices';

const OFFER_INTENTS = new Set<Intent>(Object.keys(NEXT_OFFER) as OfferIntent[]);

/** True for the task intents the avatar can offer (art, mint, site, post, skill, market, verify). */
export function isOfferIntent(intent: Intent | null): intent is OfferIntent {
  return intent !== null && OFFER_INTENTS.has(intent);
}

const TASK_ACTS = new Set<string>([...OFFER_INTENTS]);

/** The domain intent of a dialogue act (packages/domain chat.ts INTENTS). */
export function domainIntentOf(act: DialogueAct): Intent {
  if (act === 'greeting' || act === 'capabilities' || TASK_ACTS.has(act)) return act as Intent;
  return 'other';
}

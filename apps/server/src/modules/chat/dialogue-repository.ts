/**
 * Dialogue state per user and avatar (table `dialogue_states`): the memory the
 * chat providers read (facts, topic, last task) and where the current conversation starts. Stored
 * memory is validated on read; a malformed row reads as empty rather than failing the chat.
 */
import { type DialogueMemory, DialogueMemorySchema, EMPTY_DIALOGUE_MEMORY } from '@app/domain/chat';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dialogueStates } from '../../db/schema';

/** A user's dialogue state with one avatar. */
export interface DialogueState {
  memory: DialogueMemory;
  /** Exchanges (training_interactions ids) below this belong to earlier conversations. */
  conversationStartId: number;
  updatedAt: Date | null;
}

type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

/** The stored state, or an empty one. */
export async function loadDialogueState(db: Tx, userId: string, avatarId: number): Promise<DialogueState> {
  const [row] = await db
    .select()
    .from(dialogueStates)
    .where(and(eq(dialogueStates.userId, userId), eq(dialogueStates.avatarId, avatarId)))
    .limit(1);
  if (!row) return { memory: EMPTY_DIALOGUE_MEMORY, conversationStartId: 0, updatedAt: null };
  const parsed = DialogueMemorySchema.safeParse(row.memory);
  return {
    memory: parsed.success ? parsed.data : EMPTY_DIALOGUE_MEMORY,
    conversationStartId: row.conversationStartId,
    updatedAt: row.updatedAt,
  };
}

/** Stores the memory (insert or update; concurrent writers: the last one wins). */
export async function saveDialogueMemory(db: Tx, userId: string, avatarId: number, memory: DialogueMemory) {
  const value = DialogueMemorySchema.parse(memory);
  await db
    .insert(dialogueStates)
    .values({ userId, avatarId, memory: value })
    .onConflictDoUpdate({
      target: [dialogueStates.userId, dialogueStates.avatarId],
      set: { memory: value, updatedAt: new Date() },
    });
}

/**
 * Starts a new conversation: later history loads see only exchanges after `lastExchangeId`; the
 * topic and last task are reset, remembered facts stay.
 */
export async function startNewConversation(
  db: Tx,
  userId: string,
  avatarId: number,
  lastExchangeId: number,
): Promise<void> {
  const current = await loadDialogueState(db, userId, avatarId);
  const memory: DialogueMemory = { facts: current.memory.facts, topic: null, lastTask: null };
  await db
    .insert(dialogueStates)
    .values({ userId, avatarId, memory, conversationStartId: lastExchangeId + 1 })
    .onConflictDoUpdate({
      target: [dialogueStates.userId, dialogueStates.avatarId],
      set: {
        memory,
        conversationStartId: sql`greatest(${dialogueStates.conversationStartId}, ${lastExchangeId + 1})`,
        updatedAt: new Date(),
      },
    });
}

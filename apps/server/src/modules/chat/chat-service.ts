/**
 * Chat with an avatar (SPEC §7 /api/avatar/enhanced-chat and /api/avatar/chat):
 * loads the avatar, its skills and its stored conversation, asks the chat provider for a reply in
 * character, generates art when the user asked for it, and records the exchange as training —
 * XP within the daily cap, level, totalInteractions, and proficiency of a practised skill.
 */
import { randomUUID } from 'node:crypto';
import type { AgentType } from '@app/domain/avatar';
import type { ChatAction, ChatImage, TaskSuggestion } from '@app/domain/chat';
import { DEFAULT_IMAGE_STYLE, EMPTY_DIALOGUE_MEMORY } from '@app/domain/chat';
import {
  AGENT_CHAT_INTERACTION_TYPE,
  applyChatExchange,
  CHAT_INTERACTION_TYPE,
  utcDayStart,
} from '@app/domain/training';
import { VOICE_INTERACTION_TYPE } from '@app/domain/voice';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { avatarSkills, avatars, skills, trainingInteractions } from '../../db/schema';
import type { ChatAttachment, ChatProvider, ChatReply, ChatRequest, ChatTurn } from '../../providers/ai/types';
import type { ImageProvider } from '../../providers/images/types';
import type { StorageProvider } from '../../providers/storage/types';
import { type AvatarRow, loadOwnedAvatar, skillsByAvatar } from '../avatars/avatars-service';
import { loadDialogueState, saveDialogueMemory, startNewConversation } from './dialogue-repository';
import { fallbackMemoryUpdate } from './memory-update';

/**
 * Interaction types of one-to-one conversation: typed chat and spoken exchanges
 * (/api/voice/realtime). Both are the avatar's conversation history and share the daily XP cap.
 */
const CONVERSATION_INTERACTION_TYPES = [CHAT_INTERACTION_TYPE, VOICE_INTERACTION_TYPE];
/** Every conversational exchange shares one daily XP cap, team chat included (no farming by channel). */
const XP_CAPPED_INTERACTION_TYPES = [...CONVERSATION_INTERACTION_TYPES, 'team_chat', AGENT_CHAT_INTERACTION_TYPE];

/**
 * Exchanges of stored history given to the provider (each is a user turn and an avatar turn).
 * Older context is not lost: the dialogue state (facts, topic, last task) carries it.
 */
export const HISTORY_EXCHANGES = 12;

export interface ChatDeps {
  db: Db;
  chat: ChatProvider;
  images: ImageProvider;
  storage: StorageProvider;
}

export interface ChatOutcome {
  response: string;
  images: ChatImage[];
  actions: ChatAction[];
  taskSuggestion: TaskSuggestion | null;
  intent: string;
  /** The avatar after training: new level, XP and interaction count. */
  avatar: { id: number; level: number; experiencePoints: number; totalInteractions: number };
  xpGained: number;
}

/**
 * Stored conversation of an avatar, oldest first, as provider turns: the current conversation's
 * exchanges (id ≥ `sinceId`, see "new conversation") of this user, at most `exchanges`.
 */
export async function loadHistory(
  db: Db,
  avatarId: number,
  exchanges = HISTORY_EXCHANGES,
  opts: { userId?: string; sinceId?: number } = {},
): Promise<ChatTurn[]> {
  const rows = await db
    .select({ input: trainingInteractions.userInput, output: trainingInteractions.avatarResponse })
    .from(trainingInteractions)
    .where(
      and(
        eq(trainingInteractions.avatarId, avatarId),
        inArray(trainingInteractions.interactionType, CONVERSATION_INTERACTION_TYPES),
        opts.userId ? eq(trainingInteractions.userId, opts.userId) : undefined,
        opts.sinceId ? gte(trainingInteractions.id, opts.sinceId) : undefined,
      ),
    )
    .orderBy(desc(trainingInteractions.id))
    .limit(exchanges);
  const turns: ChatTurn[] = [];
  for (const r of rows.reverse()) {
    turns.push({ role: 'user', text: r.input });
    if (r.output) turns.push({ role: 'avatar', text: r.output });
  }
  return turns;
}

/** Builds the provider request for an avatar the user owns. @throws HttpError 404/403. */
export async function prepareChat(
  deps: ChatDeps,
  input: {
    avatarId: number;
    userId: string;
    message: string;
    hint?: ChatTurn[];
    attachments?: ChatAttachment[];
    interactionType?: string;
  },
): Promise<{ avatar: AvatarRow; request: ChatRequest }> {
  const avatar = await loadOwnedAvatar(deps.db, input.avatarId, input.userId);
  const sk = (await skillsByAvatar(deps.db, [avatar.id])).get(avatar.id) ?? [];
  // An outside agent (MCP/A2A) neither sees nor changes what the avatar remembers of its owner.
  const agentCall = input.interactionType === AGENT_CHAT_INTERACTION_TYPE;
  const dialogue = agentCall
    ? { memory: EMPTY_DIALOGUE_MEMORY, conversationStartId: 0 }
    : await loadDialogueState(deps.db, input.userId, avatar.id);
  const stored = agentCall
    ? []
    : await loadHistory(deps.db, avatar.id, HISTORY_EXCHANGES, {
        userId: input.userId,
        sinceId: dialogue.conversationStartId,
      });
  return {
    avatar,
    request: {
      avatar: {
        id: avatar.id,
        name: avatar.name,
        agentType: avatar.agentType as AgentType,
        description: avatar.description,
        personalityTraits: avatar.personalityTraits,
        skills: sk.map((s) => ({ name: s.name, category: s.category, proficiency: s.proficiency })),
        level: avatar.level,
        experiencePoints: avatar.experiencePoints,
      },
      message: input.message,
      // The stored conversation is the truth; the client's last messages only help when none is stored.
      history: stored.length ? stored : (input.hint ?? []),
      attachments: input.attachments,
      memory: dialogue.memory,
    },
  };
}

/** Generates and stores the artwork for a reply that asked for art. */
async function renderArt(deps: ChatDeps, prompt: string): Promise<ChatImage> {
  const result = await deps.images.generate({ prompt, style: DEFAULT_IMAGE_STYLE, size: '512x512' });
  const stored = await deps.storage.put(`art/${randomUUID()}.png`, result.png, 'image/png');
  return { url: stored.url, prompt, style: DEFAULT_IMAGE_STYLE, revisedPrompt: result.revisedPrompt };
}

/**
 * Stores the exchange as training and applies its XP (SPEC §3 training_interactions; rules in
 * packages/domain/training.ts). Runs in one transaction with the avatar row locked, so concurrent
 * messages cannot exceed the daily cap.
 */
export async function recordExchange(
  deps: ChatDeps,
  input: { avatarId: number; userId: string; message: string; reply: ChatReply; interactionType?: string },
): Promise<{ avatar: ChatOutcome['avatar']; xpGained: number }> {
  return deps.db.transaction(async (tx) => {
    const [a] = await tx.select().from(avatars).where(eq(avatars.id, input.avatarId)).for('update');
    if (!a) throw new Error(`avatar ${input.avatarId} vanished`);
    const [{ earned } = { earned: 0 }] = await tx
      .select({ earned: sql<number>`coalesce(sum(${trainingInteractions.experienceGained}), 0)::int` })
      .from(trainingInteractions)
      .where(
        and(
          eq(trainingInteractions.avatarId, a.id),
          inArray(trainingInteractions.interactionType, XP_CAPPED_INTERACTION_TYPES),
          gte(trainingInteractions.createdAt, utcDayStart(new Date())),
        ),
      );
    let skill: { skillId: number; proficiency: number } | undefined;
    if (input.reply.skillExercised) {
      const [row] = await tx
        .select({ skillId: avatarSkills.skillId, proficiency: avatarSkills.proficiency })
        .from(avatarSkills)
        .innerJoin(skills, eq(skills.id, avatarSkills.skillId))
        .where(and(eq(avatarSkills.avatarId, a.id), sql`lower(${skills.name}) = lower(${input.reply.skillExercised})`))
        .limit(1);
      skill = row;
    }
    // Learning a skill the avatar does not have yet adds it (the persona says "starting from scratch").
    const learnsNewSkill = !skill && input.reply.intent === 'learn_skill' && Boolean(input.reply.skillExercised);
    const outcome = applyChatExchange({
      experiencePoints: a.experiencePoints,
      earnedToday: earned,
      intent: input.reply.intent,
      skillExercised: skill || learnsNewSkill ? input.reply.skillExercised : null,
      skillProficiency: skill?.proficiency,
      message: input.message, // no XP for keyboard mash or repeats (XP cannot be farmed)
    });
    if (learnsNewSkill && outcome.proficiency !== null) {
      const skillId = await findOrCreateSkill(tx, input.reply.skillExercised!, a.category);
      await tx
        .insert(avatarSkills)
        .values({ avatarId: a.id, skillId, proficiency: outcome.proficiency, experiencePoints: 0 })
        .onConflictDoNothing();
      skill = { skillId, proficiency: 0 };
    }
    // The dialogue state moves with the exchange (same transaction: both or neither are stored).
    if (input.interactionType !== AGENT_CHAT_INTERACTION_TYPE) {
      const dialogue = await loadDialogueState(tx, input.userId, a.id);
      const memory = input.reply.memory ?? fallbackMemoryUpdate(dialogue.memory, input.message, input.reply);
      await saveDialogueMemory(tx, input.userId, a.id, memory);
    }
    await tx.insert(trainingInteractions).values({
      avatarId: a.id,
      userId: input.userId,
      skillId: skill?.skillId ?? null,
      interactionType: input.interactionType ?? CHAT_INTERACTION_TYPE,
      userInput: input.message,
      avatarResponse: input.reply.response,
      experienceGained: outcome.xpGained,
    });
    const [updated] = await tx
      .update(avatars)
      .set({
        experiencePoints: outcome.experiencePoints,
        level: outcome.level,
        totalInteractions: sql`${avatars.totalInteractions} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(avatars.id, a.id))
      .returning();
    if (skill && outcome.proficiency !== null) {
      await tx
        .update(avatarSkills)
        .set({
          proficiency: outcome.proficiency,
          experiencePoints: sql`${avatarSkills.experiencePoints} + ${outcome.xpGained}`,
          lastUsed: new Date(),
        })
        .where(and(eq(avatarSkills.avatarId, a.id), eq(avatarSkills.skillId, skill.skillId)));
    }
    return {
      xpGained: outcome.xpGained,
      avatar: {
        id: a.id,
        level: updated!.level,
        experiencePoints: updated!.experiencePoints,
        totalInteractions: updated!.totalInteractions,
      },
    };
  });
}

/**
 * The id of the skill named `name` (case-insensitive), created in `category` when no skill has that
 * name yet (SPEC §3 skills: name unique, category required). Safe against a concurrent insert.
 */
async function findOrCreateSkill(tx: Pick<Db, 'select' | 'insert'>, name: string, category: string): Promise<number> {
  const find = () =>
    tx.select({ id: skills.id }).from(skills).where(sql`lower(${skills.name}) = lower(${name})`).limit(1);
  const [existing] = await find();
  if (existing) return existing.id;
  await tx.insert(skills).values({ name, category }).onConflictDoNothing();
  const [created] = await find();
  if (!created) throw new Error(`skill ${name} could not be stored`);
  return created.id;
}

/** Finishes a reply: art (when asked for), then training. */
export async function completeChat(
  deps: ChatDeps,
  input: { avatarId: number; userId: string; message: string; reply: ChatReply; interactionType?: string },
): Promise<ChatOutcome> {
  const images = input.reply.imagePrompt ? [await renderArt(deps, input.reply.imagePrompt)] : [];
  const trained = await recordExchange(deps, input);
  return {
    response: input.reply.response,
    images,
    actions: input.reply.actions,
    taskSuggestion: input.reply.taskSuggestion,
    intent: input.reply.intent,
    avatar: trained.avatar,
    xpGained: trained.xpGained,
  };
}

/** One whole exchange: prepare, ask the provider, complete. @throws ChatProviderError (502). */
export async function chatWithAvatar(
  deps: ChatDeps,
  input: {
    avatarId: number;
    userId: string;
    message: string;
    hint?: ChatTurn[];
    attachments?: ChatAttachment[];
    signal?: AbortSignal;
    interactionType?: string;
  },
): Promise<ChatOutcome> {
  const { request } = await prepareChat(deps, input);
  const reply = await deps.chat.reply(request, { signal: input.signal });
  return completeChat(deps, { ...input, reply });
}

/** One page of the stored conversation of a user with an avatar, oldest first. */
export async function conversationPage(
  db: Db,
  input: { avatarId: number; userId: string; before?: number; limit: number },
): Promise<{
  exchanges: { id: number; userText: string; avatarText: string | null; createdAt: string }[];
  hasMore: boolean;
}> {
  await loadOwnedAvatar(db, input.avatarId, input.userId);
  const dialogue = await loadDialogueState(db, input.userId, input.avatarId);
  const rows = await db
    .select({
      id: trainingInteractions.id,
      userText: trainingInteractions.userInput,
      avatarText: trainingInteractions.avatarResponse,
      createdAt: trainingInteractions.createdAt,
    })
    .from(trainingInteractions)
    .where(
      and(
        eq(trainingInteractions.avatarId, input.avatarId),
        eq(trainingInteractions.userId, input.userId),
        inArray(trainingInteractions.interactionType, CONVERSATION_INTERACTION_TYPES),
        gte(trainingInteractions.id, dialogue.conversationStartId),
        input.before ? lt(trainingInteractions.id, input.before) : undefined,
      ),
    )
    .orderBy(desc(trainingInteractions.id))
    .limit(input.limit + 1);
  const hasMore = rows.length > input.limit;
  return {
    exchanges: rows
      .slice(0, input.limit)
      .reverse()
      .map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    hasMore,
  };
}

/** Starts a new conversation with an avatar: history restarts, facts stay. @throws HttpError 404/403. */
export async function newConversation(db: Db, input: { avatarId: number; userId: string }): Promise<void> {
  await loadOwnedAvatar(db, input.avatarId, input.userId);
  const [last] = await db
    .select({ id: trainingInteractions.id })
    .from(trainingInteractions)
    .orderBy(desc(trainingInteractions.id))
    .limit(1);
  await startNewConversation(db, input.userId, input.avatarId, last?.id ?? 0);
}

/** What the avatar remembers about the user. @throws HttpError 404/403. */
export async function readMemory(db: Db, input: { avatarId: number; userId: string }) {
  await loadOwnedAvatar(db, input.avatarId, input.userId);
  const state = await loadDialogueState(db, input.userId, input.avatarId);
  return { memory: state.memory, updatedAt: state.updatedAt ? state.updatedAt.toISOString() : null };
}

/** Forgets everything the avatar remembers about the user (facts, topic, last task). */
export async function clearMemory(db: Db, input: { avatarId: number; userId: string }) {
  await loadOwnedAvatar(db, input.avatarId, input.userId);
  await saveDialogueMemory(db, input.userId, input.avatarId, { facts: {}, topic: null, lastTask: null });
  return readMemory(db, input);
}

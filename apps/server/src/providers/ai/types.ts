/**
 * The chat provider contract: what the chat module hands to "the avatar's brain" and what it gets
 * back, whichever brain is configured (DESIGN §2 "chat": the offline persona engine by default, an
 * LLM through the Vercel AI SDK when `AI_PROVIDER` is set).
 */
import type { AgentType } from '@app/domain/avatar';
import type { ChatAction, DialogueMemory, Intent, TaskSuggestion } from '@app/domain/chat';

/** The avatar as the provider sees it: its identity, voice and training state (SPEC §3 Avatar). */
export interface PersonaAvatar {
  id: number;
  name: string;
  agentType: AgentType;
  description: string | null;
  personalityTraits: string[];
  /** The avatar's skills (`avatar_skills` joined with `skills`); proficiency 0..100 (SPEC §5). */
  skills: { name: string; category: string; proficiency: number }[];
  level: number;
  experiencePoints: number;
}

/** One earlier message of the conversation. */
export interface ChatTurn {
  role: 'user' | 'avatar';
  text: string;
}

/** Something the user attached to the message (SPEC §2 file picker; only named or read as text). */
export interface ChatAttachment {
  kind: 'text' | 'image';
  name: string;
  /** The file's text, for text attachments. */
  text?: string;
}

/** One chat request. */
export interface ChatRequest {
  avatar: PersonaAvatar;
  /** The user's message (the route has trimmed and bounded it; providers still cope with any string). */
  message: string;
  /** Earlier turns, oldest first, loaded by the server from `training_interactions`. */
  history: ChatTurn[];
  attachments?: ChatAttachment[];
  /**
   * The stored dialogue state of this user and avatar (facts, topic, last task), or
   * undefined for one-off requests (task drafts). Providers use it in their reply.
   */
  memory?: DialogueMemory;
  /** "Now" for date questions (tests pin it); defaults to the current time. */
  now?: Date;
}

/** The provider's answer. */
export interface ChatReply {
  /** The avatar's reply text, in character. */
  response: string;
  /** What the user wanted. */
  intent: Intent;
  /** How sure the provider is of `intent`, 0..1. */
  confidence: number;
  /** Actions offered on the reply (SPEC §2: shown as uppercase labels). */
  actions: ChatAction[];
  /** A task the avatar proposes (SPEC §3, shown with EXECUTE on the avatar chat page), or null. */
  taskSuggestion: TaskSuggestion | null;
  /** The skill this exchange practised (may be one the avatar does not have yet), or null. */
  skillExercised: string | null;
  /** Set when the user asked for art: the prompt the server will generate an image from. */
  imagePrompt: string | null;
  /** The dialogue state after this exchange (stored by the chat module); undefined = unchanged. */
  memory?: DialogueMemory;
}

/** One event of a streamed reply: text deltas (concatenated = `reply.response`), then one final. */
export type ChatStreamEvent = { type: 'delta'; text: string } | { type: 'final'; reply: ChatReply };

/** Options of one provider call. */
export interface ChatCallOptions {
  /** Aborts the call (client went away); the provider rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** The avatar's brain. */
export interface ChatProvider {
  /** Reported by `GET /api/health` ('persona-engine', 'openai:gpt-4o-mini', ...). */
  readonly name: string;
  /** One full reply. Rejects with {@link ChatProviderError} when the upstream model fails. */
  reply(req: ChatRequest, opts?: ChatCallOptions): Promise<ChatReply>;
  /**
   * The same reply as a stream: `delta` events, then exactly one `final`. Errors are thrown from
   * the iterator as {@link ChatProviderError}.
   */
  stream(req: ChatRequest, opts?: ChatCallOptions): AsyncIterable<ChatStreamEvent>;
}

/**
 * A chat provider failed (upstream API error, network error, unusable output). Shaped like an
 * `http-errors` error so Fastify answers 502: `statusCode`/`status` 502, `expose` true; `message`
 * is safe to show (no keys, no request bodies) and `cause` keeps the original error for the logs.
 * Providers never replace a failed call with canned text: the user sees the failure, not a fake reply.
 */
export class ChatProviderError extends Error {
  override readonly name = 'ChatProviderError';
  readonly statusCode = 502;
  readonly status = 502;
  readonly expose = true;

  constructor(
    /** The failing provider's name, e.g. 'openai:gpt-4o-mini'. */
    readonly provider: string,
    /** Short, secret-free description, e.g. 'HTTP 401', 'network error'. */
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`Chat provider ${provider} failed: ${detail}`, options);
  }
}

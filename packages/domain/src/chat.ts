/**
 * Chat vocabulary shared by server and web: what the avatars understand (intents), what they offer
 * to do (actions, task suggestions) and the request/response bodies of the chat and image calls
 * (SPEC §3 chat messages, §7 the calls, §9 limits).
 */
import { z } from 'zod';
import { DialogueMemorySchema } from './chat-memory';
import { MAX_INT_ID } from './input';

// ---------------------------------------------------------------------------------------------
// Actions, intents, task suggestions
// ---------------------------------------------------------------------------------------------

/**
 * Action ids an avatar can attach to a reply. SPEC §2 (AI_CHAT): "Message actions are shown as
 * uppercase labels with underscores replaced by spaces" — render with {@link chatActionLabel}.
 * `mint_art_nft`, `deploy_website`, `farcaster_post` and `code_project` are the task types of the
 * task previews (SPEC §2, §3 Task result); the others lead to existing screens (training,
 * /blockchain verification, /marketplace, skill listings).
 */
export const CHAT_ACTIONS = [
  'generate_image',
  'mint_art_nft',
  'deploy_website',
  'farcaster_post',
  'code_project',
  'learn_skill',
  'verify_task',
  'view_marketplace',
  'list_skill',
] as const;
/** Zod schema of one action id ({@link CHAT_ACTIONS}). */
export const ChatActionSchema = z.enum(CHAT_ACTIONS);
/** One action id, e.g. `mint_art_nft`. */
export type ChatAction = z.infer<typeof ChatActionSchema>;

/** SPEC §2: the label of an action as shown on a message, e.g. `mint_art_nft` → `MINT ART NFT`. */
export function chatActionLabel(action: string): string {
  return action.toUpperCase().replaceAll('_', ' ');
}

/**
 * What the user wants, as recognised by the chat provider (greeting, capabilities, make
 * art, mint an NFT, build/deploy a website, post to social, learn or practise a skill, market and
 * prices, verify a task, anything else → `other`, answered with a clarifying reply).
 */
export const INTENTS = [
  'greeting',
  'capabilities',
  'make_art',
  'mint_nft',
  'build_website',
  'social_post',
  'learn_skill',
  'market',
  'verify_task',
  'other',
] as const;
/** Zod schema of one intent ({@link INTENTS}). */
export const IntentSchema = z.enum(INTENTS);
/** One intent, e.g. `make_art`. */
export type Intent = z.infer<typeof IntentSchema>;

/**
 * A task the avatar proposes (SPEC §3 "Chat message, avatar chat page": taskSuggestion with
 * platform, action, xpReward; §2 shows it with an EXECUTE button). `xpReward` is whole XP points.
 */
export const TaskSuggestionSchema = z.object({
  platform: z.string().min(1).max(60),
  action: z.string().min(1).max(60),
  xpReward: z.number().int().nonnegative(),
  /**
   * BEYOND (chat memory): what the task should make, resolved from the conversation ("mint that one"
   * → the prompt of the piece just discussed); the client sends it as the task's prompt.
   */
  prompt: z.string().max(500).optional(),
});
/** `{platform, action, xpReward}` as shown with EXECUTE. */
export type TaskSuggestion = z.infer<typeof TaskSuggestionSchema>;

// ---------------------------------------------------------------------------------------------
// Request / response bodies (SPEC §7)
// ---------------------------------------------------------------------------------------------

/** Longest chat message accepted, in characters after trimming (ours: keeps prompts bounded). */
export const CHAT_MESSAGE_MAX_CHARS = 4000;
/** Most history entries a client may send as a hint (SPEC §7/§9 send 2; the server loads its own). */
export const CHAT_HISTORY_HINT_MAX = 10;

/** Largest id a PostgreSQL `serial` column can hold. */
const MAX_SERIAL_ID = MAX_INT_ID;

/** A chat message: trimmed, 1..4000 characters (SPEC §5: empty or whitespace-only is not sent). */
export const ChatMessageTextSchema = z.string().trim().min(1).max(CHAT_MESSAGE_MAX_CHARS);

/** An avatar id sent as a decimal string (SPEC §7 enhanced-chat sends "avatarId as a string"). */
const NumericIdStringSchema = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a numeric id')
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_SERIAL_ID));

/** An avatar id sent as a number or a decimal string; parsed to a number. */
export const AvatarIdSchema = z.union([z.number().int().min(1).max(MAX_SERIAL_ID), NumericIdStringSchema]);

/** One earlier message the dashboard sends along (SPEC §3 dashboard chat message types). */
export const ChatHistoryHintSchema = z.object({
  type: z.enum(['user', 'ai']),
  text: z.string().max(CHAT_MESSAGE_MAX_CHARS),
});
/** One message of the client's history hint. */
export type ChatHistoryHint = z.infer<typeof ChatHistoryHintSchema>;

/** Most files one message may carry as context (BEYOND SPEC §2's file picker). */
export const CHAT_ATTACHMENTS_MAX = 3;
/** Longest text of one attached file passed to the avatar, in characters (longer text is cut by the client). */
export const CHAT_ATTACHMENT_TEXT_MAX_CHARS = 20_000;

/**
 * A file sent with a message as context (BEYOND SPEC §2, where a chosen file is only noted): the
 * text of a txt/pdf/docx file, or an image named with its size. Providers read `text`; images are
 * described by `name` only.
 */
export const ChatAttachmentSchema = z.object({
  kind: z.enum(['text', 'image']),
  name: z.string().trim().min(1).max(200),
  text: z.string().max(CHAT_ATTACHMENT_TEXT_MAX_CHARS).optional(),
});
/** One attachment of a chat message. */
export type ChatAttachmentInput = z.infer<typeof ChatAttachmentSchema>;

/** SPEC §7 `context.currentLevel` (the dashboard sends a fixed 1) and `context.skills`. */
const ChatContextBaseSchema = z.object({
  currentLevel: z.number().int().min(1).max(10_000).optional(),
  skills: z.array(z.string().max(100)).max(50).optional(),
});

/**
 * POST /api/avatar/enhanced-chat body (SPEC §7): `avatarId` as a numeric string (parsed to a
 * number), `message`, and a `context` whose `conversationHistory` is only a hint (max 10 entries) —
 * the server loads the avatar's stored history itself. Use `z.input` for what the web
 * sends and `EnhancedChatRequest` for what the server receives.
 */
export const EnhancedChatRequestSchema = z.object({
  avatarId: NumericIdStringSchema,
  message: ChatMessageTextSchema,
  context: ChatContextBaseSchema.extend({
    conversationHistory: z.array(ChatHistoryHintSchema).max(CHAT_HISTORY_HINT_MAX).optional(),
  }).optional(),
  /** BEYOND: files attached as context ({@link ChatAttachmentSchema}). */
  attachments: z.array(ChatAttachmentSchema).max(CHAT_ATTACHMENTS_MAX).optional(),
});
/** The enhanced-chat body as the web sends it (`avatarId` a numeric string). */
export type EnhancedChatRequestInput = z.input<typeof EnhancedChatRequestSchema>;
/** The enhanced-chat body after parsing (`avatarId` a number, message trimmed). */
export type EnhancedChatRequest = z.output<typeof EnhancedChatRequestSchema>;

/** An image attached to a dashboard chat reply (SPEC §3 "Image: url, prompt, style, revisedPrompt"). */
export const ChatImageSchema = z.object({
  url: z.string(),
  prompt: z.string(),
  style: z.string(),
  revisedPrompt: z.string(),
});
/** An image on a chat reply. */
export type ChatImage = z.infer<typeof ChatImageSchema>;

/** BEYOND: the avatar after the exchange trained it (new level, XP and interaction count). */
export const ChatAvatarProgressSchema = z.object({
  id: z.number().int(),
  level: z.number().int(),
  experiencePoints: z.number().int(),
  totalInteractions: z.number().int(),
});

/**
 * POST /api/avatar/enhanced-chat response (SPEC §7: "Reads response, images, actions"). BEYOND: the
 * task suggestion and the avatar's progress after training.
 */
export const EnhancedChatResponseSchema = z.object({
  response: z.string(),
  images: z.array(ChatImageSchema),
  actions: z.array(ChatActionSchema),
  taskSuggestion: TaskSuggestionSchema.nullable(),
  avatar: ChatAvatarProgressSchema,
});
/** The enhanced-chat response. */
export type EnhancedChatResponse = z.infer<typeof EnhancedChatResponseSchema>;

/** POST /api/avatar/chat body (SPEC §7: `{avatarId, message, context{currentLevel, skills}}`). */
export const AvatarChatRequestSchema = z.object({
  avatarId: AvatarIdSchema,
  message: ChatMessageTextSchema,
  context: ChatContextBaseSchema.optional(),
  /** BEYOND: files attached as context ({@link ChatAttachmentSchema}). */
  attachments: z.array(ChatAttachmentSchema).max(CHAT_ATTACHMENTS_MAX).optional(),
});
/** The avatar-chat body as a client sends it (`avatarId` a number or numeric string). */
export type AvatarChatRequestInput = z.input<typeof AvatarChatRequestSchema>;
/** The avatar-chat body after parsing (`avatarId` a number, message trimmed). */
export type AvatarChatRequest = z.output<typeof AvatarChatRequestSchema>;

/** POST /api/avatar/chat response (SPEC §7: "Reads response and taskSuggestion"). */
export const AvatarChatResponseSchema = z.object({
  response: z.string(),
  taskSuggestion: TaskSuggestionSchema.nullable(),
  /** BEYOND: images the reply made, and the avatar's progress after training. */
  images: z.array(ChatImageSchema),
  avatar: ChatAvatarProgressSchema,
});
/** The avatar-chat response. */
export type AvatarChatResponse = z.infer<typeof AvatarChatResponseSchema>;

/**
 * One server-sent event of the streaming chat (BEYOND: `POST /api/avatar/chat/stream`):
 * `delta` events carry the next piece of the reply text (concatenated they equal the final
 * `response`), then exactly one `final` or one `error` event ends the stream.
 */
export const ChatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({
    type: z.literal('final'),
    response: z.string(),
    images: z.array(ChatImageSchema),
    actions: z.array(ChatActionSchema),
    taskSuggestion: TaskSuggestionSchema.nullable(),
  }),
  z.object({ type: z.literal('error'), error: z.string() }),
]);
/** One SSE `data:` payload of the streaming chat. */
export type ChatStreamEventBody = z.infer<typeof ChatStreamEventSchema>;

// ---------------------------------------------------------------------------------------------
// Image generation (SPEC §7 POST /api/ai/generate-image, §9 defaults)
// ---------------------------------------------------------------------------------------------

/** SPEC §7: prompt fallback when none is given. */
export const DEFAULT_IMAGE_PROMPT = 'Digital art NFT creation';
/** Longest image prompt accepted, in characters (ours). */
export const IMAGE_PROMPT_MAX_CHARS = 1000;

/** Image styles. SPEC §9 default `digital_art`; the others are ours (BEYOND). */
export const IMAGE_STYLES = ['digital_art', 'cyberpunk', 'pixel_art', 'abstract', 'glitch'] as const;
/** Zod schema of one image style ({@link IMAGE_STYLES}). */
export const ImageStyleSchema = z.enum(IMAGE_STYLES);
/** One image style, e.g. `digital_art`. */
export type ImageStyle = z.infer<typeof ImageStyleSchema>;
/** SPEC §7/§9: the style the client sends. */
export const DEFAULT_IMAGE_STYLE: ImageStyle = 'digital_art';

/** Image sizes in pixels, width x height. SPEC §9 default 1024x1024. */
export const IMAGE_SIZES = ['256x256', '512x512', '1024x1024'] as const;
/** Zod schema of one image size ({@link IMAGE_SIZES}). */
export const ImageSizeSchema = z.enum(IMAGE_SIZES);
/** One image size, e.g. `1024x1024`. */
export type ImageSize = z.infer<typeof ImageSizeSchema>;
/** SPEC §9: default image size. */
export const DEFAULT_IMAGE_SIZE: ImageSize = '1024x1024';

/**
 * POST /api/ai/generate-image body (SPEC §7): `prompt` (missing or blank → 'Digital art NFT
 * creation'), `style` (default digital_art), `size` (default 1024x1024).
 */
export const GenerateImageRequestSchema = z.object({
  prompt: z
    .string()
    .trim()
    .max(IMAGE_PROMPT_MAX_CHARS)
    .optional()
    .transform((p) => (p ? p : DEFAULT_IMAGE_PROMPT)),
  style: ImageStyleSchema.default(DEFAULT_IMAGE_STYLE),
  size: ImageSizeSchema.default(DEFAULT_IMAGE_SIZE),
});
/** The generate-image body as a client sends it (every field optional). */
export type GenerateImageRequestInput = z.input<typeof GenerateImageRequestSchema>;
/** The generate-image body after defaults are filled in. */
export type GenerateImageRequest = z.output<typeof GenerateImageRequestSchema>;

/** POST /api/ai/generate-image response (SPEC §3 "Generated image response"). */
export const GenerateImageResponseSchema = z.object({
  url: z.string(),
  style: ImageStyleSchema,
  size: ImageSizeSchema,
  revisedPrompt: z.string(),
});
/** The generate-image response. */
export type GenerateImageResponse = z.infer<typeof GenerateImageResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Dialogue memory (chat-memory.ts) and stored conversation (BEYOND)
// ---------------------------------------------------------------------------------------------

export * from './chat-memory';

/** GET /api/avatars/:id/memory response. */
export const AvatarMemoryResponseSchema = z.object({
  memory: DialogueMemorySchema,
  updatedAt: z.string().nullable(),
});
/** The memory view. */
export type AvatarMemoryResponse = z.infer<typeof AvatarMemoryResponseSchema>;

/** Messages per page of GET /api/avatars/:id/chat/history. */
export const CHAT_HISTORY_PAGE = 20;

/** GET /api/avatars/:id/chat/history query: `before` = an exchange id to page back from. */
export const ChatHistoryQuerySchema = z.object({
  before: z.coerce.number().int().min(1).max(MAX_SERIAL_ID).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(CHAT_HISTORY_PAGE),
});

/** One stored exchange: the user's message and the avatar's reply. */
export const ChatExchangeSchema = z.object({
  id: z.number().int(),
  userText: z.string(),
  avatarText: z.string().nullable(),
  createdAt: z.string(),
});
/** One stored exchange. */
export type ChatExchange = z.infer<typeof ChatExchangeSchema>;

/** GET /api/avatars/:id/chat/history response: exchanges oldest first; `hasMore` = older ones exist. */
export const ChatHistoryResponseSchema = z.object({
  exchanges: z.array(ChatExchangeSchema),
  hasMore: z.boolean(),
});
/** A page of stored conversation. */
export type ChatHistoryResponse = z.infer<typeof ChatHistoryResponseSchema>;

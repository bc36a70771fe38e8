/**
 * Dialogue memory (BEYOND): what an avatar keeps per user across requests and reloads — the facts
 * the user told, the topic, the last task and earlier drafts, context described in passing, and the
 * user's own statements for recall. Re-exported by `chat.ts`.
 */
import { z } from 'zod';

/** Longest remembered fact value, in characters. */
export const MEMORY_FACT_MAX_CHARS = 120;
/** Most liked things (and pets) remembered (oldest dropped first). */
export const MEMORY_LIKES_MAX = 8;
/** Most earlier task drafts kept as resumable topics. */
export const MEMORY_TOPICS_MAX = 5;
/** Most keyed facts about the user's people and things ("your sister is called Priya") remembered. */
export const MEMORY_ABOUT_MAX = 16;
/** Longest key of such a fact ("sister", "best friend", "car"), in characters. */
export const MEMORY_ABOUT_KEY_MAX_CHARS = 40;
/** Most of the user's own statements kept for recall by retrieval (oldest dropped first). */
export const MEMORY_NOTES_MAX = 24;
/** Longest statement kept, in characters. */
export const MEMORY_NOTE_MAX_CHARS = 240;

const FactSchema = z.string().max(MEMORY_FACT_MAX_CHARS);

/** Facts a user told an avatar about themselves. */
export const MemoryFactsSchema = z.object({
  name: FactSchema.optional(),
  location: FactSchema.optional(),
  occupation: FactSchema.optional(),
  workingOn: FactSchema.optional(),
  likes: z.array(FactSchema).max(MEMORY_LIKES_MAX).optional(),
  /** Things the user said they dislike ("coriander", "horror films"), newest last. */
  dislikes: z.array(FactSchema).max(MEMORY_LIKES_MAX).optional(),
  /**
   * What the user or their people cannot or will not eat, said back ("you're allergic to shellfish",
   * "you're vegan", "your son can't have sesame"), newest last.
   */
  diet: z.array(FactSchema).max(MEMORY_LIKES_MAX).optional(),
  /** Plans and dates the user told ("you're going to Japan in October", "your birthday is on 3 June"). */
  plans: z.array(FactSchema).max(MEMORY_LIKES_MAX).optional(),
  /** The user's animals: kind ("greyhound", or null when not said) and name. */
  pets: z
    .array(z.object({ kind: z.string().max(40).nullable(), name: FactSchema }))
    .max(MEMORY_LIKES_MAX)
    .optional(),
  /**
   * The user's people and things by what they are to the user (newest last, one value per key):
   * key "sister" and value "called Priya", key "car" and value "a battered old Volvo estate" — said
   * back as "your sister is called Priya".
   */
  about: z
    .array(z.object({ key: z.string().max(MEMORY_ABOUT_KEY_MAX_CHARS), value: FactSchema }))
    .max(MEMORY_ABOUT_MAX)
    .optional(),
});
/** What the avatar remembers about the user. */
export type MemoryFacts = z.infer<typeof MemoryFactsSchema>;

/** The last task-like request of the conversation (what "that one" / "yes" refer to). */
export const LastTaskSchema = z.object({
  /** A task dialogue act: make_art, mint_nft, build_website, social_post, … */
  act: z.string().max(40),
  /** The request as the user phrased it (bounded). */
  request: z.string().max(500),
  /** What it is about (site/post subject), when known. */
  subject: z.string().max(200).nullable(),
  /** For art: the prompt the piece was drawn from. */
  imagePrompt: z.string().max(200).nullable(),
});
/** The last task request. */
export type LastTask = z.infer<typeof LastTaskSchema>;

/**
 * Dialogue state kept per user and avatar across requests and reloads: facts, the current topic,
 * the last task. The offline persona engine and the LLM prompt both read it.
 */
export const DialogueMemorySchema = z.object({
  facts: MemoryFactsSchema,
  /** What the conversation is about now (a task subject or act), or null after "forget that". */
  topic: z.string().max(200).nullable(),
  lastTask: LastTaskSchema.nullable(),
  /**
   * Earlier task drafts, most recent last (at most {@link MEMORY_TOPICS_MAX}): a topic switch keeps
   * them so "back to the site" resumes the site that was being discussed.
   */
  topics: z.array(LastTaskSchema).max(MEMORY_TOPICS_MAX).optional(),
  /**
   * What the user described in passing that later requests may refer to: their business ("we run a
   * pottery studio in Leeds called Kiln & Co") and their latest news ("we just shipped offline mode").
   */
  context: z.object({ business: z.string().max(300).nullable(), news: z.string().max(300).nullable() }).optional(),
  /**
   * What the user said about themselves, as they said it (newest last, at most
   * {@link MEMORY_NOTES_MAX} statements of {@link MEMORY_NOTE_MAX_CHARS} characters): recall
   * questions no keyed fact answers ("what did I tell you about my knee?") are answered from them,
   * long after the history window has moved on. Forgotten with the facts.
   */
  notes: z.array(z.string().max(MEMORY_NOTE_MAX_CHARS)).max(MEMORY_NOTES_MAX).optional(),
});
/** The dialogue state. */
export type DialogueMemory = z.infer<typeof DialogueMemorySchema>;

/** An empty dialogue state. */
export const EMPTY_DIALOGUE_MEMORY: DialogueMemory = { facts: {}, topic: null, lastTask: null };

/**
 * Training rules: how chatting with an avatar raises its experience points (XP), level and skill
 * proficiency. Pure functions, no I/O; the server applies them when it stores a
 * `training_interactions` row (SPEC §3) and updates the avatar and `avatar_skills`.
 *
 * Where a number is not in the spec it is ours and says so; the spec fixes only the level cycle
 * (SPEC §2 detail page: progress bar at XP modulo 2500 / 25, "To Next Level" = 15000 − XP), the
 * example task reward (SPEC §1: +50 XP), the proficiency range (SPEC §5: 0 to 100) and the
 * defaults (SPEC §9: level 1, proficiency 1, experience counters 0).
 */
import type { ChatAction, Intent } from './chat';

// ---------------------------------------------------------------------------------------------
// Levels
// ---------------------------------------------------------------------------------------------

/** XP per level. SPEC §2 (detail page, Analytics): "progress bar at experience modulo 2500". */
export const XP_PER_LEVEL = 2500;
/** SPEC §2 (detail page): "'To Next Level' = 15000 minus experience"; SPEC §9 "next-level target 15000". */
export const DETAIL_NEXT_LEVEL_TARGET_XP = 15_000;
/** SPEC §9: avatars start at level 1. */
export const MIN_LEVEL = 1;

/** Negative, fractional or non-finite XP counts as the nearest valid whole number (≥ 0). */
function cleanXp(xp: number): number {
  if (!Number.isFinite(xp) || xp <= 0) return 0;
  return Math.floor(xp);
}

/**
 * The level for an XP total: `1 + floor(xp / 2500)`, so level 1 at 0 XP and one level per full
 * progress-bar cycle of SPEC §2. Invalid XP (negative, NaN) gives level 1.
 */
export function levelForXp(xp: number): number {
  return MIN_LEVEL + Math.floor(cleanXp(xp) / XP_PER_LEVEL);
}

/** XP earned inside the current level, 0..2499 (SPEC §2: experience modulo 2500). */
export function xpIntoLevel(xp: number): number {
  return cleanXp(xp) % XP_PER_LEVEL;
}

/** XP still needed to reach the next level, 1..2500 (the rest of the SPEC §2 2,500-XP cycle). */
export function xpToNextLevel(xp: number): number {
  return XP_PER_LEVEL - xpIntoLevel(xp);
}

/** The detail page's progress bar in percent, 0..99.96: `(xp % 2500) / 25` (SPEC §2). */
export function progressPercent(xp: number): number {
  return xpIntoLevel(xp) / 25;
}

/**
 * The detail page's "To Next Level" figure: `15000 − xp` (SPEC §2, §9), never negative (ours: the
 * spec's formula would show a negative number past 15,000 XP).
 */
export function toNextLevelDetail(xp: number): number {
  return Math.max(0, DETAIL_NEXT_LEVEL_TARGET_XP - cleanXp(xp));
}

// ---------------------------------------------------------------------------------------------
// XP from chat
// ---------------------------------------------------------------------------------------------

/** `training_interactions.interactionType` of a chat exchange (SPEC §3). */
export const CHAT_INTERACTION_TYPE = 'chat';
/**
 * An exchange with an outside agent over MCP or A2A: stored apart from the owner's
 * conversation, never reads or writes the owner's remembered facts, and shares the daily XP cap.
 */
export const AGENT_CHAT_INTERACTION_TYPE = 'agent_chat';

/**
 * XP for one chat exchange (ours). A fifth of the spec's example task reward (SPEC §1: +50 XP), so
 * that doing tasks stays the main way to grow and chatting is steady background progress.
 */
export const CHAT_XP_BASE = 10;
/** Extra XP when the exchange practises one of the avatar's skills (ours). */
export const CHAT_XP_SKILL_BONUS = 5;
/** Extra XP when the user asks for a task the avatar can act on (ours). */
export const CHAT_XP_TASK_INTENT_BONUS = 5;
/**
 * Most XP one avatar can earn from chat per UTC day (ours): 500 = 25 to 50 exchanges, a generous
 * session, while a script spamming messages gains at most one fifth of a level per day.
 */
export const DAILY_CHAT_XP_CAP = 500;

/** Keyboard rows: a run of 4+ neighbouring keys inside a word is mashing, not language. */
const KEYBOARD_RUNS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'lkjhgfdsa', 'mnbvcxz'];
/** Longest word counted as real (longer letter runs are mashing). */
const MAX_REAL_WORD_LETTERS = 20;

function isRealWord(word: string): boolean {
  const w = word.toLowerCase();
  if (w.length > MAX_REAL_WORD_LETTERS) return false;
  if (/(\p{L})\1\1/u.test(w)) return false; // the same letter three times in a row
  if (/^[a-z]+$/.test(w)) {
    if (!/[aeiouy]/.test(w)) return false;
    for (let i = 0; i + 4 <= w.length; i++) {
      const run = w.slice(i, i + 4);
      if (KEYBOARD_RUNS.some((row) => row.includes(run))) return false;
    }
  }
  return true;
}

/**
 * Whether a chat message can earn XP (ours: XP must not be farmable by mashing
 * keys). It must hold at least one real word (letters, a vowel when Latin, no letter three times
 * in a row, no run of 4 neighbouring keyboard keys, at most 20 letters); at least half its words
 * must be real; and a message of 4+ words must not be mostly one word repeated (distinct ≥ half).
 * "hello" and "deploy a website" pass; "asdfghjkl", "aaaaaa" and "lol lol lol lol" do not.
 */
export function isXpWorthyMessage(text: string): boolean {
  const words = text.match(/\p{L}+/gu) ?? [];
  const real = words.filter(isRealWord);
  if (real.length === 0 || real.length * 2 < words.length) return false;
  if (words.length >= 4 && new Set(words.map((w) => w.toLowerCase())).size * 2 < words.length) return false;
  return true;
}

/** Intents that ask the avatar to do a task (they earn {@link CHAT_XP_TASK_INTENT_BONUS}). */
export const TASK_INTENTS: readonly Intent[] = [
  'make_art',
  'mint_nft',
  'build_website',
  'social_post',
  'verify_task',
  'market',
];

/**
 * XP one chat exchange is worth before the daily cap: {@link CHAT_XP_BASE}, plus
 * {@link CHAT_XP_SKILL_BONUS} if a skill was exercised, plus {@link CHAT_XP_TASK_INTENT_BONUS} if
 * the intent is a task intent. Range 10..20; 0 for a message that fails {@link isXpWorthyMessage}.
 */
export function chatXpForExchange(input: {
  intent: Intent;
  skillExercised: string | null;
  /** The user's message; when given and not {@link isXpWorthyMessage}, the exchange earns 0. */
  message?: string;
}): number {
  if (input.message !== undefined && !isXpWorthyMessage(input.message)) return 0;
  let xp = CHAT_XP_BASE;
  if (input.skillExercised) xp += CHAT_XP_SKILL_BONUS;
  if (TASK_INTENTS.includes(input.intent)) xp += CHAT_XP_TASK_INTENT_BONUS;
  return xp;
}

/**
 * XP actually granted under the daily cap: `min(xp, DAILY_CHAT_XP_CAP − earnedToday)`, never
 * negative. `earnedToday` is the avatar's chat XP since {@link utcDayStart} (the server sums
 * `training_interactions.experienceGained` of type chat since then).
 */
export function capChatXp(xp: number, earnedToday: number): number {
  const room = Math.max(0, DAILY_CHAT_XP_CAP - cleanXp(earnedToday));
  return Math.min(cleanXp(xp), room);
}

/** Start (00:00:00.000 UTC) of the UTC day containing `at`: the window of the daily cap. */
export function utcDayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

// ---------------------------------------------------------------------------------------------
// Skill proficiency
// ---------------------------------------------------------------------------------------------

/** SPEC §5 (NFT skill form): "Proficiency ranges 0 to 100". */
export const MAX_PROFICIENCY = 100;
/** SPEC §9: `avatar_skills.proficiency` defaults to 1. */
export const DEFAULT_PROFICIENCY = 1;
/** Share of the remaining distance to 100 gained per practice (ours). */
export const PROFICIENCY_GAIN_RATE = 0.05;

/**
 * Proficiency after one practice of a skill: gains 5% of the distance to 100, rounded, at least 1
 * (diminishing returns: 1 → 6, 50 → 53, 90 → 91), clamped to 0..100 (SPEC §5). A fresh skill
 * passes 50 after 14 practices, reaches 90 after 42 and 100 after 52.
 */
export function practiseProficiency(current: number): number {
  const p = Number.isFinite(current)
    ? Math.min(MAX_PROFICIENCY, Math.max(0, Math.round(current)))
    : DEFAULT_PROFICIENCY;
  if (p >= MAX_PROFICIENCY) return MAX_PROFICIENCY;
  const gain = Math.max(1, Math.round((MAX_PROFICIENCY - p) * PROFICIENCY_GAIN_RATE));
  return Math.min(MAX_PROFICIENCY, p + gain);
}

// ---------------------------------------------------------------------------------------------
// One exchange, all rules together
// ---------------------------------------------------------------------------------------------

/** What one chat exchange changes (see {@link applyChatExchange}). */
export interface ChatTrainingOutcome {
  /** XP granted now (0 once the daily cap is reached); store as `experienceGained`. */
  xpGained: number;
  /** The avatar's new `experiencePoints`. */
  experiencePoints: number;
  /** The avatar's new `level` ({@link levelForXp}). */
  level: number;
  /** True when this exchange crossed into a new level. */
  leveledUp: boolean;
  /** New proficiency of the exercised skill, or null when none was exercised or no XP was granted. */
  proficiency: number | null;
}

/**
 * Applies the rules above to one exchange. Proficiency grows only when XP was granted, so the
 * daily cap also stops skills being farmed (ours). `skillProficiency` is the exercised skill's
 * current proficiency (undefined = the avatar does not have it yet, starts at SPEC §9's 1).
 */
export function applyChatExchange(input: {
  experiencePoints: number;
  earnedToday: number;
  intent: Intent;
  skillExercised: string | null;
  skillProficiency?: number;
  /** The user's message (the XP quality rule, {@link isXpWorthyMessage}). */
  message?: string;
}): ChatTrainingOutcome {
  const before = cleanXp(input.experiencePoints);
  const xpGained = capChatXp(chatXpForExchange(input), input.earnedToday);
  const experiencePoints = before + xpGained;
  const level = levelForXp(experiencePoints);
  const proficiency =
    input.skillExercised && xpGained > 0 ? practiseProficiency(input.skillProficiency ?? DEFAULT_PROFICIENCY) : null;
  return {
    xpGained,
    experiencePoints,
    level,
    leveledUp: level > levelForXp(before),
    proficiency,
  };
}

// ---------------------------------------------------------------------------------------------
// Task rewards offered in task suggestions
// ---------------------------------------------------------------------------------------------

/**
 * XP a task suggestion offers, by action (shown as `xpReward`, SPEC §2 avatar chat page). Minting
 * art is the spec's example (SPEC §1: "+50 XP"); the others are ours, scaled by effort: a site or a
 * project is more work (75), a post or a verification less (30, 25), listing a skill least (20).
 * Actions without a task (generate_image, view_marketplace) offer 0.
 */
export const TASK_XP_REWARDS: Readonly<Record<ChatAction, number>> = {
  mint_art_nft: 50,
  deploy_website: 75,
  code_project: 75,
  farcaster_post: 30,
  verify_task: 25,
  learn_skill: 25,
  list_skill: 20,
  generate_image: 0,
  view_marketplace: 0,
};

/**
 * The conversation set the offline persona engine is judged on (`npm run eval:chat`): multi-turn
 * dialogues in eight categories, written apart from the engine and its intent examples, each user
 * turn optionally carrying machine-checkable expectations (see `checks.ts`).
 *
 * Every dialogue belongs to one split, decided by a hash of its id: about 60 % development (read
 * while tuning) and 40 % test (frozen: only its scores are looked at). Paraphrases of one probe
 * share an id stem (`mem-name-1`, `mem-name-2`, …) and land in either split by their own hash.
 *
 * Beside it: the held-out set (`heldout/`, {@link HELDOUT_DIR}; read while tuning on 2026-11-26,
 * development data since) and a second, a third, a fourth and a fifth held-out set (`heldout-2/`,
 * {@link HELDOUT2_DIR}; `heldout-3/`, {@link HELDOUT3_DIR}; `heldout-4/`, {@link HELDOUT4_DIR};
 * `heldout-5/`, {@link HELDOUT5_DIR}), frozen whole and scored by category only, on request.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What one user turn must produce. Every key present must hold (see `checks.ts`). */
export interface Expectation {
  /** Regular expressions (case-insensitive) that must all match the reply text. */
  has?: string[];
  /** At least one of these must match the reply text. */
  any?: string[];
  /** None of these may match the reply text. */
  not?: string[];
  /** The reply's domain intent. */
  intent?: string;
  /** The task suggestion's action (`null`: no suggestion). */
  task?: string | null;
  /** An action the task suggestion must not have. */
  taskNot?: string;
  /** Regular expressions that must all match the task suggestion's prompt. */
  prompt?: string[];
  /** None of these may match the task suggestion's prompt. */
  promptNot?: string[];
  /** A regular expression the art prompt (reply.imagePrompt) must match. */
  image?: string;
  /** A regular expression the art prompt must not match. */
  imageNot?: string;
  /** Regular expressions that must all match the stored facts (reply.memory.facts as JSON). */
  memory?: string[];
  /** None of these may match the stored facts. */
  memoryNot?: string[];
  /**
   * Per fact name (`name`, `location`, `occupation`, `workingOn`, `likes`, `pets`): a regular
   * expression the stored value must match (strings as they are, lists as JSON).
   */
  fact?: Record<string, string>;
  /** The feeling the reply answers: comfort (negative), cheer (positive) or mixed (both). */
  tone?: 'comfort' | 'cheer' | 'mixed';
  /** No task suggestion, no actions and no sales words. */
  noPitch?: boolean;
  /** No task suggestion. */
  noTaskSuggestion?: boolean;
  /** The reply says it cannot know live data offline. */
  live?: boolean;
  /** The reply is not empty. */
  nonEmpty?: boolean;
  /** The reply differs from the avatar's previous reply. */
  differs?: boolean;
  /** The three avatar types answer this turn differently (checked once over the three). */
  distinct?: boolean;
}

/** The eight categories every set is written and scored in (one JSON file per category). */
export const DIALOGUE_CATEGORIES = [
  'feelings',
  'identity',
  'memory',
  'persona',
  'robustness',
  'tasks',
  'topic switch',
  'unknown facts',
];

/** Keys an expectation may have (a typo in the data fails loudly). */
export const EXPECTATION_KEYS = new Set([
  'has',
  'any',
  'not',
  'intent',
  'task',
  'taskNot',
  'prompt',
  'promptNot',
  'image',
  'imageNot',
  'memory',
  'memoryNot',
  'fact',
  'tone',
  'noPitch',
  'noTaskSuggestion',
  'live',
  'nonEmpty',
  'differs',
  'distinct',
]);

/** One user turn: the message and, optionally, what the reply must satisfy. */
export type Turn = [message: string, expect?: Expectation];

/** One dialogue of the set. */
export interface Dialogue {
  id: string;
  category: string;
  turns: Turn[];
}

/** Which split a dialogue is in. */
export type Split = 'dev' | 'test';

/** Share of dialogues in the development split, in percent. */
export const DEV_PERCENT = 60;

/** The split of a dialogue id: the first 32 bits of its SHA-256, mod 100, below 60 → dev. */
export function splitOf(id: string): Split {
  const n = Number.parseInt(createHash('sha256').update(id).digest('hex').slice(0, 8), 16);
  return n % 100 < DEV_PERCENT ? 'dev' : 'test';
}

/** The probe a dialogue paraphrases: its id without the trailing `-N`. */
export function probeOf(id: string): string {
  return id.replace(/-\d+$/, '');
}

const DIALOGUE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dialogues');

/**
 * The held-out set (`heldout/`): dialogues in the same format and categories, written later by
 * someone who had not seen the engine, and frozen whole (no development part). Only its scores
 * are ever printed; nobody tuning the engine reads it.
 */
export const HELDOUT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'heldout');

/**
 * The second held-out set (`heldout-2/`): written on 2026-11-26 by an author who had not read the
 * engine (nor its intent examples, nor the other dialogue sets), in the same format and categories,
 * ids prefixed `h2-`. Frozen whole: it is never edited after the fact, scored only on request
 * (`npm run eval:chat -- --frozen`, aggregates per category) and never listed — no failure and no
 * transcript of it is ever printed.
 */
export const HELDOUT2_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'heldout-2');

/**
 * The third held-out set (`heldout-3/`): written on 2026-11-27 by an author who had not read the
 * engine, its intent examples, the other dialogue sets nor any score, in the same format and
 * categories, ids prefixed `h3-`. Frozen whole like `heldout-2/`: never edited after the fact,
 * scored only on request (`npm run eval:chat -- --frozen`, aggregates per category) and never
 * listed.
 */
export const HELDOUT3_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'heldout-3');

/**
 * The fourth held-out set (`heldout-4/`): written on 2026-11-27 by an author who had not read the
 * engine, its intent examples, the other dialogue sets nor any score, in the same format and
 * categories, ids prefixed `h4-`; every probe written as three paraphrases by people of different
 * ages, countries and registers. Frozen whole like `heldout-2/` and `heldout-3/`: never edited after
 * the fact, scored only on request (`npm run eval:chat -- --frozen`, aggregates per category) and
 * never listed.
 */
export const HELDOUT4_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'heldout-4');

/**
 * The fifth held-out set (`heldout-5/`): written blind on 2026-11-27 by an author who had not read
 * the engine, its intent examples, the other dialogue sets nor any score, in the same format and
 * categories, ids prefixed `h5-`; every probe written as three paraphrases in different registers
 * (formal, slang, typos, non-native English, emoji). Frozen whole like `heldout-2/` to `heldout-4/`:
 * never edited after the fact, scored only on request (`npm run eval:chat -- --frozen`, aggregates
 * per category) and never listed.
 */
export const HELDOUT5_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'heldout-5');

/**
 * Probes (`probes/`): short dialogues written on 2026-11-26 while tuning the engine's
 * generalisation (new phrasings of each requirement), development data from the start.
 */
export const PROBES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'probes');

/** Every dialogue of the set, in file order. Throws on malformed data or unknown expectation keys. */
export function loadDialogues(dir = DIALOGUE_DIR): Dialogue[] {
  const out: Dialogue[] = [];
  const ids = new Set<string>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const data = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
      category: string;
      dialogues: { id: string; turns: Turn[] }[];
    };
    for (const d of data.dialogues) {
      if (ids.has(d.id)) throw new Error(`${file}: duplicate dialogue id ${d.id}`);
      ids.add(d.id);
      for (const [message, expect] of d.turns) {
        if (typeof message !== 'string') throw new Error(`${file}: ${d.id}: a turn without a message`);
        for (const key of Object.keys(expect ?? {})) {
          if (!EXPECTATION_KEYS.has(key)) throw new Error(`${file}: ${d.id}: unknown expectation "${key}"`);
        }
      }
      out.push({ id: d.id, category: data.category, turns: d.turns });
    }
  }
  return out;
}

/** The user messages of a dialogue as sent (placeholders such as `{long:5000}` expanded). */
export function expandMessage(message: string): string {
  const long = /^\{long:(\d+)\}$/.exec(message);
  if (!long) return message;
  const words = ['the', 'quiet', 'river', 'runs', 'past', 'our', 'old', 'mill', 'and', 'on', 'to', 'town'];
  let text = '';
  for (let i = 0; text.length < Number(long[1]); i++) text += `${words[(i * 7) % words.length]} `;
  return text.slice(0, Number(long[1]));
}

/**
 * Shared input rules for every request schema (bad input is a 4xx, never a 5xx; OWASP ASVS 5.0 V2.2 input
 * validation): bounded text without NUL bytes (PostgreSQL text cannot hold U+0000), ids that fit a
 * PostgreSQL `integer`/`serial` column, and UUIDs. Use these instead of bare `z.string()` /
 * `z.coerce.number()` so bad input is a 400 with zod issues, never a database error.
 */
import { z } from 'zod';

/** Largest value a PostgreSQL `integer` / `serial` column holds: 2^31 − 1. */
export const MAX_INT_ID = 2_147_483_647;

/** Longest free-text field accepted anywhere (characters) unless a schema says less. */
export const MAX_TEXT_CHARS = 100_000;

/** Longest nesting a JSON body may have (objects and arrays). */
export const MAX_JSON_DEPTH = 64;

/** A NUL byte, or a UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `s` holds a NUL byte or an unpaired UTF-16 surrogate (neither can be stored as text). */
export function hasForbiddenChars(s: string): boolean {
  return s.includes('\u0000') || LONE_SURROGATE.test(s);
}

/**
 * A string of `min`..`max` characters with no NUL byte and no lone surrogate.
 * @example text({ max: 100 }) // a team name
 */
export function text(opts: { min?: number; max?: number; trim?: boolean } = {}) {
  let s = z.string();
  if (opts.trim) s = s.trim();
  return s
    .min(opts.min ?? 0)
    .max(opts.max ?? MAX_TEXT_CHARS)
    .refine((v) => !hasForbiddenChars(v), 'must not contain NUL bytes or unpaired surrogates');
}

/** A positive integer id (1..2^31−1), also from a decimal string (path and query parameters). */
export const IntIdSchema = z.coerce
  .number({ error: 'must be a numeric id' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_INT_ID, `must be at most ${MAX_INT_ID}`);

/** A UUID (any version), e.g. user ids. */
export const UuidSchema = z.uuid();

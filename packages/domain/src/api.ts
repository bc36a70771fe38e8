/**
 * The error shape every /api route answers with (DESIGN §4): `{ error, issues? }`.
 */
import { z } from 'zod';
import { IntIdSchema } from './input';

export const ApiErrorSchema = z.object({
  error: z.string(),
  issues: z.array(z.unknown()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** `{ ok: true }`: the answer of a write that has nothing else to say. */
export const OkSchema = z.object({ ok: z.literal(true) });

/** Positive integer path parameter `:id` (1..2^31−1: it names a PostgreSQL serial row). */
export const IdParamSchema = z.object({ id: IntIdSchema });

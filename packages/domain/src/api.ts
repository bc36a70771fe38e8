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

/** Positive integer path parameter `:id` (1..2^31−1: it names a PostgreSQL serial row). */
export const IdParamSchema = z.object({ id: IntIdSchema });

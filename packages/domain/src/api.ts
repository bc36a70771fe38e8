/**
 * The error shape every /api route answers with (DESIGN §4): `{ error, issues? }`.
 */
import { z } from 'zod';

export const ApiErrorSchema = z.object({
  error: z.string(),
  issues: z.array(z.unknown()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Positive integer path parameter `:id`. */
export const IdParamSchema = z.object({ id: z.coerce.number().int().positive() });

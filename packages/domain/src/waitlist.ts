/**
 * Waitlist sign-up (SPEC §3 waitlist, §5 validation, §7 POST /api/waitlist).
 */
import { z } from 'zod';

/** SPEC §9: default waitlist source. */
export const WAITLIST_DEFAULT_SOURCE = 'landing_page';

export const WaitlistEntrySchema = z.object({
  email: z.email('A valid e-mail is required').trim().toLowerCase().max(254),
  source: z.string().trim().min(1).max(64).default(WAITLIST_DEFAULT_SOURCE),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

/** One waitlist sign-up as the admin list shows it (`GET /api/admin/waitlist`). */
export const WaitlistSignupSchema = z.object({ email: z.string(), source: z.string(), createdAt: z.string() });
export type WaitlistSignup = z.infer<typeof WaitlistSignupSchema>;

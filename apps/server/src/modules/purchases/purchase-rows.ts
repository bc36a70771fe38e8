/** Row types of the purchase flows' tables (purchases-repository.ts, sales-repository.ts). */
import type { avatarEditions, avatars, payments, skillListings, skillTransactions } from '../../db/schema';

export type AvatarRow = typeof avatars.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ListingRow = typeof skillListings.$inferSelect;
export type EditionRow = typeof avatarEditions.$inferSelect;
export type SkillTransactionRow = typeof skillTransactions.$inferSelect;

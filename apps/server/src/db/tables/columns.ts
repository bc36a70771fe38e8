/** Column helpers shared by the tables (db/schema.ts). */
import { decimal, timestamp } from 'drizzle-orm/pg-core';

/** `created_at`, set by the database on insert. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** `updated_at`, set by the database on insert (and by the repositories on update). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** A money column: decimal(18,8), read and written as a string, never a float (SPEC §9, DESIGN §4). */
export const money = (name: string) => decimal(name, { precision: 18, scale: 8 });

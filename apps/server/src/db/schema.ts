/**
 * Drizzle schema: every entity of SPEC §3 with its defaults, unique keys, foreign keys and indexes.
 * Money columns are decimal(18,8) (SPEC §9, DESIGN §4): read and written as strings, never floats.
 * Columns marked BEYOND are not in the spec; they carry what the real flows need (chain state,
 * sale prices, auth subjects).
 *
 * One file per area under ./tables, re-exported here: import tables from this file (drizzle-kit
 * reads it too, drizzle.config.ts).
 */

export * from './tables/agents';
export * from './tables/avatars';
export * from './tables/chain';
export * from './tables/chat';
export * from './tables/purchases';
export * from './tables/tasks';
export * from './tables/teams';
export * from './tables/users';

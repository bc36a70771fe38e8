/**
 * The listing's opaque keyset cursor: base64url of JSON `{ s, k }` where `s` is
 * the sort it belongs to and `k` the last row's sort key ending in its id, e.g.
 * `{"s":"price_low","k":["0.15000000",21]}`. Clients must treat it as opaque; the server checks
 * its shape and types and answers 400 for anything else (tampered, truncated, other sort).
 */
import type { MarketplaceSort } from '@app/domain/marketplace';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';

const id = z.number().int().positive().max(2_147_483_647);
const count = z.number().int().min(-2_147_483_648).max(2_147_483_647);
/** A decimal(18,8) as PostgreSQL prints it. */
const price = z.string().regex(/^\d{1,10}(\.\d{1,8})?$/);
/** An ISO-8601 UTC timestamp with microseconds, as the listing query prints `created_at`. */
const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);

/** The key tuple of each sort, in ORDER BY order (see listing-repository.ts). */
const KEY_SCHEMAS = {
  featured: z.tuple([z.boolean(), timestamp, id]),
  price_low: z.tuple([price, id]),
  price_high: z.tuple([price, id]),
  level: z.tuple([count, count, id]),
  experience: z.tuple([count, id]),
} as const satisfies Record<MarketplaceSort, z.ZodType>;

export type SortKey<S extends MarketplaceSort = MarketplaceSort> = z.infer<(typeof KEY_SCHEMAS)[S]>;

/** Encodes the last row's key for `sort`. */
export function encodeCursor(sort: MarketplaceSort, key: SortKey): string {
  return Buffer.from(JSON.stringify({ s: sort, k: key })).toString('base64url');
}

/**
 * Decodes a cursor for `sort`.
 * @throws HttpError 400 'Invalid cursor' when it is malformed or made for another sort
 */
export function decodeCursor<S extends MarketplaceSort>(sort: S, cursor: string): SortKey<S> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new HttpError(400, 'Invalid cursor');
  }
  const envelope = z.object({ s: z.literal(sort), k: z.unknown() }).safeParse(parsed);
  const key = envelope.success ? (KEY_SCHEMAS[sort] as z.ZodType).safeParse(envelope.data.k) : null;
  if (!key?.success) throw new HttpError(400, 'Invalid cursor');
  return key.data as SortKey<S>;
}

/**
 * The `Idempotency-Key` of the purchase endpoints (docs/decisions/010-purchases-exactly-once.md).
 *
 * A client sends one key per purchase attempt, as the `Idempotency-Key` header (or, for the web
 * client of before, the body field `idempotencyKey`; both at once must agree). Per (user, key) the
 * server stores, in `idempotency_keys`, the request's fingerprint — SHA-256 of the route and of the
 * canonical JSON of the parsed body without the key — and the first final answer:
 * - the same key and the same body again → that answer again (same status and body), with the
 *   header `Idempotent-Replayed: true`;
 * - the same key with another body (or on another route) → 422, nothing happens;
 * - a key whose first request is still running, or ended retryably (402 `processing_error`, a Stripe
 *   202 still waiting for its card, a 409 "being processed", a 5xx), runs the purchase again: the order
 *   row of the key (payments) resumes it or answers 409 while it is in flight.
 * Final answers: 200/201, and a 402 `card_declined`.
 */
import { createHash } from 'node:crypto';
import { IdempotencyKeySchema } from '@app/domain/purchases';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { HttpError } from '../../lib/http-error';

/** What a purchase endpoint answers: status, JSON body, and whether it is a stored answer replayed. */
export interface Answer {
  statusCode: number;
  body: unknown;
  replayed: boolean;
}

/** An error whose answer is final for its key (stored and replayed), e.g. a declined card. */
export interface FinalRefusal {
  statusCode: number;
  final: true;
  toJSON(): unknown;
}

const isFinalRefusal = (err: unknown): err is FinalRefusal =>
  typeof err === 'object' && err !== null && (err as { final?: unknown }).final === true;

/** The request header, as Fastify lower-cases it. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** OpenAPI/validation of the header on every purchase route (optional: crypto may go without). */
export const IdempotencyHeadersSchema = z.looseObject({ [IDEMPOTENCY_HEADER]: IdempotencyKeySchema.optional() });

/** JSON with object keys sorted and `undefined` members left out: equal values, equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Hex SHA-256 of `route` and the canonical body without its `idempotencyKey`. */
export function requestFingerprint(route: string, body: object): string {
  const { idempotencyKey: _key, ...rest } = body as Record<string, unknown>;
  return createHash('sha256')
    .update(canonicalJson({ route, body: rest }))
    .digest('hex');
}

/**
 * Fastify `preValidation` hook of the purchase routes: moves the `Idempotency-Key` header into the
 * body's `idempotencyKey`, where the body schema checks it (a card purchase needs one).
 * @throws HttpError 400 when the header and the body field are both given and differ
 */
export async function idempotencyHeaderIntoBody(req: FastifyRequest) {
  const header = req.headers[IDEMPOTENCY_HEADER];
  if (typeof header !== 'string' || !req.body || typeof req.body !== 'object') return;
  const body = req.body as Record<string, unknown>;
  if (body.idempotencyKey !== undefined && body.idempotencyKey !== header) {
    throw new HttpError(400, 'The Idempotency-Key header and the body field idempotencyKey differ');
  }
  body.idempotencyKey = header;
}

/** Sends an {@link Answer}; a replayed one carries `Idempotent-Replayed: true`. */
export function sendAnswer(reply: FastifyReply, answer: Answer) {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.statusCode).send(answer.body);
}

/**
 * Runs `run` under the user's idempotency key (see the module doc); without a key it just runs.
 * @returns the stored answer (replayed) or `run`'s answer, stored when final
 * @throws HttpError 422 when the key was used with another request; whatever `run` throws
 */
export async function withIdempotencyKey(
  db: Db,
  p: { userId: string; key: string | undefined; route: string; body: object },
  run: () => Promise<Answer & { paymentId?: number | null }>,
): Promise<Answer> {
  if (!p.key) {
    const { paymentId: _id, ...answer } = await run();
    return answer;
  }
  const fingerprint = requestFingerprint(p.route, p.body);
  await db
    .insert(idempotencyKeys)
    .values({ userId: p.userId, key: p.key, route: p.route, fingerprint })
    .onConflictDoNothing();
  const where = and(eq(idempotencyKeys.userId, p.userId), eq(idempotencyKeys.key, p.key));
  const [row] = await db.select().from(idempotencyKeys).where(where).limit(1);
  if (!row) throw new Error('idempotency key row vanished');
  if (row.fingerprint !== fingerprint) {
    throw new HttpError(
      422,
      'This Idempotency-Key was used for another request: send the same request again, or use a new key for a new purchase',
    );
  }
  if (row.responseStatus !== null) {
    return { statusCode: row.responseStatus, body: row.responseBody, replayed: true };
  }
  const store = (statusCode: number, body: unknown, paymentId?: number | null) =>
    db
      .update(idempotencyKeys)
      .set({ responseStatus: statusCode, responseBody: body, paymentId: paymentId ?? null, updatedAt: new Date() })
      .where(and(where, eq(idempotencyKeys.fingerprint, fingerprint)));
  try {
    const { paymentId, ...answer } = await run();
    if (answer.statusCode === 200 || answer.statusCode === 201) await store(answer.statusCode, answer.body, paymentId);
    return answer;
  } catch (err) {
    if (isFinalRefusal(err)) await store(err.statusCode, err.toJSON());
    throw err;
  }
}

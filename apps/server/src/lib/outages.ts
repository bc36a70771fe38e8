/**
 * Recognises an error that means a service the request needs is down (not that the request or our
 * code is wrong), so the error handler answers 503 with a sentence naming that service and a
 * `Retry-After`, instead of "Internal server error". Services: the database (PostgreSQL), the
 * chain's RPC node, file storage (S3: its provider wraps its own errors, see providers/storage/s3.ts),
 * card payments (Stripe) and any other outside HTTP service.
 */

/** A dependency outage as the client is told about it. */
export interface Outage {
  /** What is down, in words (`the database`, `the blockchain node (RPC)`, …). */
  dependency: string;
  /** The sentence sent as `{ error }`. */
  message: string;
  /** Seconds to wait before retrying (sent as Retry-After). */
  retryAfterSeconds: number;
}

/** Node's network error codes: the peer refused, reset, timed out or could not be resolved. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/**
 * PostgreSQL SQLSTATEs of an unreachable or overloaded server (appendix A): class 08 connection
 * exception, 57P01–57P03 (admin/crash shutdown, cannot connect now), 53300 too many connections.
 */
const DB_DOWN_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;

/** node-postgres's messages for a lost or impossible connection (they carry no code). */
const PG_DOWN_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|connection is insecure|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/** viem's errors for an RPC node that did not answer (as opposed to a revert or a bad request). */
const RPC_DOWN_NAMES = new Set([
  'HttpRequestError',
  'TimeoutError',
  'WebSocketRequestError',
  'SocketClosedError',
  'LimitExceededRpcError',
  'ResourceUnavailableRpcError',
]);

type ErrorLike = { name?: unknown; code?: unknown; message?: unknown; cause?: unknown };

/** The error and its causes (drizzle, viem and fetch wrap the error that matters), at most 8 deep. */
function chainOf(err: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  for (let e = err as ErrorLike | undefined, i = 0; e && typeof e === 'object' && i < 8; e = e.cause as never, i++) {
    out.push(e);
  }
  return out;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

const outage = (dependency: string, message: string, retryAfterSeconds: number): Outage => ({
  dependency,
  message,
  retryAfterSeconds,
});

/** The database outage sentence (also used by the session store and readiness). */
export const DATABASE_DOWN = outage(
  'the database',
  'The database is unavailable right now; try again in a few seconds.',
  5,
);

/**
 * The outage an error stands for, or null when it is not one.
 * Order matters: a viem or Stripe error wraps a network error, so their own names are looked at first.
 */
export function outageOf(err: unknown): Outage | null {
  const errors = chainOf(err);
  if (!errors.length) return null;
  const names = errors.map((e) => str(e.name));
  // viem walks its own causes (BaseError.walk); their names are enough here.
  const reverted = names.some((n) => n === 'ExecutionRevertedError' || n === 'ContractFunctionRevertedError');
  if (!reverted && names.some((n) => RPC_DOWN_NAMES.has(n))) {
    return outage(
      'the blockchain node (RPC)',
      'The blockchain node (RPC) is unavailable right now; try again in a minute.',
      30,
    );
  }
  if (names.some((n) => n === 'StripeConnectionError' || n === 'StripeAPIError')) {
    return outage(
      'card payments (Stripe)',
      'Card payments (Stripe) are unavailable right now; try again in a minute.',
      30,
    );
  }
  const isDrizzle = names.includes('DrizzleQueryError');
  for (const e of errors) {
    const code = str(e.code);
    const message = str(e.message);
    if (DB_DOWN_SQLSTATE.test(code) || PG_DOWN_MESSAGE.test(message)) return DATABASE_DOWN;
    if (NETWORK_CODES.has(code)) {
      // fetch() (undici) failing: an outside HTTP service, not our database
      if (!isDrizzle && errors.some((x) => str(x.message) === 'fetch failed')) {
        return outage(
          'an outside service',
          'An outside service this request needs did not answer; try again in a minute.',
          30,
        );
      }
      // node-postgres passes the socket's error on as it is (ECONNREFUSED, ECONNRESET…)
      return DATABASE_DOWN;
    }
  }
  return null;
}

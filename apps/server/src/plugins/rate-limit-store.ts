/**
 * The rate-limit store for @fastify/rate-limit when Redis is configured: counters live in Redis, so
 * every replica counts together, and a Redis outage never turns into an error page.
 *
 * While Redis is unreachable (its client is not connected, or a command fails) each route falls back
 * by its class:
 * - `local` (the default: pages, public reads and most writes): the same limit, counted in this
 *   process only (@fastify/rate-limit's in-memory store). The limit stays in force per replica; with
 *   N replicas a client may get up to N times the limit until Redis is back.
 * - `refuse` (sign-in and purchases, where a per-process limit would multiply what an attacker may
 *   try, e.g. passwords or stolen cards): the request is refused with 503, a sentence naming Redis,
 *   and `Retry-After`.
 * Redis is used again as soon as its client reconnects (ioredis reconnects by itself): no restart.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { unavailable } from '../lib/http-error';

/** What a route's limit does while the shared store (Redis) is down. */
export type StoreOutagePolicy = 'local' | 'refuse';

declare module '@fastify/rate-limit' {
  interface CreateRateLimitOptions {
    /**
     * While Redis is unreachable: `local` counts in this process (default), `refuse` answers 503
     * with `Retry-After` (sign-in, purchases). See plugins/rate-limit-store.ts.
     */
    whenStoreDown?: StoreOutagePolicy;
  }
}

/** Seconds a client is told to wait (Retry-After) when a `refuse` route meets a Redis outage. */
export const STORE_DOWN_RETRY_AFTER_SECONDS = 30;

/** The sentence a `refuse` route answers while Redis is down. */
export const STORE_DOWN_MESSAGE =
  'Sign-in and purchases are paused because the rate-limit store (Redis) is unavailable; try again in a minute.';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Result) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteParams): Store;
}
interface RouteParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  whenStoreDown?: StoreOutagePolicy;
  routeInfo: { method?: string; url?: string };
}

// The two stores @fastify/rate-limit ships (CommonJS files without type declarations).
type StoreCtor = new (continueExceeding?: boolean, exponentialBackoff?: boolean, ...rest: unknown[]) => Store;
const requireCjs = createRequire(import.meta.url);
const LocalStore = requireCjs('@fastify/rate-limit/store/LocalStore.js') as StoreCtor;
const RedisStore = requireCjs('@fastify/rate-limit/store/RedisStore.js') as StoreCtor;

/** An error that the error handler answers as 503 with its message and a Retry-After header. */
function storeDown(): Error {
  return Object.assign(unavailable(STORE_DOWN_MESSAGE), { retryAfterSeconds: STORE_DOWN_RETRY_AFTER_SECONDS });
}

export interface FallbackStoreOptions {
  redis: Redis;
  nameSpace: string;
  /** Called once when Redis stops answering and once when it answers again (for the log). */
  onStateChange?: (down: boolean, err?: Error) => void;
}

/**
 * Builds the store class @fastify/rate-limit instantiates (`store` option). Each route gets a child
 * with its own Redis key prefix and its own in-process fallback counters.
 */
export function fallbackStore(opts: FallbackStoreOptions): FastifyRateLimitStoreCtorLike {
  let down = false;
  const setDown = (value: boolean, err?: Error) => {
    if (down === value) return;
    down = value;
    opts.onStateChange?.(value, err);
  };

  class FallbackStore implements Store {
    private readonly shared: Store;
    private readonly local: Store;
    private readonly policy: StoreOutagePolicy;

    constructor(params: RouteParams, shared?: Store, local?: Store) {
      this.shared =
        shared ?? new RedisStore(params.continueExceeding, params.exponentialBackoff, opts.redis, opts.nameSpace);
      this.local = local ?? new LocalStore(params.continueExceeding, params.exponentialBackoff);
      this.policy = params.whenStoreDown ?? 'local';
    }

    private run(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
      const fallback = (err?: Error) => {
        if (err) setDown(true, err);
        if (this.policy === 'refuse') return cb(storeDown());
        const local = this.local[method] ?? this.local.incr;
        local.call(this.local, key, cb, timeWindow, max);
      };
      // Not connected: do not queue the command behind reconnect attempts, decide now.
      if (opts.redis.status !== 'ready') return fallback(down ? undefined : new Error(`redis is ${opts.redis.status}`));
      const shared = this.shared[method] ?? this.shared.incr;
      shared.call(
        this.shared,
        key,
        (err, res) => {
          if (err) return fallback(err);
          setDown(false);
          cb(null, res);
        },
        timeWindow,
        max,
      );
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.run('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number) {
      this.run('read', key, cb, timeWindow, max);
    }

    child(routeOptions: RouteParams): Store {
      return new FallbackStore(routeOptions, this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return FallbackStore as unknown as FastifyRateLimitStoreCtorLike;
}

/** @fastify/rate-limit's `store` option type (a class taking the plugin's settings). */
export type FastifyRateLimitStoreCtorLike = new (options: unknown) => FastifyRateLimitStore;

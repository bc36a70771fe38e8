/**
 * Health, metrics and request ids, for running replicas behind a proxy.
 * - Every response carries `x-request-id` (the id in every log line of the request, `reqId`; a
 *   well-formed incoming `x-request-id` from the proxy is kept, else a UUID); the web's error
 *   toasts show it.
 * - `GET /api/health/live`: 200 while the process serves requests.
 * - `GET /api/health/ready`: runs every registered check (database, Redis, chain RPC, job queue…)
 *   with a 3 s timeout each; 200 `{ status: 'ready', checks }`, else 503
 *   `{ status: 'unavailable', failing: [names], checks }`. 503 `failing: ['shutdown']` once the
 *   process is stopping, so a proxy stops routing to it before it closes. `warnings` lists what needs
 *   an operator soon without making the replica unready (e.g. the hot key's balance is low).
 * - `GET /api/health/ready?scope=replica`: what a load balancer in front of several replicas polls:
 *   only what belongs to this replica (whether it is stopping). A shared part being down (Redis,
 *   PostgreSQL) is the same on every replica; taking them all out of rotation would turn a partial
 *   outage (pages still answer, the API says what is missing) into a total one.
 * - Prometheus metrics (prom-client): `http_request_duration_seconds{method,route,status}` per
 *   route pattern, process defaults, and whatever gauges other modules register on `app.metrics`.
 *   Served at `/metrics` on the app port only to `Authorization: Bearer <METRICS_TOKEN>`, and/or on
 *   a separate `METRICS_PORT` (see main.ts); otherwise `/metrics` is a JSON 404, never the SPA.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { DEAD_LETTER_QUEUE } from './jobs';

/** A readiness check: resolves when the part works, rejects (with a reason) when it does not. */
export type ReadyCheck = () => Promise<unknown>;
/** A readiness warning: resolves to a sentence when something needs an operator soon, else null. */
export type ReadyWarning = () => Promise<string | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus registry of this app; modules add gauges with `collect()` callbacks. */
    metrics: Registry;
    /** Registers a readiness check under a name shown in `/api/health/ready`. */
    addReadyCheck(name: string, check: ReadyCheck): void;
    /** Registers a warning shown in `/api/health/ready` (`warnings`) without failing readiness. */
    addReadyWarning(name: string, warning: ReadyWarning): void;
    /** Marks the app as stopping: readiness answers 503 from now on. */
    markStopping(): void;
  }
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's `genReqId`: keeps a proxy's well-formed `x-request-id`, else a fresh UUID. */
export function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

const CheckResult = z.object({ ok: z.boolean(), ms: z.number(), error: z.string().optional() });
const ReadyQuery = z.object({
  scope: z
    .enum(['all', 'replica'])
    .default('all')
    .describe('`all`: every dependency; `replica`: only whether this process is stopping (for load balancers)'),
});
export const ReadyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  failing: z.array(z.string()),
  checks: z.record(z.string(), CheckResult),
  /** Things an operator should act on soon that do not make the replica unready (low hot-key balance). */
  warnings: z.array(z.string()),
});

/** Constant-time comparison of a bearer token. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

export default fp(
  async function observability(app: FastifyInstance, opts: { metricsToken?: string }) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route pattern, method and status code',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.decorate('metrics', registry);

    const checks = new Map<string, ReadyCheck>();
    let stopping = false;
    app.decorate('addReadyCheck', (name: string, check: ReadyCheck) => {
      checks.set(name, check);
    });
    const warnings = new Map<string, ReadyWarning>();
    app.decorate('addReadyWarning', (name: string, warning: ReadyWarning) => {
      warnings.set(name, warning);
    });
    app.decorate('markStopping', () => {
      stopping = true;
    });
    app.addHook('preClose', async () => {
      stopping = true;
    });

    app.addHook('onRequest', async (req, reply) => {
      reply.header('x-request-id', req.id);
      // Stopping: the connection closes after this response, so a proxy's pooled keep-alive
      // connection never outlives the replica (and is never cut mid-request).
      if (stopping) reply.header('connection', 'close');
    });
    app.addHook('onResponse', async (req, reply) => {
      // The route pattern (never the raw URL: bounded label values); unmatched → 'unmatched'.
      const route = req.routeOptions.url ?? 'unmatched';
      httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
    app.get(
      '/api/health/live',
      { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/api/health/ready',
      { schema: { tags: ['health'], querystring: ReadyQuery, response: { 200: ReadyResponse, 503: ReadyResponse } } },
      async (req, reply) => {
        const { scope } = ReadyQuery.parse(req.query);
        const results: Record<string, z.infer<typeof CheckResult>> = {};
        await Promise.all(
          [...(scope === 'all' ? checks : [])].map(async ([name, check]) => {
            const t0 = performance.now();
            try {
              await withTimeout(check(), 3000);
              results[name] = { ok: true, ms: Math.round(performance.now() - t0) };
            } catch (err) {
              results[name] = {
                ok: false,
                ms: Math.round(performance.now() - t0),
                error: err instanceof Error ? err.message.slice(0, 200) : String(err),
              };
            }
          }),
        );
        const failing = Object.entries(results)
          .filter(([, r]) => !r.ok)
          .map(([n]) => n)
          .sort();
        if (stopping) failing.unshift('shutdown');
        const said = await Promise.all(
          [...(scope === 'all' ? warnings.values() : [])].map((warning) =>
            withTimeout(warning(), 3000).catch(() => null),
          ),
        );
        const body = {
          status: failing.length ? ('unavailable' as const) : ('ready' as const),
          failing,
          checks: results,
          warnings: said.filter((w): w is string => Boolean(w)),
        };
        return reply.code(failing.length ? 503 : 200).send(body);
      },
    );

    const metricsToken = opts.metricsToken;
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (!metricsToken)
        return reply.code(404).send({ error: 'Metrics are served on METRICS_PORT or with METRICS_TOKEN' });
      if (!tokenMatches(req.headers.authorization, metricsToken)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'Metrics need the bearer token' });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'observability' },
);

/**
 * Job queue gauges (pg-boss, plugins/jobs.ts), read at scrape time: `jobs_pending` (created,
 * retrying or active jobs of every queue but the dead letters) and `jobs_dead_lettered` (jobs that
 * failed their last attempt, listed on the admin page).
 */
export function registerJobMetrics(app: FastifyInstance): void {
  new Gauge({
    name: 'jobs_pending',
    help: 'Jobs not yet finished (created, retrying or active), all queues',
    registers: [app.metrics],
    async collect() {
      this.set(await app.jobs.pending());
    },
  });
  new Gauge({
    name: 'jobs_dead_lettered',
    help: 'Jobs that failed their last attempt (dead-letter queue)',
    registers: [app.metrics],
    async collect() {
      const { rows } = await app.jobs.boss
        .getDb()
        .executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'created'`, [
          DEAD_LETTER_QUEUE,
        ]);
      this.set(Number(rows[0]?.n ?? 0));
    },
  });
}

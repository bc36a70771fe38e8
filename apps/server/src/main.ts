/**
 * Start-up: parse config, open the database (migrations under an advisory lock unless they are a
 * release step), seed the demo catalogue when enabled, build the app, listen.
 *
 * Shutdown, so a rolling restart loses no request: on SIGTERM readiness turns 503 at once and the
 * server keeps serving for SHUTDOWN_DELAY_MS, long enough for a load balancer polling readiness to
 * stop routing to it (responses meanwhile carry `Connection: close`, so pooled keep-alive
 * connections end after their request). Then it stops accepting connections, closes idle ones,
 * lets in-flight requests finish (each connection closes after its response, never mid-request),
 * finishes or releases running jobs (the app's onClose hooks), and closes the sites server, speech
 * engine, chain (anvil dumps its state) and database. SIGINT (Ctrl-C), SIGHUP and the loss of
 * `npm start` (the parent holding our IPC channel) skip the delay: nobody balances over a terminal.
 * A second signal, or SHUTDOWN_TIMEOUT_MS passing after the delay, exits at once (anvil is still
 * stopped by its exit guard).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { startIdleGc } from './lib/idle-gc';
import { serverLoggerOptions } from './lib/logger';
import { createOidcClient } from './modules/auth/oidc';
import { appFrameOrigins, buildSitesServer } from './modules/tasks/sites-server';
import { startChain } from './providers/chain/index';
import { createProviders } from './providers/index';
import { createStorage } from './providers/storage/index';

/** SESSION_SECRET, or one generated on first start and kept in DATA_DIR (mode 600). */
function sessionSecret(config: Config): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.join(config.dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Tells `npm start` (scripts/start.mjs) about a process we started, so it never outlives us. */
function reportChild(name: string, pid: number | undefined, exited = false) {
  if (pid && process.send && process.connected) process.send({ type: 'child', name, pid, exited });
}

async function main() {
  const started = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, 'db'),
    migrate: config.DB_MIGRATE_ON_START,
  });
  const storage = createStorage(config, 'uploads');
  const providers = await createProviders(config, storage);
  // The embedded TTS engine (eSpeak NG, a worker thread) starts on the first voice reply and stops
  // after a while unused (providers/speech/espeak.ts), so a process that speaks to nobody stays small.
  // The first 24 portraits now (the marketplace's first page); the rest, and every demo NFT, are
  // finished by the background demo-catalogue job (modules/demo) once the app is up.
  if (config.SEED_DEMO_DATA) {
    await database.withLock(() => seedIfEmpty(database.db, { portrait: providers.portrait, portraitsNow: 24 }));
  }
  let chain: Awaited<ReturnType<typeof startChain>>;
  try {
    chain = await startChain(config, database.db, { withLock: (fn) => database.withLock(fn) });
  } catch (err) {
    // On Base the deployment is read back first: every problem is listed and the start-up stops.
    if (err instanceof ConfigError) {
      console.error(err.message);
      await database.close().catch(() => undefined);
      process.exit(1);
    }
    throw err;
  }
  reportChild('anvil', chain?.pid);
  const oidc = config.oidcEnabled
    ? await createOidcClient({
        issuerUrl: config.OIDC_ISSUER_URL!,
        clientId: config.OIDC_CLIENT_ID!,
        clientSecret: config.OIDC_CLIENT_SECRET!,
        scopes: config.OIDC_SCOPES,
      })
    : null;
  const siteStorage = createStorage(config, 'sites');
  // Shared rate limits across replicas. While it is down the rate-limit store decides without it
  // (plugins/rate-limit-store.ts); the client reconnects by itself, so recovery needs no restart.
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: 1_000, lazyConnect: false })
    : null;
  let redisErrors = 0;
  redis?.on('error', (err) => {
    // one line per outage (and every 100th reconnect failure), not one per reconnect attempt
    if (redisErrors++ % 100 === 0) console.warn(`redis: ${err.message}`);
  });
  redis?.on('ready', () => {
    if (redisErrors) console.warn('redis: connected again');
    redisErrors = 0;
  });
  const app = await buildApp({
    config,
    database,
    storage,
    siteStorage,
    redis,
    oidc,
    providers,
    chain,
    sessionSecret: sessionSecret(config),
    logger: serverLoggerOptions(config),
  });

  // Garbage left by start-up and by bursts of requests is collected once the server goes quiet.
  const idleGc = startIdleGc();
  app.addHook('onRequest', (_req, _reply, done) => {
    idleGc.activity();
    done();
  });

  // Deployed sites get their own origin: a second port of this process unless SITES_ORIGIN is external.
  const sites =
    config.sitesPort === null
      ? null
      : await buildSitesServer({
          root: path.join(config.dataDir, 'sites'),
          appOrigin: appFrameOrigins(config),
          storage: siteStorage,
        });

  // Prometheus on its own port (scraped inside the network, never published): every path answers.
  const metricsServer = config.METRICS_PORT === undefined ? null : Fastify({ logger: false });
  metricsServer?.get('/*', async (_req, reply) =>
    reply.type(app.metrics.contentType).send(await app.metrics.metrics()),
  );

  let closing = false;
  const shutdown = async (reason: string, delayMs: number) => {
    if (closing) {
      app.log.warn({ reason }, 'second stop request: exiting now');
      process.exit(1);
    }
    closing = true;
    app.markStopping();
    if (delayMs > 0) {
      app.log.info({ reason, ms: delayMs }, 'stopping: readiness is 503, still serving until the proxy notices');
      await new Promise((r) => setTimeout(r, delayMs));
    }
    app.log.info({ reason }, 'shutting down: draining requests and jobs');
    const force = setTimeout(() => {
      app.log.error({ ms: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out: exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    let code = 0;
    const step = async (name: string, fn: () => Promise<unknown> | undefined) => {
      try {
        await fn();
      } catch (err) {
        code = 1;
        app.log.error({ err, step: name }, 'shutdown step failed');
      }
    };
    idleGc.stop();
    await step('metrics', () => metricsServer?.close());
    await step('http', () => app.close());
    await step('speech', () => providers.speech?.close());
    await step('sites', () => sites?.close());
    await step('chain', () => chain?.close());
    reportChild('anvil', chain?.pid, true);
    await step('database', () => database.close());
    await step('redis', async () => {
      await redis?.quit();
    });
    app.log.info({ code }, 'stopped');
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM', config.SHUTDOWN_DELAY_MS));
  for (const sig of ['SIGINT', 'SIGHUP'] as const) process.on(sig, () => void shutdown(sig, 0));
  // Started by `npm start` with an IPC channel: if it goes away (even by SIGKILL), stop too.
  if (process.channel) {
    process.on('disconnect', () => void shutdown('parent exited', 0));
    process.channel.unref();
  }

  await app.listen({ port: config.PORT, host: config.HOST });
  if (sites) await sites.listen({ port: config.sitesPort!, host: config.HOST });
  if (metricsServer) await metricsServer.listen({ port: config.METRICS_PORT!, host: config.HOST });
  app.log.info(
    { url: `http://localhost:${config.PORT}`, database: database.kind, ms: Math.round(performance.now() - started) },
    'ready',
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Start-up: parse config, open the database (migrations), seed an empty one, build the app, listen.
 * SIGTERM/SIGINT close the server (in-flight requests finish) and then the database.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { createOidcClient } from './modules/auth/oidc';
import { appFrameOrigins, buildSitesServer } from './modules/tasks/sites-server';
import { startChain } from './providers/chain/index';
import { createProviders } from './providers/index';
import { createDiskStorage } from './providers/storage/disk';

/** SESSION_SECRET, or one generated on first start and kept in DATA_DIR (mode 600). */
function sessionSecret(config: Config): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.join(config.dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
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
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.dataDir, 'db') });
  const storage = createDiskStorage(path.join(config.dataDir, 'uploads'));
  const providers = await createProviders(config, storage);
  // Start the embedded TTS engine in the background so the first voice reply is fast (bench/README.md).
  providers.speech?.warmUp().catch((err) => console.error('text-to-speech warm-up failed:', err));
  // The first 24 portraits now (the marketplace's first page); the rest, and every demo NFT, are
  // finished by the background demo-catalogue job (modules/demo) once the app is up.
  if (config.SEED_DEMO_DATA) await seedIfEmpty(database.db, { portrait: providers.portrait, portraitsNow: 24 });
  const chain = await startChain(config, database.db);
  const oidc = config.oidcEnabled
    ? await createOidcClient({
        issuerUrl: config.OIDC_ISSUER_URL!,
        clientId: config.OIDC_CLIENT_ID!,
        clientSecret: config.OIDC_CLIENT_SECRET!,
        scopes: config.OIDC_SCOPES,
      })
    : null;
  const app = await buildApp({
    config,
    database,
    storage,
    oidc,
    providers,
    chain,
    sessionSecret: sessionSecret(config),
    logger: config.isProduction
      ? { level: config.LOG_LEVEL }
      : { level: config.LOG_LEVEL, transport: { target: 'pino-pretty', options: { singleLine: true } } },
  });

  // Deployed sites get their own origin: a second port of this process unless SITES_ORIGIN is external.
  const sites =
    config.sitesPort === null
      ? null
      : await buildSitesServer({ root: path.join(config.dataDir, 'sites'), appOrigin: appFrameOrigins(config) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await providers.speech?.close();
      await sites?.close();
      await chain?.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (sites) await sites.listen({ port: config.sitesPort!, host: config.HOST });
  app.log.info(
    { url: `http://localhost:${config.PORT}`, database: database.kind, ms: Math.round(performance.now() - started) },
    'ready',
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

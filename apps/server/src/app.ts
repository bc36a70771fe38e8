/**
 * Builds the Fastify application from its dependencies (tests inject their own): plugins, then one
 * module per domain (DESIGN §1). No listening here; see main.ts.
 */

import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { ChainOutboxHealthSchema } from '@app/domain/blockchain';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { OneLineRequestLog } from './lib/logger';
import { DEFAULT_WEB_DIST } from './lib/paths';
import adminRoutes from './modules/admin/admin-routes';
import agentAccessRoutes from './modules/agents/agent-access-routes';
import agentEndpointsRoutes, { AGENT_ENDPOINT_PATHS } from './modules/agents/agent-endpoints-routes';
import authRoutes from './modules/auth/auth-routes';
import type { OidcClient } from './modules/auth/oidc';
import avatarsRoutes from './modules/avatars/avatars-routes';
import blockchainRoutes from './modules/blockchain/blockchain-routes';
import { chainIntentKinds } from './modules/blockchain/chain-intents';
import { enqueueAvatarMint } from './modules/blockchain/mint-service';
import outboxRoutes from './modules/chain-outbox/outbox-routes';
import { ChainOutbox, lowBalanceWarning } from './modules/chain-outbox/outbox-writer';
import chatRoutes from './modules/chat/chat-routes';
import imageRoutes from './modules/chat/image-routes';
import { registerDemoCatalogue } from './modules/demo/demo-catalogue';
import earningsRoutes from './modules/earnings/earnings-routes';
import marketplaceRoutes from './modules/marketplace/marketplace-routes';
import nftRoutes from './modules/nft/nft-routes';
import purchasesRoutes, { STRIPE_WEBHOOK_PATH } from './modules/purchases/purchases-routes';
import { registerReputation } from './modules/reputation/register';
import { sitesFrameOrigins } from './modules/tasks/sites-server';
import { TaskRunner } from './modules/tasks/task-runner';
import tasksRoutes from './modules/tasks/tasks-routes';
import teamsRoutes from './modules/teams/teams-routes';
import profileRoutes from './modules/users/profile-routes';
import voiceRoutes from './modules/voice/voice-routes';
import waitlistRoutes from './modules/waitlist/waitlist-routes';
import { registerAssets } from './plugins/assets';
import errors, { frameworkErrors } from './plugins/errors';
import inputLimits from './plugins/input-limits';
import jobs from './plugins/jobs';
import observability, { genReqId, registerJobMetrics } from './plugins/observability';
import openapi, { responseSerializerCompiler } from './plugins/openapi';
import security from './plugins/security';
import session from './plugins/session';
import { registerWebPages } from './plugins/web-pages';
import type { ChainRuntime } from './providers/chain/index';
import { walletCspOrigins } from './providers/chain/wallet-csp';
import { createSpeechFromConfig } from './providers/index';
import { paymentCspOrigins } from './providers/payments/index';
import { createSandbox } from './providers/sandbox/index';
import type { Sandbox } from './providers/sandbox/types';
import { createDiskStorage } from './providers/storage/disk';
import type { StorageProvider } from './providers/storage/types';
import type { Providers } from './providers/types';

/**
 * `GET /api/health`: which embedded default or production provider each part runs on, and the chain
 * writer's health. Liveness and readiness are /api/health/live and /api/health/ready.
 */
const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.string(),
  storage: z.string(),
  signIn: z.enum(['oidc', 'dev']),
  chat: z.string(),
  images: z.string(),
  chain: z.string().nullable(),
  chainWriter: ChainOutboxHealthSchema.nullable(),
  tts: z.string().nullable(),
  stt: z.string().nullable(),
  /** The code sandbox and its runtime versions (DESIGN §8). */
  sandbox: z.string(),
});
export interface AppDeps {
  config: Config;
  database: Database;
  storage: StorageProvider;
  sessionSecret: string;
  oidc: OidcClient | null;
  providers: Providers;
  /** Storage of deployed sites (default DATA_DIR/sites); served by the sites server, never by the app. */
  siteStorage?: StorageProvider;
  /** The chain (anvil or Base); null/undefined turns chain features off. */
  chain?: ChainRuntime | null;
  /** Pino options or false (tests). */
  logger?: boolean | object;
  /** Redis (REDIS_URL): shared rate limits and caches across replicas; the caller closes it. */
  redis?: Redis | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The agent task runner. */
    tasks: TaskRunner;
    /** The chain-write outbox of the server key (ADR 008); null without a chain. */
    chainOutbox: ChainOutbox | null;
    /** The outbox of the feedback relayer key ("rate this"); null without a chain or relayer. */
    feedbackRelayer: ChainOutbox | null;
    /** The code sandbox (DESIGN §8): runs generated programs in WebAssembly workers. */
    sandbox: Sandbox;
    /** Every route registered on the app (method and URL pattern), for the fuzz test and docs. */
    routeTable: ReadonlyArray<{ method: string; url: string; responseSchema: boolean }>;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, storage } = deps;
  const db = database.db;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    // Only configured proxies may set X-Forwarded-For (a client cannot pick its own IP); otherwise req.ip, and so
    // every per-IP rate limit, is the socket's peer address.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (
            (hops: number) => (_addr: string, hop: number) =>
              hop < hops
          )(config.TRUST_PROXY)
        : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // the job queue installs/migrates its schema at start (slow on a loaded machine or first start)
    pluginTimeout: 120_000,
    genReqId,
    // One line per request instead of Fastify's two (lib/logger.ts).
    logController: new OneLineRequestLog(),
    // While closing, a request that still arrives on an open connection is served (then that
    // connection closes), not refused with 503: main.ts has already let the proxy stop routing here.
    return503OnClosing: false,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // Every route with whether it declares response schemas (checked by a test).
  const routeTable: Array<{ method: string; url: string; responseSchema: boolean }> = [];
  app.addHook('onRoute', (route) => {
    const responseSchema = Boolean(route.schema?.response);
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, responseSchema });
  });
  app.decorate('routeTable', routeTable);

  await app.register(errors);
  // API responses over 1 KB: Brotli (quality 4: fast enough per request) or gzip; static files are
  // precompressed at build time and served as they are.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(openapi);
  await app.register(observability, { metricsToken: config.METRICS_TOKEN });
  app.addReadyCheck('database', () => database.ping());
  if (deps.redis) {
    const redis = deps.redis;
    app.addReadyCheck('redis', () => redis.ping());
  }
  if (deps.chain) {
    const chainService = deps.chain.service;
    app.addReadyCheck('chain', () => chainService.publicClient.getBlockNumber({ cacheTime: 0 }));
  }
  // The durable job queue, before any module that enqueues or works jobs
  await app.register(jobs, {
    database,
    workers: config.JOBS_WORKERS,
    pollingIntervalSeconds: config.JOBS_POLL_SECONDS,
    superviseIntervalSeconds: config.JOBS_SUPERVISE_SECONDS,
  });
  app.addReadyCheck('jobs', () => app.jobs.pending());
  registerJobMetrics(app);
  const publicOrigin = config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : [];
  await app.register(security, {
    trustedOrigins: publicOrigin,
    rateLimitDisabled: config.RATE_LIMIT_DISABLED && !config.isProduction,
    redis: deps.redis ?? undefined,
    ...paymentCspOrigins(config),
    // deployed-site previews are framed from their own origin, beside Stripe's and the wallets' frames
    frameOrigins: [
      ...sitesFrameOrigins(config),
      ...paymentCspOrigins(config).frameOrigins,
      ...walletCspOrigins(config).frameOrigins,
    ],
    connectOrigins: [...paymentCspOrigins(config).connectOrigins, ...walletCspOrigins(config).connectOrigins],
    imgOrigins: walletCspOrigins(config).imgOrigins,
    fontOrigins: walletCspOrigins(config).fontOrigins,
    openerPolicy: walletCspOrigins(config).openerPolicy,
    // webhooks check their own signatures; agent endpoints take API keys, never cookies
    csrfExemptPaths: [STRIPE_WEBHOOK_PATH, ...AGENT_ENDPOINT_PATHS],
  });
  await app.register(inputLimits);
  await app.register(formbody);
  // Global multipart limits (routes may lower them): one file, few small fields.
  await app.register(multipart, {
    limits: {
      fieldNameSize: 100,
      fieldSize: 64 * 1024,
      fields: 20,
      fileSize: Math.max(config.MAX_AUDIO_BYTES, 10 * 1024 * 1024),
      files: 1,
      parts: 25,
      headerPairs: 50,
    },
  });
  await app.register(session, {
    db,
    secret: deps.sessionSecret,
    ttlSeconds: config.SESSION_TTL_SECONDS,
    secure: config.isProduction,
  });

  // Uploaded and generated files under /api/assets/.
  await registerAssets(app, storage);

  const speech = deps.providers.speech ?? createSpeechFromConfig(config);
  if (!deps.providers.speech) app.addHook('onClose', async () => speech.close());
  const ownSandbox = deps.providers.sandbox ? null : createSandbox();
  const sandbox: Sandbox = deps.providers.sandbox ?? ownSandbox!;
  if (ownSandbox) app.addHook('onClose', async () => ownSandbox.close());
  app.decorate('sandbox', sandbox);

  app.get('/api/health', { schema: { response: { 200: HealthSchema } } }, async () => ({
    status: 'ok',
    database: database.kind,
    storage: storage.name,
    signIn: deps.oidc ? 'oidc' : 'dev',
    chat: deps.providers.chat.name,
    images: deps.providers.images.name,
    chain: deps.chain ? deps.chain.service.networkName : null,
    // The signing key's balance / low gas, RPC reachability and pending chain writes.
    chainWriter: app.chainOutbox ? await app.chainOutbox.health() : null,
    tts: speech.status().tts,
    stt: speech.status().stt,
    sandbox: sandbox.name,
  }));

  await app.register(authRoutes, { db, config, oidc: deps.oidc });
  await app.register(profileRoutes, { db, storage });
  await app.register(waitlistRoutes, { db, perMinute: config.RATE_LIMIT_WAITLIST_PER_MIN });
  await app.register(adminRoutes, { db });
  const { providers } = deps;
  const chain = deps.chain ?? null;
  // ADR 008: every server-signed chain write goes through the outbox (intent row, single
  // writer per key, signed transaction stored before broadcast, reconciler on start and periodically).
  const outbox = chain
    ? new ChainOutbox({ db, chain: chain.service, kinds: chainIntentKinds(chain.service), log: app.log })
    : null;
  if (chain && outbox) {
    chain.service.outbox = outbox;
    app.addReadyWarning('hot key balance', async () => lowBalanceWarning(await outbox.health()));
    app.addHook('onReady', async () => outbox.start());
    app.addHook('onClose', async () => {
      await outbox.close();
      if (chain.service.outbox === outbox) chain.service.outbox = null;
    });
  }
  app.decorate('chainOutbox', outbox);
  await app.register(avatarsRoutes, {
    db,
    hooks: {
      portrait: providers.portrait,
      // Creating an avatar mints its NFT (to the linked wallet, else custody) — recorded as
      // an outbox intent in the avatar's own insert transaction; the writer sends it.
      inTransaction: chain
        ? async (tx, row) => {
            await enqueueAvatarMint(tx, chain.service, row.id);
          }
        : undefined,
    },
    afterCreate: outbox ? async () => outbox.kick() : undefined,
    custodyAddress: chain ? chain.service.account : null,
  });
  await app.register(marketplaceRoutes, { db, config, chain, listen: database.listen });
  await app.register(purchasesRoutes, {
    db,
    config,
    chain,
    portrait: providers.portrait,
    lock: database.withKeyLock,
  });
  await app.register(earningsRoutes, { db });
  if (chain) {
    await app.register(outboxRoutes, { db, outbox: outbox! });
    await app.register(blockchainRoutes, { db, chain, config });
    await app.register(nftRoutes, { db, chain, appOrigin: config.appOrigin });
  }
  // Ratings from people who used an avatar (relayer outbox + routes)
  app.decorate('feedbackRelayer', chain ? await registerReputation(app, { config, chain, db }) : null);

  // Seeded demo avatars get portraits and their NFTs in the background
  await registerDemoCatalogue(app, { db, chain: chain?.service ?? null, portrait: providers.portrait, log: app.log });

  // Agent tasks are jobs on the durable queue (any process runs them, once)
  const runner = new TaskRunner({
    db,
    sandbox,
    model: deps.providers.taskModel ?? null,
    chain: chain?.service ?? null,
    images: providers.images,
    chat: providers.chat,
    storage,
    siteStorage: deps.siteStorage ?? createDiskStorage(path.join(config.dataDir, 'sites')),
    appOrigin: config.appOrigin,
    sitesOrigin: config.sitesOrigin,
    perUser: config.TASKS_PER_USER,
    jobs: app.jobs,
    farcaster:
      config.NEYNAR_API_KEY && config.NEYNAR_SIGNER_UUID
        ? { apiKey: config.NEYNAR_API_KEY, signerUuid: config.NEYNAR_SIGNER_UUID, apiUrl: config.NEYNAR_API_URL }
        : null,
    log: app.log,
  });
  app.decorate('tasks', runner);
  await runner.register();
  await app.register(tasksRoutes, { db, runner, storage });
  app.addHook('onReady', async () => {
    const resumed = await runner.resume();
    if (resumed) app.log.info({ resumed }, 'enqueued agent tasks left pending without a job');
  });
  await app.register(chatRoutes, { db, chat: providers.chat, images: providers.images, storage });
  // Public avatars take calls from other agents (MCP, A2A) with their owner's API keys
  await app.register(agentAccessRoutes, { db, origin: config.appOrigin });
  await app.register(agentEndpointsRoutes, {
    db,
    origin: config.appOrigin,
    runner,
    chat: { db, chat: providers.chat, images: providers.images, storage },
  });
  await app.register(imageRoutes, { images: providers.images, storage });
  await app.register(teamsRoutes, { db, chat: providers.chat, images: providers.images, storage });
  await app.register(voiceRoutes, {
    db,
    chat: providers.chat,
    images: providers.images,
    storage,
    speech,
    maxAudioBytes: config.MAX_AUDIO_BYTES,
  });

  // The SPA: its files, and for client routes the shell (the user's record inlined when signed in)
  // or, for `/` and a visitor, the prerendered landing page.
  await registerWebPages(app, {
    webDist: config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : DEFAULT_WEB_DIST,
    notFoundPreHandler: app.rateLimit({ max: 300, timeWindow: '1 minute' }),
  });
  return app;
}

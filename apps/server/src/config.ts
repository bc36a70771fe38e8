/**
 * Configuration: `process.env` parsed once by zod at boot (STYLE: config is parsed once, fails fast).
 * No other module reads `process.env`. Every variable is listed in README.md.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_ETH_USD_RATE } from '@app/domain/pricing';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

/** One IP address or CIDR block (`10.0.0.0/8`, `::1`, `fd00::/8`). */
const isIpOrCidr = (s: string) => {
  const [ip, bits, ...rest] = s.split('/');
  const kind = isIP(ip ?? '');
  if (!kind || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY (issue 13 item 4): which hops in front of the server may set X-Forwarded-For.
 * Unset/`false`/`0` = none (req.ip is the socket's peer); a number = that many proxy hops;
 * otherwise a comma-separated list of proxy IPs / CIDR blocks. Trusting everyone is not offered.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const s = (v ?? '').trim();
    if (s === '' || s === 'false' || s === '0') return false;
    if (/^\d{1,2}$/.test(s)) return Number(s);
    const list = s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = list.filter((x) => !isIpOrCidr(x));
    if (bad.length || !list.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count (e.g. 1) or a comma-separated list of proxy IPs/CIDR blocks; not ${bad.join(', ') || s}`,
      });
      return z.NEVER;
    }
    return list;
  });

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** PostgreSQL connection string; without it the embedded PGlite under DATA_DIR/db is used. */
    DATABASE_URL: z.string().url().optional(),
    /** Secret that signs session cookies (>= 32 chars). Generated and kept under DATA_DIR if unset. */
    SESSION_SECRET: z.string().min(32).optional(),
    /** Session lifetime in seconds (default 7 days). */
    SESSION_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(7 * 24 * 3600),
    /** Public URL of the app, used for OIDC redirects; defaults to the request's own origin. */
    PUBLIC_URL: z.string().url().optional(),
    OIDC_ISSUER_URL: z.string().url().optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_SCOPES: z.string().default('openid email profile'),
    ADMIN_EMAILS: csv,
    AUTO_APPROVE_USERS: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
    /**
     * Seed the demo catalogue into an empty database at start-up. Default: on for the embedded
     * default (no DATABASE_URL), off with DATABASE_URL (run `npm run db:seed` instead).
     */
    SEED_DEMO_DATA: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
    /**
     * Apply pending migrations at start-up (under a PostgreSQL advisory lock). Default: on, except in
     * production with DATABASE_URL, where `npm run db:migrate` is a release step and the server
     * refuses to start while migrations are pending.
     */
    DB_MIGRATE_ON_START: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
    /** Redis connection string (redis://…): rate limits and caches shared by every replica. */
    REDIS_URL: z.string().url().optional(),
    /** S3-compatible bucket for uploads and generated sites; without it files stay on disk under DATA_DIR. */
    S3_BUCKET: z.string().min(3).optional(),
    /** S3 endpoint (MinIO, R2, s3rver…); AWS S3 when unset. */
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Path-style bucket URLs (most self-hosted S3 servers need it). */
    S3_FORCE_PATH_STYLE: bool(true),
    /** Prometheus metrics: served on this separate port (all paths) when set. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Prometheus metrics at `/metrics` on the app port, for requests bearing `Authorization: Bearer <token>`. */
    METRICS_TOKEN: z.string().min(16).optional(),
    /**
     * Longest drain (ms) after SHUTDOWN_DELAY_MS: in-flight requests finish and jobs finish or go
     * back to the queue, then the process exits regardless.
     */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
    /**
     * On SIGTERM, how long (ms) the server keeps serving with readiness 503 before it stops accepting
     * connections, so a load balancer polling readiness stops routing to it first. Default: 10000
     * with DATABASE_URL (replicas behind a proxy; covers two 5 s health intervals), else 0.
     */
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(300_000).optional(),
    /** Proxies allowed to set X-Forwarded-For: hop count or CIDR list; off by default. */
    TRUST_PROXY: trustProxy,
    /** Requests per minute per IP on sign-in and waitlist routes. */
    RATE_LIMIT_AUTH_PER_MIN: z.coerce.number().int().positive().default(20),
    RATE_LIMIT_WAITLIST_PER_MIN: z.coerce.number().int().positive().default(10),
    /** Turns every rate limit off (benchmarks on loopback only; never in production). */
    RATE_LIMIT_DISABLED: bool(false),
    /** Chat model: unset = the offline persona engine; else openai, anthropic or openai-compatible. */
    AI_PROVIDER: z.enum(['persona', 'openai', 'anthropic', 'openai-compatible']).optional(),
    AI_MODEL: z.string().optional(),
    AI_API_KEY: z.string().optional(),
    /** Base URL of an OpenAI-compatible server (Ollama, vLLM, LM Studio), e.g. http://127.0.0.1:11434/v1. */
    AI_BASE_URL: z.string().url().optional(),
    OPENAI_API_KEY: z.string().optional(),
    ANTHROPIC_API_KEY: z.string().optional(),
    ELEVENLABS_API_KEY: z.string().optional(),
    /** Image generation: unset = procedural art; `openai` = OpenAI images. */
    IMAGE_PROVIDER: z.enum(['procedural', 'openai']).optional(),
    /** Text-to-speech: unset = embedded eSpeak NG; openai or elevenlabs. */
    TTS_PROVIDER: z.enum(['espeak', 'openai', 'elevenlabs']).optional(),
    TTS_MODEL: z.string().optional(),
    /** Speech-to-text: unset = none (browser recognition only); openai, elevenlabs, openai-compatible. */
    STT_PROVIDER: z.enum(['openai', 'elevenlabs', 'openai-compatible']).optional(),
    STT_BASE_URL: z.string().url().optional(),
    STT_API_KEY: z.string().optional(),
    STT_MODEL: z.string().optional(),
    /** Largest accepted audio upload, bytes (default 10 MB). */
    MAX_AUDIO_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(10 * 1024 * 1024),
    /** Chain: `anvil` (embedded local chain, default), `base`, `base-sepolia`, or `none` (no chain features). */
    CHAIN: z.enum(['anvil', 'base', 'base-sepolia', 'none']).default('anvil'),
    /** JSON-RPC URL for base / base-sepolia; with CHAIN=anvil, an anvil run elsewhere (replicas), not started by the server. */
    RPC_URL: z.string().url().optional(),
    /** The server's signer on base / base-sepolia (minter, verifier, custody), 0x + 64 hex. */
    VERIFIER_PRIVATE_KEY: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
      .optional(),
    /**
     * A second key that sends ERC-8004 feedback for users without a wallet (issue 16 item 2), marked
     * as relayed. It must not be the server's signer, which holds custody avatars and so may not rate
     * them. Default with CHAIN=anvil: anvil's account #7; elsewhere unset = wallet-signed feedback only.
     */
    FEEDBACK_RELAYER_PRIVATE_KEY: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
      .optional(),
    AVATAR_NFT_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .optional(),
    /** ERC-8004 Reputation Registry (packages/contracts ReputationRegistry). */
    REPUTATION_REGISTRY_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .optional(),
    /** ERC-8004 Validation Registry (packages/contracts ValidationRegistry). */
    VALIDATION_REGISTRY_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .optional(),
    MARKETPLACE_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .optional(),
    ARTWORK_NFT_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .optional(),
    /**
     * USD per ETH used to show USD prices when no Chainlink feed is configured (CHAIN anvil or none),
     * or while the feed is unreadable; the API labels such prices `priceSource: ETH_USD_RATE`.
     */
    ETH_USD_RATE: z
      .string()
      .regex(/^\d{1,12}(\.\d{1,8})?$/, 'must be a positive decimal like 3000 or 3125.5')
      .refine((v) => Number(v) > 0, 'must be greater than 0')
      .default(DEFAULT_ETH_USD_RATE),
    /** Chainlink ETH/USD aggregator the server reads USD prices from on base / base-sepolia. Default: Chainlink's ETH/USD feed of that network. */
    ETH_USD_FEED_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hex digits')
      .optional()
      .describe(
        "Chainlink ETH/USD aggregator the server reads USD prices from on base / base-sepolia. Default: Chainlink's ETH/USD feed of that network.",
      ),
    /** Highest EIP-1559 maxFeePerGas the server pays for its own transactions, in gwei (default 10). While the base fee is above it, chain writes wait. */
    MAX_FEE_PER_GAS_GWEI: z.coerce
      .number()
      .positive()
      .max(100_000)
      .default(10)
      .describe(
        'Highest EIP-1559 maxFeePerGas the server pays for its own transactions, in gwei (default 10). While the base fee is above it, chain writes wait.',
      ),
    /** Balance of the server's signing key (VERIFIER_PRIVATE_KEY) below which /api/health/ready and the admin page warn, in ETH (default 0.01). */
    HOT_KEY_LOW_BALANCE_ETH: z
      .string()
      .regex(/^\d{1,6}(\.\d{1,18})?$/, 'must be a decimal amount of ETH like 0.01')
      .default('0.01')
      .describe(
        "Balance of the server's signing key (VERIFIER_PRIVATE_KEY) below which /api/health/ready and the admin page warn, in ETH (default 0.01).",
      ),
    /** WalletConnect v2 project id (from WalletConnect Cloud): offers WalletConnect (mobile wallets) in the Connect Wallet dialog on base / base-sepolia. Public: the browser receives it. */
    WALLETCONNECT_PROJECT_ID: z
      .string()
      .regex(/^[0-9a-fA-F]{32}$/, 'must be a WalletConnect Cloud project id (32 hex digits)')
      .optional()
      .describe(
        'WalletConnect v2 project id (from WalletConnect Cloud): offers WalletConnect (mobile wallets) in the Connect Wallet dialog on base / base-sepolia. Public: the browser receives it.',
      ),
    /** Never set on a server: the admin key deploys and administers the contracts (`npm run deploy`) and stays off every replica. The server refuses to start when it (or DEPLOYER_PRIVATE_KEY) is set. */
    ADMIN_PRIVATE_KEY: z
      .string()
      .optional()
      .describe(
        'Never set on a server: the admin key deploys and administers the contracts (`npm run deploy`) and stays off every replica. The server refuses to start when it (or DEPLOYER_PRIVATE_KEY) is set.',
      ),
    /** Never set on a server (see ADMIN_PRIVATE_KEY); the server refuses to start when it is set. */
    DEPLOYER_PRIVATE_KEY: z
      .string()
      .optional()
      .describe('Never set on a server (see ADMIN_PRIVATE_KEY); the server refuses to start when it is set.'),
    /** Origin that serves deployed sites (another host than the app's). Default: http://127.0.0.1:<SITES_PORT>. */
    SITES_ORIGIN: z.string().url().optional(),
    /** Port of the embedded sites server (default PORT + 1); with an external SITES_ORIGIN, set it to run the sites server behind a proxy. */
    SITES_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Run job workers in this process (false: a web-only replica that only enqueues; issue 12). */
    JOBS_WORKERS: bool(true),
    /** Idle poll of a job worker in seconds (workers are also woken at once by LISTEN/NOTIFY). */
    JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    /**
     * How often pg-boss's supervisor fails jobs whose worker stopped (missed heartbeats, expiry) so
     * another process retries them, in seconds (pg-boss's default is 60).
     */
    JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    /** Agent tasks one user may run at once; the rest queue (issue #7). */
    TASKS_PER_USER: z.coerce.number().int().min(1).max(20).default(2),
    /** Farcaster publishing through Neynar: API key and a signer UUID; without them casts stay drafts. */
    NEYNAR_API_KEY: z.string().optional(),
    NEYNAR_SIGNER_UUID: z.string().optional(),
    NEYNAR_API_URL: z.string().url().default('https://api.neynar.com'),
    /** Serve the built SPA from this folder (default apps/web/dist). */
    WEB_DIST_DIR: z.string().optional(),
    /**
     * Card payments by Stripe (all three, or none for the embedded sandbox processor): secret key
     * (sk_…), publishable key (pk_…, sent to the browser for Elements), webhook signing secret (whsec_…).
     */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must start with pk_').optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must start with whsec_')
      .optional(),
    /** Stripe API base URL for stripe-mock or a test double (default: Stripe's API). */
    STRIPE_API_BASE: z.string().url().optional(),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    const set = oidc.filter(Boolean).length;
    if (set > 0 && set < 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER_URL'],
        message: 'Set all of OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or none',
      });
    }
    if (env.AI_PROVIDER === 'openai-compatible' && !env.AI_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_BASE_URL'],
        message: 'AI_PROVIDER=openai-compatible needs AI_BASE_URL',
      });
    }
    if (env.STT_PROVIDER === 'openai-compatible' && !env.STT_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['STT_BASE_URL'],
        message: 'STT_PROVIDER=openai-compatible needs STT_BASE_URL',
      });
    }
    if (env.CHAIN === 'base' || env.CHAIN === 'base-sepolia') {
      for (const key of [
        'RPC_URL',
        'PUBLIC_URL',
        'VERIFIER_PRIVATE_KEY',
        'AVATAR_NFT_ADDRESS',
        'REPUTATION_REGISTRY_ADDRESS',
        'VALIDATION_REGISTRY_ADDRESS',
        'MARKETPLACE_ADDRESS',
        'ARTWORK_NFT_ADDRESS',
      ] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `CHAIN=${env.CHAIN} needs ${key}` });
      }
    }
    for (const key of ['ADMIN_PRIVATE_KEY', 'DEPLOYER_PRIVATE_KEY'] as const) {
      if (env[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is the admin key: it must never be on a server (it deploys and administers the contracts with \`npm run deploy\`); remove it`,
        });
    }
    if (
      env.FEEDBACK_RELAYER_PRIVATE_KEY &&
      env.VERIFIER_PRIVATE_KEY &&
      env.FEEDBACK_RELAYER_PRIVATE_KEY.toLowerCase() === env.VERIFIER_PRIVATE_KEY.toLowerCase()
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['FEEDBACK_RELAYER_PRIVATE_KEY'],
        message:
          'FEEDBACK_RELAYER_PRIVATE_KEY must be another key than VERIFIER_PRIVATE_KEY (the signer owns custody avatars, which it may not rate)',
      });
    }
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
    const stripeSet = stripe.filter(Boolean).length;
    // issue 12: the sandbox card processor never sells against a real chain (its "payments" are free,
    // and a card sale mints or transfers a real NFT). CHAIN=none has no chain: purchases answer 503.
    if (stripeSet === 0 && (env.CHAIN === 'base' || env.CHAIN === 'base-sepolia')) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: `CHAIN=${env.CHAIN} needs Stripe (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET): the sandbox card processor runs only with the local anvil chain`,
      });
    }
    if (stripeSet > 0 && stripeSet < 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'Set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none (sandbox)',
      });
    }
    const s3 = [env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY].filter(Boolean).length;
    if (s3 === 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (ambient AWS credentials)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET is required in production',
      });
    }
  });

export type RawEnv = z.infer<typeof EnvSchema>;

/** Parsed configuration. `autoApproveUsers` defaults to true outside production (issue #2). */
export interface Config
  extends Omit<RawEnv, 'AUTO_APPROVE_USERS' | 'SEED_DEMO_DATA' | 'DB_MIGRATE_ON_START' | 'SHUTDOWN_DELAY_MS'> {
  /** Serving time with readiness 503 after SIGTERM (default 10 s with DATABASE_URL, else 0). */
  SHUTDOWN_DELAY_MS: number;
  AUTO_APPROVE_USERS: boolean;
  /** Seed the demo catalogue at start-up (default: only for the embedded default, issue 14). */
  SEED_DEMO_DATA: boolean;
  /** Migrate at start-up under the advisory lock (default: not in production with DATABASE_URL). */
  DB_MIGRATE_ON_START: boolean;
  /** Absolute origin of the app (PUBLIC_URL, else http://localhost:PORT). */
  appOrigin: string;
  /** Absolute origin of deployed sites (SITES_ORIGIN, else http://localhost:SITES_PORT). */
  sitesOrigin: string;
  /** Port of the embedded sites server, or null when SITES_ORIGIN is external. */
  sitesPort: number | null;
  isProduction: boolean;
  dataDir: string;
  oidcEnabled: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses an environment map.
 * @throws ConfigError listing every bad key.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const autoApprove =
    e.AUTO_APPROVE_USERS === undefined ? !isProduction : ['true', '1', 'yes'].includes(e.AUTO_APPROVE_USERS);
  const flag = (v: string | undefined, fallback: boolean) =>
    v === undefined ? fallback : ['true', '1', 'yes'].includes(v);
  const appOrigin = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : `http://localhost:${e.PORT}`;
  // With an external SITES_ORIGIN the sites server runs only when SITES_PORT is given (behind a proxy).
  const sitesPort = e.SITES_ORIGIN ? (e.SITES_PORT ?? null) : (e.SITES_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1));
  return {
    ...e,
    appOrigin,
    // Another HOST, not just another port: cookies are scoped by host, so a site on
    // localhost:PORT+1 could set cookies the app on localhost:PORT receives (DESIGN §4, ADR 005).
    sitesOrigin: e.SITES_ORIGIN ? new URL(e.SITES_ORIGIN).origin : `http://127.0.0.1:${sitesPort}`,
    sitesPort,
    AUTO_APPROVE_USERS: autoApprove,
    SEED_DEMO_DATA: flag(e.SEED_DEMO_DATA, !e.DATABASE_URL),
    DB_MIGRATE_ON_START: flag(e.DB_MIGRATE_ON_START, !(isProduction && e.DATABASE_URL)),
    SHUTDOWN_DELAY_MS: e.SHUTDOWN_DELAY_MS ?? (e.DATABASE_URL ? 10_000 : 0),
    isProduction,
    dataDir: path.resolve(e.DATA_DIR),
    oidcEnabled: Boolean(e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET),
  };
}

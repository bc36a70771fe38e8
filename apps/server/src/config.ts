/**
 * Configuration: `process.env` parsed once by zod at boot (STYLE: config is parsed once, fails fast).
 * No other module reads `process.env`. Every variable is listed in README.md.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_ETH_USD_RATE } from '@app/domain/pricing';
import { z } from 'zod';
import { ENV_DESCRIPTIONS as ENV } from './config-descriptions';

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
 * TRUST_PROXY: which hops in front of the server may set X-Forwarded-For.
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
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development').describe(ENV.NODE_ENV),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000).describe(ENV.PORT),
    HOST: z.string().default('0.0.0.0').describe(ENV.HOST),
    DATA_DIR: z.string().default('./data').describe(ENV.DATA_DIR),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .describe(ENV.LOG_LEVEL),
    DATABASE_URL: z.string().url().optional().describe(ENV.DATABASE_URL),
    SESSION_SECRET: z.string().min(32).optional().describe(ENV.SESSION_SECRET),
    SESSION_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(7 * 24 * 3600)
      .describe(ENV.SESSION_TTL_SECONDS),
    PUBLIC_URL: z.string().url().optional().describe(ENV.PUBLIC_URL),
    OIDC_ISSUER_URL: z.string().url().optional().describe(ENV.OIDC_ISSUER_URL),
    OIDC_CLIENT_ID: z.string().optional().describe(ENV.OIDC_CLIENT_ID),
    OIDC_CLIENT_SECRET: z.string().optional().describe(ENV.OIDC_CLIENT_SECRET),
    OIDC_SCOPES: z.string().default('openid email profile').describe(ENV.OIDC_SCOPES),
    ADMIN_EMAILS: csv.describe(ENV.ADMIN_EMAILS),
    AUTO_APPROVE_USERS: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional().describe(ENV.AUTO_APPROVE_USERS),
    SEED_DEMO_DATA: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional().describe(ENV.SEED_DEMO_DATA),
    DB_MIGRATE_ON_START: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional().describe(ENV.DB_MIGRATE_ON_START),
    REDIS_URL: z.string().url().optional().describe(ENV.REDIS_URL),
    S3_BUCKET: z.string().min(3).optional().describe(ENV.S3_BUCKET),
    S3_ENDPOINT: z.string().url().optional().describe(ENV.S3_ENDPOINT),
    S3_REGION: z.string().default('us-east-1').describe(ENV.S3_REGION),
    S3_ACCESS_KEY_ID: z.string().optional().describe(ENV.S3_ACCESS_KEY_ID),
    S3_SECRET_ACCESS_KEY: z.string().optional().describe(ENV.S3_SECRET_ACCESS_KEY),
    S3_FORCE_PATH_STYLE: bool(true).describe(ENV.S3_FORCE_PATH_STYLE),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional().describe(ENV.METRICS_PORT),
    METRICS_TOKEN: z.string().min(16).optional().describe(ENV.METRICS_TOKEN),
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .max(600_000)
      .default(15_000)
      .describe(ENV.SHUTDOWN_TIMEOUT_MS),
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(300_000).optional().describe(ENV.SHUTDOWN_DELAY_MS),
    TRUST_PROXY: trustProxy.describe(ENV.TRUST_PROXY),
    RATE_LIMIT_AUTH_PER_MIN: z.coerce.number().int().positive().default(20).describe(ENV.RATE_LIMIT_AUTH_PER_MIN),
    RATE_LIMIT_WAITLIST_PER_MIN: z.coerce
      .number()
      .int()
      .positive()
      .default(10)
      .describe(ENV.RATE_LIMIT_WAITLIST_PER_MIN),
    RATE_LIMIT_DISABLED: bool(false).describe(ENV.RATE_LIMIT_DISABLED),
    AI_PROVIDER: z.enum(['persona', 'openai', 'anthropic', 'openai-compatible']).optional().describe(ENV.AI_PROVIDER),
    AI_MODEL: z.string().optional().describe(ENV.AI_MODEL),
    AI_API_KEY: z.string().optional().describe(ENV.AI_API_KEY),
    AI_BASE_URL: z.string().url().optional().describe(ENV.AI_BASE_URL),
    OPENAI_API_KEY: z.string().optional().describe(ENV.OPENAI_API_KEY),
    ANTHROPIC_API_KEY: z.string().optional().describe(ENV.ANTHROPIC_API_KEY),
    ELEVENLABS_API_KEY: z.string().optional().describe(ENV.ELEVENLABS_API_KEY),
    IMAGE_PROVIDER: z.enum(['procedural', 'openai']).optional().describe(ENV.IMAGE_PROVIDER),
    TTS_PROVIDER: z.enum(['espeak', 'openai', 'elevenlabs']).optional().describe(ENV.TTS_PROVIDER),
    TTS_MODEL: z.string().optional().describe(ENV.TTS_MODEL),
    STT_PROVIDER: z.enum(['openai', 'elevenlabs', 'openai-compatible']).optional().describe(ENV.STT_PROVIDER),
    STT_BASE_URL: z.string().url().optional().describe(ENV.STT_BASE_URL),
    STT_API_KEY: z.string().optional().describe(ENV.STT_API_KEY),
    STT_MODEL: z.string().optional().describe(ENV.STT_MODEL),
    MAX_AUDIO_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(10 * 1024 * 1024)
      .describe(ENV.MAX_AUDIO_BYTES),
    CHAIN: z.enum(['anvil', 'base', 'base-sepolia', 'none']).default('anvil').describe(ENV.CHAIN),
    RPC_URL: z.string().url().optional().describe(ENV.RPC_URL),
    VERIFIER_PRIVATE_KEY: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
      .optional()
      .describe(ENV.VERIFIER_PRIVATE_KEY),
    FEEDBACK_RELAYER_PRIVATE_KEY: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
      .optional()
      .describe(ENV.FEEDBACK_RELAYER_PRIVATE_KEY),
    AVATAR_NFT_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .optional()
      .describe(ENV.AVATAR_NFT_ADDRESS),
    REPUTATION_REGISTRY_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .optional()
      .describe(ENV.REPUTATION_REGISTRY_ADDRESS),
    VALIDATION_REGISTRY_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .optional()
      .describe(ENV.VALIDATION_REGISTRY_ADDRESS),
    MARKETPLACE_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .optional()
      .describe(ENV.MARKETPLACE_ADDRESS),
    ARTWORK_NFT_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .optional()
      .describe(ENV.ARTWORK_NFT_ADDRESS),
    ETH_USD_RATE: z
      .string()
      .regex(/^\d{1,12}(\.\d{1,8})?$/, 'must be a positive decimal like 3000 or 3125.5')
      .refine((v) => Number(v) > 0, 'must be greater than 0')
      .default(DEFAULT_ETH_USD_RATE)
      .describe(ENV.ETH_USD_RATE),
    ETH_USD_FEED_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hex digits')
      .optional()
      .describe(ENV.ETH_USD_FEED_ADDRESS),
    MAX_FEE_PER_GAS_GWEI: z.coerce.number().positive().max(100_000).default(10).describe(ENV.MAX_FEE_PER_GAS_GWEI),
    HOT_KEY_LOW_BALANCE_ETH: z
      .string()
      .regex(/^\d{1,6}(\.\d{1,18})?$/, 'must be a decimal amount of ETH like 0.01')
      .default('0.01')
      .describe(ENV.HOT_KEY_LOW_BALANCE_ETH),
    WALLETCONNECT_PROJECT_ID: z
      .string()
      .regex(/^[0-9a-fA-F]{32}$/, 'must be a WalletConnect Cloud project id (32 hex digits)')
      .optional()
      .describe(ENV.WALLETCONNECT_PROJECT_ID),
    ADMIN_PRIVATE_KEY: z.string().optional().describe(ENV.ADMIN_PRIVATE_KEY),
    DEPLOYER_PRIVATE_KEY: z.string().optional().describe(ENV.DEPLOYER_PRIVATE_KEY),
    SITES_ORIGIN: z.string().url().optional().describe(ENV.SITES_ORIGIN),
    SITES_PORT: z.coerce.number().int().min(0).max(65535).optional().describe(ENV.SITES_PORT),
    JOBS_WORKERS: bool(true).describe(ENV.JOBS_WORKERS),
    JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2).describe(ENV.JOBS_POLL_SECONDS),
    JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(600).default(10).describe(ENV.JOBS_SUPERVISE_SECONDS),
    TASKS_PER_USER: z.coerce.number().int().min(1).max(20).default(2).describe(ENV.TASKS_PER_USER),
    NEYNAR_API_KEY: z.string().optional().describe(ENV.NEYNAR_API_KEY),
    NEYNAR_SIGNER_UUID: z.string().optional().describe(ENV.NEYNAR_SIGNER_UUID),
    NEYNAR_API_URL: z.string().url().default('https://api.neynar.com').describe(ENV.NEYNAR_API_URL),
    WEB_DIST_DIR: z.string().optional().describe(ENV.WEB_DIST_DIR),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
      .optional()
      .describe(ENV.STRIPE_SECRET_KEY),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_/, 'must start with pk_')
      .optional()
      .describe(ENV.STRIPE_PUBLISHABLE_KEY),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must start with whsec_')
      .optional()
      .describe(ENV.STRIPE_WEBHOOK_SECRET),
    STRIPE_API_BASE: z.string().url().optional().describe(ENV.STRIPE_API_BASE),
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
    // The sandbox card processor never sells against a real chain (its "payments" are free,
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

/** Parsed configuration. `autoApproveUsers` defaults to true outside production. */
export interface Config
  extends Omit<RawEnv, 'AUTO_APPROVE_USERS' | 'SEED_DEMO_DATA' | 'DB_MIGRATE_ON_START' | 'SHUTDOWN_DELAY_MS'> {
  /** Serving time with readiness 503 after SIGTERM (default 10 s with DATABASE_URL, else 0). */
  SHUTDOWN_DELAY_MS: number;
  AUTO_APPROVE_USERS: boolean;
  /** Seed the demo catalogue at start-up (default: only for the embedded default). */
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

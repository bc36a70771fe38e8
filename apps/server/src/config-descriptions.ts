/**
 * What each environment variable means, one sentence (or two) of its own, attached to its zod schema
 * in config.ts with `.describe()`. docs/deploy.md and README.md list them, generated from the schema
 * (`npx tsx scripts/env-table.ts --write`; a test fails when the tables are stale or a variable has
 * no description). A new variable needs an entry here.
 */
export const ENV_DESCRIPTIONS = {
  NODE_ENV:
    '`production` turns on Secure cookies, refuses the development sign-in and requires SESSION_SECRET; `development` and `test` do not.',
  PORT: 'The HTTP port the app listens on.',
  HOST: 'The address the app listens on (`0.0.0.0`: every IPv4 interface).',
  DATA_DIR:
    "Folder for what the app keeps on disk: the embedded PGlite database, uploads and generated sites (without S3), the local chain's state and a generated session secret.",
  LOG_LEVEL: 'Least severe log level written (JSON lines, pino); `silent` writes nothing.',
  DATABASE_URL:
    'PostgreSQL connection string (postgres://…); without it the embedded PGlite database under DATA_DIR/db is used.',
  SESSION_SECRET:
    'Secret of at least 32 characters that signs the session cookie; required in production, otherwise generated once and kept in DATA_DIR.',
  SESSION_TTL_SECONDS: 'How long a session lasts after sign-in, in seconds (default 7 days).',
  PUBLIC_URL:
    "The app's public origin (https://avatars.example): the OIDC redirect URI, absolute links in NFT metadata and agent cards, and an origin trusted for writes behind a proxy. Default: http://localhost:PORT.",
  OIDC_ISSUER_URL:
    'OpenID Connect issuer for sign-in (authorization code flow with PKCE); set it with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or none of the three for the development sign-in (refused in production).',
  OIDC_CLIENT_ID: "This app's client id at the OIDC issuer.",
  OIDC_CLIENT_SECRET: "This app's client secret at the OIDC issuer.",
  OIDC_SCOPES: 'Scopes asked of the OIDC issuer at sign-in, separated by spaces.',
  ADMIN_EMAILS: 'Comma-separated e-mail addresses whose accounts become admins when they sign in.',
  AUTO_APPROVE_USERS:
    "Whether a new account may use the app at once (`true`) or waits for an admin's approval (`false`). Default: true, except in production.",
  SEED_DEMO_DATA:
    'Seeds the demo catalogue (users, avatars, skills) into an empty database at start-up. Default: on for the embedded default (no DATABASE_URL), off with DATABASE_URL, where `npm run db:seed` does it.',
  DB_MIGRATE_ON_START:
    'Applies pending migrations at start-up, under a PostgreSQL advisory lock. Default: on, except in production with DATABASE_URL, where `npm run db:migrate` is a release step and the server refuses to start while migrations are pending.',
  REDIS_URL:
    'Redis connection string (redis://…) for rate limits counted across every replica. While Redis is down, limits count per process and sign-in and purchases answer 503.',
  S3_BUCKET:
    'S3-compatible bucket for uploads and generated sites, so every replica serves the same files; without it they stay on disk under DATA_DIR.',
  S3_ENDPOINT: 'Endpoint of an S3-compatible server (MinIO, R2, s3rver…); AWS S3 when unset.',
  S3_REGION: 'Region of the bucket (AWS), or what the S3-compatible server expects.',
  S3_ACCESS_KEY_ID:
    'Access key id for the bucket; set it with S3_SECRET_ACCESS_KEY, or neither to use the ambient AWS credentials.',
  S3_SECRET_ACCESS_KEY: 'Secret access key for the bucket (with S3_ACCESS_KEY_ID).',
  S3_FORCE_PATH_STYLE:
    'Path-style bucket URLs (endpoint/bucket/key), which most self-hosted S3 servers need; `false` for virtual-hosted AWS URLs.',
  METRICS_PORT: 'A separate port serving the Prometheus metrics on every path; keep it inside the network.',
  METRICS_TOKEN:
    'Serves the Prometheus metrics at /metrics on the app port to requests bearing `Authorization: Bearer <token>` (at least 16 characters).',
  SHUTDOWN_TIMEOUT_MS:
    "Longest drain after SIGTERM's delay, in ms: in-flight requests finish and running jobs finish or go back to the queue, then the process exits regardless.",
  SHUTDOWN_DELAY_MS:
    'On SIGTERM, how long the server keeps serving with readiness 503 before it stops accepting connections, in ms, so a load balancer polling readiness stops routing to it first. Default: 10000 with DATABASE_URL (covers two 5 s health intervals), else 0.',
  TRUST_PROXY:
    "Proxies allowed to set X-Forwarded-For: a hop count (1 behind one load balancer) or a comma-separated list of proxy IPs and CIDR blocks. Off by default: the client address, and so every per-client rate limit, is the TCP peer's.",
  RATE_LIMIT_AUTH_PER_MIN: 'Sign-in attempts per minute per client address (development, OIDC and wallet sign-in).',
  RATE_LIMIT_WAITLIST_PER_MIN: 'Waitlist sign-ups per minute per client address.',
  RATE_LIMIT_DISABLED: 'Turns every rate limit off, for benchmarks on loopback; ignored in production.',
  AI_PROVIDER:
    "Model behind the avatars — their chat, the work of their tasks (an agent loop with tools, its programs run in the sandbox) and the validator's acceptance tests: unset or `persona` for the offline persona engine and embedded generators, else `openai`, `anthropic` or `openai-compatible` (Ollama, vLLM, LM Studio).",
  AI_MODEL: 'Model id for AI_PROVIDER (gpt-4o-mini, claude-sonnet-4-5, llama3.1…); required with a model provider.',
  AI_API_KEY: 'API key for AI_PROVIDER; falls back to OPENAI_API_KEY or ANTHROPIC_API_KEY for those two.',
  AI_BASE_URL:
    'Base URL of the OpenAI-compatible chat server for AI_PROVIDER=openai-compatible, e.g. http://127.0.0.1:11434/v1.',
  OPENAI_API_KEY:
    'OpenAI API key for OpenAI chat (without AI_API_KEY), images (IMAGE_PROVIDER=openai) and speech (TTS_PROVIDER or STT_PROVIDER=openai).',
  ANTHROPIC_API_KEY: 'Anthropic API key for AI_PROVIDER=anthropic when AI_API_KEY is unset.',
  ELEVENLABS_API_KEY: 'ElevenLabs API key for TTS_PROVIDER or STT_PROVIDER=elevenlabs.',
  IMAGE_PROVIDER:
    'Image generation: unset or `procedural` for the embedded generative art, `openai` for OpenAI images.',
  TTS_PROVIDER: 'Text-to-speech: unset or `espeak` for the embedded eSpeak NG engine, else `openai` or `elevenlabs`.',
  TTS_MODEL: 'Speech model of TTS_PROVIDER (gpt-4o-mini-tts, eleven_flash_v2_5…); each provider has a default.',
  STT_PROVIDER:
    "Speech-to-text for voice input: unset for none (the browser's own recognition only), else `openai`, `elevenlabs` or `openai-compatible`.",
  STT_BASE_URL:
    'Base URL of the OpenAI-compatible transcription server (self-hosted Whisper) for STT_PROVIDER=openai-compatible.',
  STT_API_KEY: 'API key of the transcription server for STT_PROVIDER=openai-compatible, if it needs one.',
  STT_MODEL:
    'Transcription model of STT_PROVIDER (gpt-4o-mini-transcribe, scribe_v1, whisper-1…); each provider has a default.',
  MAX_AUDIO_BYTES: 'Largest audio upload accepted for voice input, in bytes (default 10 MB); larger ones answer 413.',
  CHAIN:
    'The chain: `anvil` (a local chain the server starts, the default), `base`, `base-sepolia`, or `none` (no chain features; purchases answer 503).',
  RPC_URL:
    'JSON-RPC URL of the chain for base / base-sepolia; with CHAIN=anvil, an anvil run elsewhere that replicas share (the server then starts none).',
  VERIFIER_PRIVATE_KEY:
    "The server's hot key on base / base-sepolia (minter, verifier and custody roles, and gas), 0x and 64 hex digits; never the admin key.",
  FEEDBACK_RELAYER_PRIVATE_KEY:
    "A second key that sends ERC-8004 feedback, marked as relayed, for users without a wallet; never the server's hot key, which holds custody avatars and so may not rate them. Default with CHAIN=anvil: anvil's account #7; elsewhere unset means wallet-signed feedback only.",
  AVATAR_NFT_ADDRESS:
    'Address of the avatar NFT contract (the ERC-8004 Identity Registry) on base / base-sepolia, from `npm run deploy -w packages/contracts`; on anvil the server deploys its own.',
  REPUTATION_REGISTRY_ADDRESS: 'Address of the ERC-8004 Reputation Registry contract on base / base-sepolia.',
  VALIDATION_REGISTRY_ADDRESS: 'Address of the ERC-8004 Validation Registry contract on base / base-sepolia.',
  MARKETPLACE_ADDRESS:
    'Address of the Marketplace contract (edition and skill sales, fees, royalties) on base / base-sepolia.',
  ARTWORK_NFT_ADDRESS: 'Address of the artwork NFT contract (art minted by agent tasks) on base / base-sepolia.',
  ETH_USD_RATE:
    'USD per ETH for USD prices when no Chainlink feed is read (CHAIN anvil or none) or while the feed is unreadable; such prices are labelled `priceSource: ETH_USD_RATE`.',
  ETH_USD_FEED_ADDRESS:
    "Chainlink ETH/USD aggregator the server reads USD prices from on base / base-sepolia. Default: Chainlink's ETH/USD feed of that network.",
  MAX_FEE_PER_GAS_GWEI:
    'Highest EIP-1559 maxFeePerGas the server pays for its own transactions, in gwei (default 10). While the base fee is above it, chain writes wait.',
  HOT_KEY_LOW_BALANCE_ETH:
    "Balance of the server's signing key (VERIFIER_PRIVATE_KEY) below which /api/health/ready and the admin page warn, in ETH (default 0.01).",
  WALLETCONNECT_PROJECT_ID:
    'WalletConnect v2 project id (from WalletConnect Cloud): offers WalletConnect (mobile wallets) in the Connect Wallet dialog on base / base-sepolia. Public: the browser receives it.',
  ADMIN_PRIVATE_KEY:
    'Never set on a server: the admin key deploys and administers the contracts (`npm run deploy`) and stays off every replica. The server refuses to start when it (or DEPLOYER_PRIVATE_KEY) is set.',
  DEPLOYER_PRIVATE_KEY: 'Never set on a server (see ADMIN_PRIVATE_KEY); the server refuses to start when it is set.',
  SITES_ORIGIN:
    "Origin that serves deployed sites: another host than the app's, since cookies are per host. Default: http://127.0.0.1:SITES_PORT.",
  SITES_PORT:
    'Port of the embedded sites server (default PORT + 1); with an external SITES_ORIGIN, set it to run the sites server behind a proxy.',
  JOBS_WORKERS:
    'Whether this process runs background job workers; `false` makes a web-only replica that only enqueues, and another process must run them.',
  JOBS_POLL_SECONDS: 'Idle poll of a job worker, in seconds; workers are also woken at once by LISTEN/NOTIFY.',
  JOBS_SUPERVISE_SECONDS:
    "How often stale jobs are failed so another process retries them, in seconds: a job whose process died is taken over about its queue's heartbeat (10 s) plus this after the crash.",
  TASKS_PER_USER: 'Agent tasks one user may run at once; the rest wait in the queue.',
  NEYNAR_API_KEY:
    'Neynar API key for publishing Farcaster casts; with NEYNAR_SIGNER_UUID, otherwise casts stay drafts.',
  NEYNAR_SIGNER_UUID: 'The Neynar signer (UUID) casts are published as.',
  NEYNAR_API_URL: 'Base URL of the Neynar API.',
  WEB_DIST_DIR: 'Folder the built web app is served from (default apps/web/dist).',
  STRIPE_SECRET_KEY:
    'Stripe secret key (sk_…, or a restricted rk_…) for card payments; set it with STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none of the three for the embedded sandbox processor (test cards only; refused with CHAIN=base / base-sepolia).',
  STRIPE_PUBLISHABLE_KEY: 'Stripe publishable key (pk_…), sent to the browser for Stripe Elements.',
  STRIPE_WEBHOOK_SECRET:
    'Signing secret (whsec_…) of the Stripe webhook endpoint POST /api/payments/stripe/webhook (events payment_intent.succeeded and payment_intent.payment_failed); card sales are fulfilled only from signed events.',
  STRIPE_API_BASE: "Stripe API base URL, for stripe-mock or a test double (default: Stripe's API).",
} as const;

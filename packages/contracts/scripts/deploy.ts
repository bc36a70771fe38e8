/**
 * Deploys the five contracts to the chain named by the environment and prints their addresses as JSON:
 *   RPC_URL=… DEPLOYER_PRIVATE_KEY=0x… CHAIN=anvil|base|base-sepolia npm run deploy -w packages/contracts
 * Optional: ADMIN_ADDRESS, MINTER_ADDRESS, VERIFIER_ADDRESS, OPERATOR_ADDRESS, FEE_RECIPIENT (each defaults
 * to the deployer), BASE_URI, ROYALTY_BPS, ARTWORK_ROYALTY_BPS, FEE_BPS, ADMIN_DELAY (seconds, default
 * 2 days). On Base the admin must differ from the hot key (minter/verifier) and FEE_RECIPIENT (the
 * treasury) is required (issue 13 item 8).
 */
import { createPublicClient, createWalletClient, getAddress, http, isAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base, baseSepolia, foundry } from 'viem/chains';
import { z } from 'zod';
import { deployContracts } from '../src/deploy';

const CHAINS = { anvil: foundry, base, 'base-sepolia': baseSepolia } as const;

const address = z
  .string()
  .refine((value) => isAddress(value), 'not an address')
  .transform((value) => getAddress(value));
const bps = z.coerce.number().int().min(0).max(1000);

const EnvSchema = z.object({
  RPC_URL: z.url(),
  DEPLOYER_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'expected 0x + 64 hex digits'),
  CHAIN: z.enum(['anvil', 'base', 'base-sepolia']),
  ADMIN_ADDRESS: address.optional(),
  MINTER_ADDRESS: address.optional(),
  VERIFIER_ADDRESS: address.optional(),
  OPERATOR_ADDRESS: address.optional(),
  FEE_RECIPIENT: address.optional(),
  BASE_URI: z.string().default(''),
  ROYALTY_BPS: bps.default(500),
  ARTWORK_ROYALTY_BPS: bps.default(500),
  FEE_BPS: bps.default(250),
  ADMIN_DELAY: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .default(2 * 86_400),
});

const parsed = EnvSchema.safeParse(process.env);
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  process.exit(1);
}
const env = parsed.data;
if (env.CHAIN !== 'anvil') {
  const hot = [env.MINTER_ADDRESS, env.VERIFIER_ADDRESS];
  if (!env.ADMIN_ADDRESS || hot.some((a) => !a || a === env.ADMIN_ADDRESS)) {
    console.error('ADMIN_ADDRESS, MINTER_ADDRESS and VERIFIER_ADDRESS are required; the admin is not the hot key');
    process.exit(1);
  }
  if (!env.FEE_RECIPIENT) {
    console.error('FEE_RECIPIENT (the treasury) is required');
    process.exit(1);
  }
}
const chain = CHAINS[env.CHAIN];
const account = privateKeyToAccount(env.DEPLOYER_PRIVATE_KEY as `0x${string}`);
const transport = http(env.RPC_URL);
const publicClient = createPublicClient({ chain, transport });
const walletClient = createWalletClient({ account, chain, transport });

const rpcChainId = await publicClient.getChainId();
if (rpcChainId !== chain.id) {
  console.error(`RPC_URL serves chain ${rpcChainId}, but CHAIN=${env.CHAIN} is chain ${chain.id}`);
  process.exit(1);
}

const deployed = await deployContracts({
  walletClient,
  publicClient,
  admin: env.ADMIN_ADDRESS ?? account.address,
  adminDelay: env.ADMIN_DELAY,
  minter: env.MINTER_ADDRESS ?? account.address,
  verifier: env.VERIFIER_ADDRESS ?? account.address,
  operator: env.OPERATOR_ADDRESS,
  feeRecipient: env.FEE_RECIPIENT ?? account.address,
  baseURI: env.BASE_URI,
  royaltyBps: env.ROYALTY_BPS,
  artworkRoyaltyBps: env.ARTWORK_ROYALTY_BPS,
  feeBps: env.FEE_BPS,
});

console.log(
  JSON.stringify(
    { chain: env.CHAIN, chainId: chain.id, ...deployed, deployBlock: deployed.deployBlock.toString() },
    null,
    2,
  ),
);

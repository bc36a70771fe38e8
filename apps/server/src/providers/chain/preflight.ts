/**
 * Start-up checks on Base / Base Sepolia: before the server takes a request it reads the configured
 * deployment back from the chain and lists every problem at once — the RPC serving another chain id, an
 * address without code (or with code that is not this build's contract), contracts wired to others, the
 * hot key (VERIFIER_PRIVATE_KEY) lacking a role of the key table or holding the admin role, a token base
 * URI that is not `${PUBLIC_URL}/api/nft/metadata/`, no Chainlink ETH/USD feed or Multicall3 where they
 * should be. Any problem stops the start-up (ConfigError); a low hot-key balance only warns.
 */
import { ADDRESS_ENV, checkDeployment } from '@app/contracts/verify-deployment';
import { CHAINLINK_ETH_USD_FEEDS } from '@app/domain/pricing';
import { type Address, formatEther, parseAbi, parseEther } from 'viem';
import { type Config, ConfigError } from '../../config';
import type { ChainService } from './chain-service';

const FEED_ABI = parseAbi([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);

/** The Chainlink ETH/USD aggregator the server reads on this chain (ETH_USD_FEED_ADDRESS or Chainlink's). */
export function ethUsdFeedAddress(config: Pick<Config, 'CHAIN' | 'ETH_USD_FEED_ADDRESS'>): Address | null {
  if (config.ETH_USD_FEED_ADDRESS) return config.ETH_USD_FEED_ADDRESS as Address;
  return config.CHAIN === 'base' || config.CHAIN === 'base-sepolia'
    ? (CHAINLINK_ETH_USD_FEEDS[config.CHAIN] as Address)
    : null;
}

/** The hot key's low-balance threshold in wei (HOT_KEY_LOW_BALANCE_ETH). */
export const lowBalanceWeiOf = (config: Pick<Config, 'HOT_KEY_LOW_BALANCE_ETH'>): bigint =>
  parseEther(config.HOT_KEY_LOW_BALANCE_ETH);

/**
 * Every problem with the chain configuration, in words naming the variable to fix (empty when none).
 * Never throws: an unreachable RPC is a problem too.
 */
export async function chainProblems(
  service: ChainService,
  config: Pick<Config, 'CHAIN' | 'RPC_URL' | 'ETH_USD_FEED_ADDRESS' | 'appOrigin'>,
): Promise<string[]> {
  const client = service.publicClient;
  let chainId: number;
  try {
    chainId = await client.getChainId();
  } catch (err) {
    return [`RPC_URL: ${config.RPC_URL} does not answer (${firstLine(err)})`];
  }
  if (chainId !== service.chain.id) {
    return [`RPC_URL: the node serves chain id ${chainId}, but CHAIN=${config.CHAIN} is chain id ${service.chain.id}`];
  }
  const problems = (
    await checkDeployment(client as never, {
      addresses: service.addresses,
      hotKey: service.account,
      names: ADDRESS_ENV,
      baseURI: `${config.appOrigin}/api/nft/metadata/`,
    })
  ).map((p) =>
    p.replace(
      /^(AVATAR_NFT_ADDRESS \S+): baseURI\(\) is "(.*)", not "(.*)"$/,
      '$1: token base URI is "$2", not "$3" (PUBLIC_URL): run `npm run deploy` with --public-url to set it',
    ),
  );
  const multicall = service.chain.contracts?.multicall3?.address;
  if (multicall && !(await hasCode(service, multicall)))
    problems.push(
      `RPC_URL: no Multicall3 at ${multicall}, which every Base network has: is RPC_URL a ${service.networkName} node?`,
    );
  const feed = ethUsdFeedAddress(config);
  if (feed) {
    if (!(await hasCode(service, feed)))
      problems.push(`ETH_USD_FEED_ADDRESS ${feed}: no contract code (the Chainlink ETH/USD feed)`);
    else {
      try {
        await client.readContract({ address: feed, abi: FEED_ABI, functionName: 'decimals' });
        await client.readContract({ address: feed, abi: FEED_ABI, functionName: 'latestRoundData' });
      } catch (err) {
        problems.push(`ETH_USD_FEED_ADDRESS ${feed}: not a Chainlink aggregator (${firstLine(err)})`);
      }
    }
  }
  return problems;
}

/**
 * Runs {@link chainProblems} and stops the start-up when there is any; warns about a low hot-key balance.
 * @throws ConfigError listing every problem
 */
export async function preflightChain(
  service: ChainService,
  config: Pick<Config, 'CHAIN' | 'RPC_URL' | 'ETH_USD_FEED_ADDRESS' | 'appOrigin' | 'HOT_KEY_LOW_BALANCE_ETH'>,
  warn: (message: string) => void = console.warn,
): Promise<void> {
  const problems = await chainProblems(service, config);
  if (problems.length) throw new ConfigError(problems);
  const balance = await service.publicClient.getBalance({ address: service.account }).catch(() => null);
  if (balance !== null && balance < lowBalanceWeiOf(config)) {
    warn(
      `chain: the hot key ${service.account} holds ${formatEther(balance)} ETH, below HOT_KEY_LOW_BALANCE_ETH=${config.HOT_KEY_LOW_BALANCE_ETH}: fund it before chain writes stop`,
    );
  }
}

async function hasCode(service: ChainService, address: Address): Promise<boolean> {
  const code = await service.publicClient.getCode({ address }).catch(() => undefined);
  return Boolean(code && code !== '0x');
}

function firstLine(err: unknown): string {
  const text = err instanceof Error ? ((err as { shortMessage?: string }).shortMessage ?? err.message) : String(err);
  return text.split('\n')[0]!.slice(0, 200);
}

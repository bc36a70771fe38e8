/**
 * What users do in the Base rehearsal, against two production replicas (A and B, PUBLIC_URL = A):
 * OIDC sign-in, an avatar created and minted, a task verified, an edition bought with crypto from a
 * SIWE-linked wallet and rated from it, an ERC-6492 smart-account sign-in; checks the feed price, the
 * fee cap, the explorer links and the readiness warnings on the way.
 */

import {
  type Account,
  type Address,
  type Chain,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
  parseEther,
  serializeErc6492Signature,
  type Transport,
  type WalletClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { testSmartAccountFactoryAbi } from '../../packages/contracts/src/fixtures';
import { marketplaceAbi, reputationRegistryAbi } from '../../packages/contracts/src/generated';
import { explorerTxUrl } from '../../packages/domain/src/blockchain';
import { check } from '../lib/checks.mjs';
import { until } from '../lib/wait.mjs';
import { api, authorize, Jar } from './support';

export interface FlowDeps {
  A: string;
  B: string;
  client: PublicClient<Transport, Chain>;
  admin: WalletClient<Transport, Chain, Account>;
  oidc: { pick(a: { sub: string; email: string; name: string }): void };
  factory: Address;
  feed: Address;
  hotKey: Address;
  maxFeePerGas: bigint;
}

export async function flows(d: FlowDeps): Promise<void> {
  const { A, B, client } = d;
  const call = api(A);
  const host = new URL(A).host;

  /** SIWE on `base` with `address`, signed by `sign`. */
  const siwe = async (base: string, address: Address, sign: (m: string) => Promise<Hex>) => {
    const jar = new Jar();
    const n = await call(base, 'GET', '/api/wallet/nonce', jar);
    const message = createSiweMessage({
      address,
      chainId: 84532,
      domain: host,
      nonce: String(n.json.nonce),
      uri: A,
      version: '1',
      issuedAt: new Date(),
    });
    const res = await call(base, 'POST', '/api/login/siwe', jar, { message, signature: await sign(message) });
    return { res, jar };
  };

  // OIDC sign-in on A (the first admin is named by ADMIN_EMAILS); the session works on B.
  d.oidc.pick({ sub: 'operator-1', email: 'operator@rehearsal.test', name: 'Ada Operator' });
  const seller = new Jar();
  const back = await authorize(await fetchLocation(A, seller), A);
  const done = await call(A, 'GET', `/api/callback${back.search}`, seller);
  const me = await call(B, 'GET', '/api/auth/user', seller);
  check(
    'sign-in through the OpenID provider on A; the session works on B; the listed e-mail is admin',
    done.status === 302 && me.status === 200 && me.json.email === 'operator@rehearsal.test' && me.json.role === 'admin',
    `${done.status} ${me.status} ${me.text.slice(0, 160)}`,
  );

  // Create an avatar through B; the outbox mints it under the hot key, fees under the cap.
  const created = await call(B, 'POST', '/api/avatars', seller, { name: 'BASE_PILOT', agentType: 'CREATOR' });
  const avatarId = Number(created.json.id);
  const avatar = await until(async () => {
    const r = await call(A, 'GET', `/api/avatars/${avatarId}`, seller);
    return r.json.tokenId && r.json.mintTxHash ? r.json : null;
  }, 120_000);
  const mintTx = avatar ? await client.getTransaction({ hash: avatar.mintTxHash as Hex }) : null;
  check(
    'an avatar created on B is minted by the hot key with EIP-1559 fees under MAX_FEE_PER_GAS_GWEI',
    created.status === 201 &&
      Boolean(avatar) &&
      mintTx?.from.toLowerCase() === d.hotKey.toLowerCase() &&
      mintTx?.type === 'eip1559' &&
      (mintTx?.maxFeePerGas ?? 0n) <= d.maxFeePerGas,
    `${created.status} token ${avatar?.tokenId} maxFeePerGas ${mintTx?.maxFeePerGas}`,
  );
  const network = await call(A, 'GET', '/api/blockchain/network', null);
  const link = explorerTxUrl(network.json.explorerUrl as string | null, String(avatar?.mintTxHash));
  check(
    'explorer links point at sepolia.basescan.org',
    network.json.chainId === 84532 && link === `https://sepolia.basescan.org/tx/${avatar?.mintTxHash}`,
    String(link),
  );
  const meta = await call(B, 'GET', `/api/nft/metadata/${avatar?.tokenId}`, null);
  check(
    'the token metadata is served under PUBLIC_URL',
    meta.status === 200 && meta.json.name === 'BASE_PILOT',
    meta.text.slice(0, 120),
  );

  // Verify a task (ERC-8004 validation request, response, XP).
  const verified = await call(A, 'POST', '/api/blockchain/verify-task', seller, {
    avatarId,
    taskType: 'avatar_create',
    taskData: {},
    userWalletAddress: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
  });
  const verifyHash = (verified.json.transactionHash as Hex | null) ?? null;
  const receipt = verifyHash ? await client.getTransactionReceipt({ hash: verifyHash }) : null;
  check(
    'a task is verified on chain',
    verified.json.success === true && receipt?.status === 'success',
    `${verified.status} ${verified.text.slice(0, 200)}`,
  );

  // The price comes from the configured Chainlink feed.
  const price = await call(B, 'GET', '/api/marketplace/price', null);
  check(
    'USD prices come from the Chainlink ETH/USD feed at ETH_USD_FEED_ADDRESS',
    price.json.source === 'chainlink:base-sepolia' && Number(price.json.usdPerEth) === 3125.5,
    price.text,
  );

  // A buyer signs in with a wallet (SIWE) and buys an edition with crypto.
  const buyerAccount = privateKeyToAccount(generatePrivateKey());
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [buyerAccount.address, numberToHex(parseEther('2'))] as never,
  });
  const buyerWallet = createWalletClient({
    account: buyerAccount,
    chain: client.chain,
    transport: http(client.transport.url),
  });
  const { res: buyerIn, jar: buyer } = await siwe(B, buyerAccount.address, (message) =>
    buyerAccount.signMessage({ message }),
  );
  check('a wallet signs in with Ethereum on B', buyerIn.status === 200, buyerIn.text.slice(0, 160));
  const priced = await call(A, 'PATCH', `/api/avatars/${avatarId}/price`, seller, { priceEth: '0.01' });
  const quote = await call(B, 'POST', '/api/purchases/avatar/prepare', buyer, { avatarId });
  let bought: { status: number; json: Record<string, unknown>; text: string } | null = null;
  if (quote.status === 200) {
    const hash = await buyerWallet.writeContract({
      address: quote.json.marketplaceAddress as Address,
      abi: marketplaceAbi,
      functionName: 'buyEdition',
      args: [BigInt(Number(quote.json.avatarId))],
      value: BigInt(String(quote.json.priceWei)),
    });
    await client.waitForTransactionReceipt({ hash });
    bought = await call(A, 'POST', '/api/purchases/confirm', buyer, { txHash: hash });
  }
  check(
    'an edition is bought with crypto and recorded from its receipt',
    priced.status === 200 && bought?.status === 201 && bought.json.status === 'completed' && bought.json.edition === 2,
    `${priced.status} ${quote.status} ${quote.text.slice(0, 160)} ${bought?.text.slice(0, 200)}`,
  );

  // The buyer rates the avatar from the wallet (ERC-8004 giveFeedback), confirmed by its receipt.
  const eligibility = await call(B, 'GET', `/api/avatars/${avatarId}/feedback`, buyer);
  const ref = (eligibility.json.interactions as { ref: string }[] | undefined)?.[0]?.ref;
  const rated = await call(B, 'POST', `/api/avatars/${avatarId}/feedback`, buyer, { interaction: ref, value: 80 });
  let confirmed: { status: number; json: Record<string, unknown>; text: string } | null = null;
  const walletCall = rated.json.call as { address: Address; args: string[] } | null;
  if (walletCall) {
    const [agentId, value, decimals, tag1, tag2, endpoint, uri, feedbackHash] = walletCall.args;
    const hash = await buyerWallet.writeContract({
      address: walletCall.address,
      abi: reputationRegistryAbi,
      functionName: 'giveFeedback',
      args: [BigInt(agentId!), BigInt(value!), Number(decimals), tag1!, tag2!, endpoint!, uri!, feedbackHash as Hex],
    });
    await client.waitForTransactionReceipt({ hash });
    confirmed = await call(A, 'POST', `/api/feedback/${rated.json.id}/confirm`, buyer, { txHash: hash });
  }
  const reputation = await call(A, 'GET', `/api/avatars/${avatarId}/reputation`, null);
  check(
    'the buyer rates the avatar from the wallet; the reputation summary counts it',
    confirmed?.json.status === 'confirmed' && reputation.json.count === 1 && reputation.json.average === 80,
    `${eligibility.status} ${rated.status} ${rated.text.slice(0, 160)} ${confirmed?.text.slice(0, 120)} ${reputation.text}`,
  );

  // A smart-wallet user whose account is not deployed yet signs in (ERC-6492).
  const owner = privateKeyToAccount(generatePrivateKey());
  const salt = numberToHex(7n, { size: 32 });
  const smart = (await client.readContract({
    address: d.factory,
    abi: testSmartAccountFactoryAbi,
    functionName: 'accountAddress',
    args: [owner.address, salt],
  })) as Address;
  const factoryData = encodeFunctionData({
    abi: testSmartAccountFactoryAbi,
    functionName: 'createAccount',
    args: [owner.address, salt],
  });
  const { res: smartIn } = await siwe(A, smart, async (message) =>
    serializeErc6492Signature({
      address: d.factory,
      data: factoryData,
      signature: await owner.signMessage({ message }),
    }),
  );
  check(
    'a not-yet-deployed smart account signs in with an ERC-6492 signature',
    smartIn.status === 200 &&
      smartIn.json.walletAddress === smart.toLowerCase() &&
      !(await client.getCode({ address: smart })),
    smartIn.text.slice(0, 160),
  );

  // Readiness: A is fine; B (HOT_KEY_LOW_BALANCE_ETH=1000) warns about the hot key, still ready.
  const readyA = await call(A, 'GET', '/api/health/ready', null);
  const readyB = await call(B, 'GET', '/api/health/ready', null);
  const warnings = (readyB.json.warnings as string[] | undefined) ?? [];
  check(
    '/api/health/ready warns (and stays ready) when the hot key balance is below the threshold',
    readyA.status === 200 &&
      (readyA.json.warnings as string[]).length === 0 &&
      readyB.status === 200 &&
      warnings.some((w) => w.startsWith(`low gas: the signing key ${d.hotKey}`)),
    `${readyA.text.slice(0, 160)} | ${readyB.text.slice(0, 300)}`,
  );
  const adminChain = await call(B, 'GET', '/api/admin/chain', seller);
  check(
    'the admin page data flags the low balance',
    adminChain.status === 200 && (adminChain.json.health as { lowBalance: boolean }).lowBalance === true,
    adminChain.text.slice(0, 200),
  );
}

/** The Location of `/api/login` (the provider's authorization URL), keeping the session cookie. */
async function fetchLocation(base: string, jar: Jar): Promise<string> {
  const res = await fetch(`${base}/api/login`, { redirect: 'manual', headers: { cookie: jar.header } });
  jar.take(res);
  const location = res.headers.get('location');
  if (!location) throw new Error(`/api/login answered ${res.status} without a redirect`);
  return location;
}

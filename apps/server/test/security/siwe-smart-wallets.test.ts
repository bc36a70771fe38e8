/**
 * Sign-In with Ethereum from smart wallets (Coinbase Smart Wallet, Safe): the server verifies the
 * message through the chain, so an ERC-1271 contract wallet signs in with its owner's signature, and a
 * wallet whose contract is not deployed yet signs in with an ERC-6492 signature (the factory and its
 * calldata wrapped around it; checked by a simulated deployment, nothing is sent). Fixtures: the test
 * smart account and CREATE2 factory of packages/contracts/test/fixtures.
 */
import { testSmartAccountFactoryAbi, testSmartAccountFactoryBytecode } from '@app/contracts/fixtures';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  numberToHex,
  serializeErc6492Signature,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { anvil } from 'viem/chains';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';
import { startTestChain } from '../helpers/chain';

const PUBLIC = 'https://avatars.example';
/** Anvil's dev account #3 pays for the factory and the deployed account. */
const PAYER = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6');

let chain: ChainRuntime;
let t: TestApp;
let factory: Address;
const publicClient = () => createPublicClient({ chain: anvil, transport: http(chain.rpcUrl) });
const payer = () => createWalletClient({ account: PAYER, chain: anvil, transport: http(chain.rpcUrl) });

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ PUBLIC_URL: PUBLIC }, { chain });
  const hash = await payer().deployContract({
    abi: testSmartAccountFactoryAbi,
    bytecode: testSmartAccountFactoryBytecode,
  });
  factory = (await publicClient().waitForTransactionReceipt({ hash })).contractAddress as Address;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

/** The smart account of `owner` and `salt` (its address is known before it is deployed). */
async function accountOf(owner: Address, salt: bigint): Promise<Address> {
  return publicClient().readContract({
    address: factory,
    abi: testSmartAccountFactoryAbi,
    functionName: 'accountAddress',
    args: [owner, numberToHex(salt, { size: 32 })],
  });
}

/** Asks for a nonce, builds the SIWE message for `address`, lets `sign` sign it, and posts it. */
async function signIn(address: Address, sign: (message: string) => Promise<Hex>) {
  const n = await t.app.inject({ url: '/api/wallet/nonce' });
  const { nonce } = n.json() as { nonce: string };
  const message = createSiweMessage({
    address,
    chainId: anvil.id,
    domain: 'avatars.example',
    nonce,
    uri: PUBLIC,
    version: '1',
    issuedAt: new Date(),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/login/siwe',
    headers: { cookie: sessionCookie(n.headers['set-cookie']) },
    payload: { message, signature: await sign(message) },
  });
}

describe('Sign-In with Ethereum from smart wallets', () => {
  it('accepts an ERC-1271 contract wallet signed by its owner, and refuses another key', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const hash = await payer().writeContract({
      address: factory,
      abi: testSmartAccountFactoryAbi,
      functionName: 'createAccount',
      args: [owner.address, numberToHex(1n, { size: 32 })],
    });
    await publicClient().waitForTransactionReceipt({ hash });
    const wallet = await accountOf(owner.address, 1n);
    expect(await publicClient().getCode({ address: wallet })).toMatch(/^0x[0-9a-f]{20,}/);

    const res = await signIn(wallet, (message) => owner.signMessage({ message }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().walletAddress).toBe(wallet.toLowerCase());

    const stranger = privateKeyToAccount(generatePrivateKey());
    const refused = await signIn(wallet, (message) => stranger.signMessage({ message }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('The signature does not match the message');
  });

  it('accepts an ERC-6492 signature of a smart account that is not deployed yet, without deploying it', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const salt = numberToHex(2n, { size: 32 });
    const wallet = await accountOf(owner.address, 2n);
    expect(await publicClient().getCode({ address: wallet })).toBeUndefined();
    const factoryData = encodeFunctionData({
      abi: testSmartAccountFactoryAbi,
      functionName: 'createAccount',
      args: [owner.address, salt],
    });
    const res = await signIn(wallet, async (message) =>
      serializeErc6492Signature({
        address: factory,
        data: factoryData,
        signature: await owner.signMessage({ message }),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().walletAddress).toBe(wallet.toLowerCase());
    // Verified in a simulated deployment: the account is still counterfactual.
    expect(await publicClient().getCode({ address: wallet })).toBeUndefined();

    const stranger = privateKeyToAccount(generatePrivateKey());
    const refused = await signIn(wallet, async (message) =>
      serializeErc6492Signature({
        address: factory,
        data: factoryData,
        signature: await stranger.signMessage({ message }),
      }),
    );
    expect(refused.statusCode).toBe(400);
  });

  it('still accepts a plain EOA signature', async () => {
    const eoa = privateKeyToAccount(generatePrivateKey());
    const res = await signIn(eoa.address, (message) => eoa.signMessage({ message }));
    expect(res.statusCode, res.body).toBe(200);
  });
});

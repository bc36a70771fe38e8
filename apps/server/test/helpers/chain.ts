/**
 * A throw-away anvil chain with freshly deployed contracts, for server tests that touch the chain,
 * and a signed-in user with a minted avatar on it.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Address, Hex } from 'viem';
import { anvil } from 'viem/chains';
import { createSiweMessage } from 'viem/siwe';
import { expect } from 'vitest';
import { ANVIL_ACCOUNT0_KEY, startAnvil } from '../../src/providers/chain/anvil';
import { ChainService } from '../../src/providers/chain/chain-service';
import { type ChainRuntime, deployAll } from '../../src/providers/chain/index';
import { installMulticall3 } from '../../src/providers/chain/multicall3';
import { signIn, type TestApp } from './app';

export async function startTestChain(): Promise<ChainRuntime> {
  const node = await startAnvil();
  try {
    await installMulticall3(node.rpcUrl);
    const addresses = await deployAll(node.rpcUrl, ANVIL_ACCOUNT0_KEY, 'http://localhost/api/nft/metadata/');
    const service = new ChainService({ kind: 'anvil', rpcUrl: node.rpcUrl, privateKey: ANVIL_ACCOUNT0_KEY }, addresses);
    return { service, rpcUrl: node.rpcUrl, close: () => node.stop() };
  } catch (err) {
    await node.stop();
    throw err;
  }
}

/**
 * Links the wallet at `address` to a signed-in session with Sign-In with Ethereum (EIP-4361), as the
 * web app does: a nonce from GET /api/wallet/nonce, a SIWE message for anvil's chain id signed by
 * `sign` (an account's key, or a smart wallet owner's for ERC-1271), then POST /api/wallet/link.
 * Returns the link response, whatever its status, and the signed message (to replay it).
 */
export async function linkWallet(
  app: FastifyInstance,
  cookie: string,
  address: Address,
  sign: (message: string) => Promise<Hex>,
): Promise<{ link: LightMyRequestResponse; message: string; signature: Hex }> {
  const { nonce, domain } = (await app.inject({ url: '/api/wallet/nonce', headers: { cookie } })).json();
  const message = createSiweMessage({
    address,
    chainId: anvil.id,
    domain,
    nonce,
    uri: `http://${domain}`,
    version: '1',
  });
  const signature = await sign(message);
  const link = await app.inject({
    method: 'POST',
    url: '/api/wallet/link',
    headers: { cookie },
    payload: { message, signature },
  });
  return { link, message, signature };
}

/**
 * Signs in as `email` and creates a HACKER avatar named `name`, whose mint (a chain-outbox intent)
 * is confirmed before the avatar is read back.
 */
export async function signInWithMintedAvatar(t: TestApp, email: string, name = 'CIPHER') {
  const s = await signIn(t.app, { email });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/avatars',
    headers: { cookie: s.cookie },
    payload: { name, agentType: 'HACKER' },
  });
  expect(res.statusCode).toBe(201);
  expect(await t.app.chainOutbox!.drain()).toBe(true);
  const fresh = await t.app.inject({ url: `/api/avatars/${res.json().id}`, headers: { cookie: s.cookie } });
  return {
    ...s,
    avatar: fresh.json() as { id: number; tokenId: number | null; contractAddress: string; mintTxHash: string },
  };
}

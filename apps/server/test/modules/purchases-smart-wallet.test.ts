/**
 * Crypto purchases from a smart wallet (Coinbase Smart Wallet, Safe): the wallet's contract calls the
 * Marketplace in a transaction its owner (or an ERC-4337 bundler) sends, paying from its own balance —
 * so the transaction's sender, recipient and value are not the buyer's. The purchase is recorded from
 * the Marketplace's `Purchased` event: its buyer (msg.sender, who paid the price) is the linked wallet.
 */
import {
  testSmartAccountAbi,
  testSmartAccountFactoryAbi,
  testSmartAccountFactoryBytecode,
} from '@app/contracts/fixtures';
import { type Address, createWalletClient, encodeFunctionData, http, numberToHex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { anvil } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceAbi } from '../../src/providers/chain/abis';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { linkWallet, startTestChain } from '../helpers/chain';

let chain: ChainRuntime;
let t: TestApp;

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' }, { chain });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

async function setBalance(address: Address, eth: string) {
  await chain.service.publicClient.request({
    method: 'anvil_setBalance' as never,
    params: [address, numberToHex(parseEther(eth))] as never,
  });
}

describe('crypto purchase from a smart wallet', () => {
  it('records an edition bought by a contract wallet in a transaction its owner sent', async () => {
    const client = chain.service.publicClient;
    const owner = privateKeyToAccount(generatePrivateKey());
    await setBalance(owner.address, '1');
    const ownerWallet = createWalletClient({ account: owner, chain: anvil, transport: http(chain.rpcUrl) });
    const factoryTx = await ownerWallet.deployContract({
      abi: testSmartAccountFactoryAbi,
      bytecode: testSmartAccountFactoryBytecode,
    });
    const factory = (await client.waitForTransactionReceipt({ hash: factoryTx })).contractAddress as Address;
    const salt = numberToHex(1n, { size: 32 });
    await client.waitForTransactionReceipt({
      hash: await ownerWallet.writeContract({
        address: factory,
        abi: testSmartAccountFactoryAbi,
        functionName: 'createAccount',
        args: [owner.address, salt],
      }),
    });
    const account = (await client.readContract({
      address: factory,
      abi: testSmartAccountFactoryAbi,
      functionName: 'accountAddress',
      args: [owner.address, salt],
    })) as Address;
    await setBalance(account, '1');

    // Seller: an avatar in custody, priced. Buyer: links the smart wallet (ERC-1271 SIWE).
    const seller = await signIn(t.app, { email: 'smart.seller@x.io' });
    const created = await call('POST', '/api/avatars', seller.cookie, { name: 'SMART_SERIES', agentType: 'HACKER' });
    expect(created.statusCode).toBe(201);
    expect(await t.app.chainOutbox!.drain()).toBe(true);
    const avatarId = created.json().id as number;
    expect(
      (await call('PATCH', `/api/avatars/${avatarId}/price`, seller.cookie, { priceEth: '0.02' })).statusCode,
    ).toBe(200);
    const buyer = await signIn(t.app, { email: 'smart.buyer@x.io' });
    const { link: linked } = await linkWallet(t.app, buyer.cookie, account, (message) =>
      owner.signMessage({ message }),
    );
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().walletAddress).toBe(account.toLowerCase());

    // The owner sends account.execute(Marketplace, price, buyEdition): tx.from = owner, tx.to = account, tx.value = 0.
    const quote = (await call('POST', '/api/purchases/avatar/prepare', buyer.cookie, { avatarId })).json();
    const hash = await ownerWallet.writeContract({
      address: account,
      abi: testSmartAccountAbi,
      functionName: 'execute',
      args: [
        quote.marketplaceAddress,
        BigInt(quote.priceWei),
        encodeFunctionData({ abi: marketplaceAbi, functionName: 'buyEdition', args: [BigInt(avatarId)] }),
      ],
    });
    const tx = await client.getTransaction({ hash });
    expect(tx.value).toBe(0n);
    await client.waitForTransactionReceipt({ hash });

    const stranger = await signIn(t.app, { email: 'smart.stranger@x.io' });
    // someone else cannot claim it
    expect(
      (await call('POST', '/api/purchases/confirm', stranger.cookie, { txHash: hash })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    const res = await call('POST', '/api/purchases/confirm', buyer.cookie, { txHash: hash });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'completed',
      kind: 'avatar',
      paymentMethod: 'crypto',
      edition: 2,
      priceEth: '0.02',
    });
    expect(await chain.service.ownerOf(res.json().tokenId)).toBe(account);
  });
});

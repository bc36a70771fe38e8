/**
 * Walk every tokenURI: after a seeded run plus one voucher mint, one wallet
 * purchase, one artwork task and self-registrations by an outside account (register() called on the
 * contract directly), every token of every contract (AvatarNFT, ArtworkNFT) has a tokenURI that
 * resolves — 200 and valid JSON whose image is reachable — on the public origin from configuration;
 * a token registered without a URI has an empty tokenURI.
 */
import { type Address, createWalletClient, type Hash, http, parseAbi, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { anvil } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../src/db/seed';
import { DEMO_CATALOGUE_QUEUE } from '../../src/modules/demo/demo-catalogue';
import { artworkNftAbi, avatarNftAbi, marketplaceAbi } from '../../src/providers/chain/abis';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, openTestDatabase, signIn, type TestApp } from '../helpers/app';
import { linkWallet, startTestChain } from '../helpers/chain';

/** The origin startTestChain deploys the AvatarNFT base URI with (`http://localhost/api/nft/metadata/`). */
const PUBLIC_URL = 'http://localhost';
/** The ERC-8004 self-registration overloads, as an outside client sees them. */
const registerAbi = parseAbi(['function register() returns (uint256)', 'function register(string) returns (uint256)']);

let chain: ChainRuntime;
let t: TestApp;

beforeAll(async () => {
  chain = await startTestChain();
  const database = await openTestDatabase();
  await seedIfEmpty(database.db, { count: 21, portraitsNow: 0 });
  t = await createTestApp({ PUBLIC_URL }, { chain, database });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

async function fund(address: Address) {
  await chain.service.publicClient.request({
    method: 'anvil_setBalance' as never,
    params: [address, `0x${parseEther('10').toString(16)}`] as never,
  });
}

/** A signed-in user with a linked (SIWE), funded wallet. */
async function walletUser(email: string) {
  const s = await signIn(t.app, { email });
  const account = privateKeyToAccount(generatePrivateKey());
  const wallet = createWalletClient({ account, chain: anvil, transport: http(chain.rpcUrl) });
  const { link } = await linkWallet(t.app, s.cookie, account.address, (message) => wallet.signMessage({ message }));
  expect(link.statusCode, link.body).toBe(200);
  await fund(account.address);
  return { ...s, account, wallet };
}

async function createAvatar(cookie: string, name: string) {
  const res = await call('POST', '/api/avatars', cookie, { name, agentType: 'CREATOR' });
  expect(res.statusCode, res.body).toBe(201);
  expect(await t.app.chainOutbox!.drain()).toBe(true);
  return (await call('GET', `/api/avatars/${res.json().id}`, cookie)).json() as { id: number; tokenId: number };
}

/** GETs an absolute URL of the app (it must be on the configured public origin) or decodes a data: URI. */
async function resolve(uri: string): Promise<{ status: number; type: string; body: Buffer }> {
  if (uri.startsWith('data:')) {
    const [head, data] = [uri.slice(5, uri.indexOf(',')), uri.slice(uri.indexOf(',') + 1)];
    const body = head.endsWith(';base64') ? Buffer.from(data, 'base64') : Buffer.from(decodeURIComponent(data));
    return { status: 200, type: head.replace(/;base64$/, ''), body };
  }
  const url = new URL(uri);
  expect(url.origin, `${uri} is not on the public origin`).toBe(t.config.appOrigin);
  const res = await t.app.inject({ url: url.pathname + url.search });
  return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), body: res.rawPayload };
}

/** Fetches a tokenURI: 200, valid JSON with a name, and an image that answers 200 with an image type. */
async function checkTokenUri(contract: string, tokenId: number, uri: string) {
  const where = `${contract} #${tokenId} (${uri.slice(0, 80)})`;
  const doc = await resolve(uri);
  expect(doc.status, where).toBe(200);
  const json = JSON.parse(doc.body.toString('utf8')) as { name?: string; image?: string };
  expect(json.name, where).toEqual(expect.any(String));
  expect(json.image, where).toEqual(expect.any(String));
  const img = await resolve(json.image!);
  expect(img.status, `image of ${where}: ${json.image}`).toBe(200);
  expect(img.type, `image of ${where}`).toMatch(/^image\//);
  return json;
}

describe('every tokenURI resolves', () => {
  it('walks every AvatarNFT and ArtworkNFT token after a seeded run, a voucher mint, a wallet purchase and self-registrations', async () => {
    // the seeded run: the demo catalogue job draws portraits and mints every demo avatar
    await t.app.jobs.drain([DEMO_CATALOGUE_QUEUE], 150_000);
    expect(await t.app.chainOutbox!.drain()).toBe(true);

    // one voucher mint (edition 2 of a user's series, paid by her wallet)
    const creator = await walletUser('uri.creator@x.io');
    const series = await createAvatar(creator.cookie, 'URI_SERIES');
    const v = (await call('POST', '/api/nft/voucher', creator.cookie, { avatarId: series.id })).json();
    const voucherTx = await creator.wallet.writeContract({
      address: chain.service.addresses.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'mintWithVoucher',
      args: [
        {
          ...v.voucher,
          avatarId: BigInt(v.voucher.avatarId),
          price: BigInt(v.voucher.price),
          nonce: BigInt(v.voucher.nonce),
          deadline: BigInt(v.voucher.deadline),
        },
        v.signature,
      ],
      value: BigInt(v.voucher.price),
    });
    await chain.service.publicClient.waitForTransactionReceipt({ hash: voucherTx });

    // one wallet purchase (Marketplace.buyEdition), recorded from its receipt
    expect(
      (await call('PATCH', `/api/avatars/${series.id}/price`, creator.cookie, { priceEth: '0.01' })).statusCode,
    ).toBe(200);
    const buyer = await walletUser('uri.buyer@x.io');
    const quote = (await call('POST', '/api/purchases/avatar/prepare', buyer.cookie, { avatarId: series.id })).json();
    const buyTx: Hash = await buyer.wallet.writeContract({
      address: quote.marketplaceAddress,
      abi: marketplaceAbi,
      functionName: 'buyEdition',
      args: [BigInt(quote.avatarId)],
      value: BigInt(quote.priceWei),
    });
    await chain.service.publicClient.waitForTransactionReceipt({ hash: buyTx });
    expect((await call('POST', '/api/purchases/confirm', buyer.cookie, { txHash: buyTx })).statusCode).toBe(201);

    // one artwork (ArtworkNFT) made by an agent task
    const art = await call('POST', `/api/avatars/${series.id}/tasks`, creator.cookie, {
      taskType: 'mint_art_nft',
      prompt: 'a neon heron',
    });
    expect(art.statusCode).toBe(202);
    await t.app.tasks.idle();
    expect(await t.app.chainOutbox!.drain()).toBe(true);

    // self-registrations by an outside account, straight on the contract: without a URI, and with its own
    const outsider = privateKeyToAccount(generatePrivateKey());
    await fund(outsider.address);
    const outside = createWalletClient({ account: outsider, chain: anvil, transport: http(chain.rpcUrl) });
    const ownFile = `data:application/json;base64,${Buffer.from(
      JSON.stringify({
        type: 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1',
        name: 'Outside agent',
        image: `${PUBLIC_URL}/api/nft/metadata/1/image.svg`,
      }),
    ).toString('base64')}`;
    const bare = await outside.writeContract({
      address: chain.service.addresses.avatarNFT,
      abi: registerAbi,
      functionName: 'register',
    });
    await chain.service.publicClient.waitForTransactionReceipt({ hash: bare });
    const withUri = await outside.writeContract({
      address: chain.service.addresses.avatarNFT,
      abi: registerAbi,
      functionName: 'register',
      args: [ownFile],
    });
    await chain.service.publicClient.waitForTransactionReceipt({ hash: withUri });

    const read = (
      address: Address,
      abi: typeof avatarNftAbi | typeof artworkNftAbi,
      functionName: string,
      args: unknown[] = [],
    ) => chain.service.publicClient.readContract({ address, abi, functionName, args } as never) as Promise<unknown>;

    const avatarNft = chain.service.addresses.avatarNFT;
    const avatarCount = Number(await read(avatarNft, avatarNftAbi, 'totalMinted'));
    expect(avatarCount).toBeGreaterThanOrEqual(21 + 1 + 1 + 1 + 2);
    const empty: number[] = [];
    for (let id = 1; id <= avatarCount; id++) {
      const uri = (await read(avatarNft, avatarNftAbi, 'tokenURI', [BigInt(id)])) as string;
      if (uri === '') {
        empty.push(id);
        continue;
      }
      const json = await checkTokenUri('AvatarNFT', id, uri);
      if (uri !== ownFile)
        expect(json).toMatchObject({ type: 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1' });
    }
    // only the agent registered without a URI has an empty tokenURI (never a dead link)
    expect(empty).toEqual([avatarCount - 1]);
    expect(await read(avatarNft, avatarNftAbi, 'ownerOf', [BigInt(avatarCount - 1)])).toBe(outsider.address);

    const artworkNft = chain.service.addresses.artworkNFT;
    const artCount = Number(await read(artworkNft, artworkNftAbi, 'totalMinted'));
    expect(artCount).toBeGreaterThanOrEqual(1);
    for (let id = 1; id <= artCount; id++) {
      await checkTokenUri(
        'ArtworkNFT',
        id,
        (await read(artworkNft, artworkNftAbi, 'tokenURI', [BigInt(id)])) as string,
      );
    }
  }, 400_000);
});

import { eq } from 'drizzle-orm';
import { createWalletClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { anvil } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarEditions, avatarSkills, skills } from '../../src/db/schema';
import { avatarNftAbi } from '../../src/providers/chain/abis';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { linkWallet, startTestChain } from '../helpers/chain';

let chain: ChainRuntime;
let t: TestApp;

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({}, { chain });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

/** A signed-in user with an avatar and a linked, funded wallet. */
async function setup(email: string) {
  const s = await signIn(t.app, { email });
  const created = (
    await t.app.inject({
      method: 'POST',
      url: '/api/avatars',
      headers: { cookie: s.cookie },
      payload: { name: 'EDITIONS', agentType: 'CREATOR' },
    })
  ).json();
  // The mint is a chain-outbox intent: let the writer confirm it, then read the avatar.
  expect(await t.app.chainOutbox!.drain()).toBe(true);
  const avatar = (await t.app.inject({ url: `/api/avatars/${created.id}`, headers: { cookie: s.cookie } })).json();
  const account = privateKeyToAccount(generatePrivateKey());
  const wallet = createWalletClient({ account, chain: anvil, transport: http(chain.rpcUrl) });
  const { link } = await linkWallet(t.app, s.cookie, account.address, (message) => wallet.signMessage({ message }));
  expect(link.statusCode).toBe(200);
  const faucet = await t.app.inject({
    method: 'POST',
    url: '/api/chain/faucet',
    headers: { cookie: s.cookie },
    payload: { address: account.address },
  });
  expect(faucet.json().balanceEth).toBe('10');
  return { ...s, avatar, account, wallet };
}

describe('NFT page actions', () => {
  it('mints an edition with a server-signed voucher paid by the user wallet, recorded once', async () => {
    const { cookie, avatar, wallet, account } = await setup('voucher@x.io');
    const v = await t.app.inject({
      method: 'POST',
      url: '/api/nft/voucher',
      headers: { cookie },
      payload: { avatarId: avatar.id, edition: 2, maxEditions: avatar.maxEditions },
    });
    expect(v.statusCode).toBe(200);
    const { voucher, signature } = v.json();
    const hash = await wallet.writeContract({
      address: chain.service.addresses.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'mintWithVoucher',
      args: [
        {
          ...voucher,
          avatarId: BigInt(voucher.avatarId),
          price: BigInt(voucher.price),
          nonce: BigInt(voucher.nonce),
          deadline: BigInt(voucher.deadline),
        },
        signature,
      ],
      value: BigInt(voucher.price),
    });
    await chain.service.publicClient.waitForTransactionReceipt({ hash });
    const rec = await t.app.inject({
      method: 'POST',
      url: '/api/nft/mints',
      headers: { cookie },
      payload: { txHash: hash },
    });
    expect(rec.statusCode).toBe(201);
    expect(rec.json()).toMatchObject({ edition: 2, avatarId: avatar.id });
    expect(await chain.service.ownerOf(rec.json().tokenId)).toBe(account.address);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/nft/mints',
      headers: { cookie },
      payload: { txHash: hash },
    });
    expect(again.statusCode).toBe(200);
    expect(
      await t.database.db.select().from(avatarEditions).where(eq(avatarEditions.avatarId, avatar.id)),
    ).toHaveLength(2);
    // a wrong edition number or series size is refused before anything is signed
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/nft/voucher',
      headers: { cookie },
      payload: { avatarId: avatar.id, edition: 7 },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('records only skills the avatar really has, up to its proficiency', async () => {
    const { cookie, avatar } = await setup('skills@x.io');
    const [skill] = await t.database.db.insert(skills).values({ name: 'Glitch Art', category: 'creative' }).returning();
    await t.database.db.insert(avatarSkills).values({ avatarId: avatar.id, skillId: skill!.id, proficiency: 60 });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/nft/skills',
      headers: { cookie },
      payload: { tokenId: avatar.tokenId, skillName: 'glitch art', proficiency: 55 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().transactionHash).toMatch(/^0x/);
    const has = await chain.service.publicClient.readContract({
      address: chain.service.addresses.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'skillOf',
      args: [BigInt(avatar.tokenId), BigInt(skill!.id)],
    });
    expect(has).toEqual([true, 55]);
    const tooHigh = await t.app.inject({
      method: 'POST',
      url: '/api/nft/skills',
      headers: { cookie },
      payload: { tokenId: avatar.tokenId, skillName: 'Glitch Art', proficiency: 90 },
    });
    expect(tooHigh.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/nft/skills',
      headers: { cookie },
      payload: { tokenId: avatar.tokenId, skillName: 'Cooking', proficiency: 5 },
    });
    expect(missing.statusCode).toBe(400);
    const outOfRange = await t.app.inject({
      method: 'POST',
      url: '/api/nft/skills',
      headers: { cookie },
      payload: { tokenId: avatar.tokenId, skillName: 'Glitch Art', proficiency: 101 },
    });
    expect(outOfRange.statusCode).toBe(400);
  });

  it('reads back an ERC-4907 delegation made by the owner wallet', async () => {
    const { cookie, avatar, wallet } = await setup('delegate@x.io');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/avatars/${avatar.id}/claim`, headers: { cookie } })).statusCode,
    ).toBe(200);
    const delegate = privateKeyToAccount(generatePrivateKey()).address;
    const expires = BigInt(Math.floor(Date.now() / 1000) + 3 * 86400);
    const hash = await wallet.writeContract({
      address: chain.service.addresses.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'setUser',
      args: [BigInt(avatar.tokenId), delegate, expires],
    });
    await chain.service.publicClient.waitForTransactionReceipt({ hash });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/nft/delegations',
      headers: { cookie },
      payload: { tokenId: avatar.tokenId, txHash: hash },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ delegationStatus: 'DELEGATED', user: delegate, expires: Number(expires) });
    const tokens = (await t.app.inject({ url: '/api/nft/tokens', headers: { cookie } })).json();
    expect(tokens[0]).toMatchObject({ tokenId: avatar.tokenId, inCustody: false, delegate });
  });

  it('reads every token of a page (holder, delegate) in one RPC request through Multicall3', async () => {
    const { cookie } = await setup('many@x.io');
    for (const name of ['MORE_1', 'MORE_2', 'MORE_3']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/avatars', headers: { cookie }, payload: { name } });
      expect(res.statusCode).toBe(201);
    }
    // The mints are outbox intents: let the writer finish, so its RPC calls are not counted below.
    expect(await t.app.chainOutbox!.drain()).toBe(true);
    const before = chain.service.rpcRequestCount;
    const tokens = (await t.app.inject({ url: '/api/nft/tokens', headers: { cookie } })).json();
    expect(chain.service.rpcRequestCount - before).toBe(1);
    expect(tokens).toHaveLength(4);
    for (const tok of tokens) {
      const holder = await chain.service.ownerOf(tok.tokenId);
      expect(tok).toMatchObject({ holder, inCustody: holder === chain.service.account, delegate: null });
    }
  });

  it("refuses another user's token", async () => {
    const a = await setup('mine@x.io');
    const b = await signIn(t.app, { email: 'thief@x.io' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/nft/skills',
      headers: { cookie: b.cookie },
      payload: { tokenId: a.avatar.tokenId, skillName: 'x', proficiency: 1 },
    });
    expect(res.statusCode).toBe(403);
  });
});

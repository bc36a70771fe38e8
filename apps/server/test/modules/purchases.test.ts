/**
 * Buying and selling on anvil: skill listings and avatar prices, and editions bought with the wallet
 * (recorded only from a checked receipt, once per hash).
 * Runs on PGlite, and on PostgreSQL with TEST_DB_DRIVER=postgres.
 */
import { eq } from 'drizzle-orm';
import { createWalletClient, http, parseEther } from 'viem';
import { anvil } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { avatarEditions } from '../../src/db/schema';
import { avatarNftAbi, marketplaceAbi } from '../../src/providers/chain/abis';
import { startAnvil } from '../../src/providers/chain/anvil';

import {
  balanceOf,
  buyEditionWithWallet,
  call,
  chain,
  countRows,
  createAvatar,
  giveSkill,
  listSkill,
  setPrice,
  t,
  usePurchaseApp,
  user,
} from '../helpers/purchases';

usePurchaseApp();

describe('selling: skill listings and avatar prices', () => {
  it('lists a skill of your own avatar at most at its proficiency, once, and cancels it', async () => {
    const seller = await user('sell.list@x.io');
    const other = await user('sell.other@x.io');
    const avatar = await createAvatar(seller.cookie, 'LISTER');
    const skillId = await giveSkill(avatar.id, 'Rust', 70);
    const base = { avatarId: avatar.id, skillId, priceEth: '0.04', proficiencyLevel: 60, description: 'Teaches Rust' };

    expect((await call('POST', '/api/skill-listings', undefined, base)).statusCode).toBe(401);
    expect((await call('POST', '/api/skill-listings', other.cookie, base)).statusCode).toBe(403);
    const tooHigh = await call('POST', '/api/skill-listings', seller.cookie, { ...base, proficiencyLevel: 71 });
    expect(tooHigh.statusCode).toBe(409);
    expect(tooHigh.json().error).toContain('proficiency is 70');
    expect((await call('POST', '/api/skill-listings', seller.cookie, { ...base, priceEth: '0' })).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/skill-listings', seller.cookie, { ...base, priceEth: '0.000000001' })).statusCode,
    ).toBe(400);
    const missing = await giveSkill((await createAvatar(other.cookie, 'NOPE')).id, 'Haskell', 50);
    expect((await call('POST', '/api/skill-listings', seller.cookie, { ...base, skillId: missing })).statusCode).toBe(
      409,
    );

    const listing = await listSkill(seller.cookie, base);
    expect(listing).toMatchObject({ avatarId: avatar.id, skillName: 'Rust', price: '0.04', proficiencyLevel: 60 });
    expect(listing.priceWei).toBe(parseEther('0.04').toString());
    expect((await call('POST', '/api/skill-listings', seller.cookie, base)).statusCode).toBe(409);

    const active = (await call('GET', '/api/skill-listings?active=1')).json() as { id: number }[];
    expect(active.some((l) => l.id === listing.id)).toBe(true);
    expect((await call('GET', '/api/skill-listings?mine=1')).statusCode).toBe(401);
    const mine = (await call('GET', '/api/skill-listings?mine=1', seller.cookie)).json() as { id: number }[];
    expect(mine.map((l) => l.id)).toEqual([listing.id]);

    expect((await call('DELETE', `/api/skill-listings/${listing.id}`, other.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/skill-listings/${listing.id}`, seller.cookie)).statusCode).toBe(204);
    const after = (await call('GET', '/api/skill-listings?active=1')).json() as { id: number }[];
    expect(after.some((l) => l.id === listing.id)).toBe(false);
  });

  it('hides a listing whose avatar no longer has the skill at the listed proficiency', async () => {
    const seller = await user('sell.stale@x.io');
    const avatar = await createAvatar(seller.cookie, 'FADING');
    const skillId = await giveSkill(avatar.id, 'Elixir', 80);
    const listing = await listSkill(seller.cookie, {
      avatarId: avatar.id,
      skillId,
      priceEth: '0.03',
      proficiencyLevel: 80,
    });
    await giveSkill(avatar.id, 'Elixir', 50);
    const active = (await call('GET', `/api/skill-listings?active=1&skillId=${skillId}`)).json() as { id: number }[];
    expect(active.some((l) => l.id === listing.id)).toBe(false);
  });

  it('prices your avatar (mirrored to Marketplace.setEditionPrice), only yours, and takes it off sale', async () => {
    const owner = await user('price.owner@x.io');
    const other = await user('price.other@x.io');
    const avatar = await createAvatar(owner.cookie, 'PRICED');
    expect(avatar.tokenId).not.toBeNull();
    expect((await call('PATCH', `/api/avatars/${avatar.id}/price`, undefined, { priceEth: '0.1' })).statusCode).toBe(
      401,
    );
    expect((await call('PATCH', `/api/avatars/${avatar.id}/price`, other.cookie, { priceEth: '0.1' })).statusCode).toBe(
      403,
    );
    expect((await call('PATCH', `/api/avatars/${avatar.id}/price`, owner.cookie, { priceEth: 'ten' })).statusCode).toBe(
      400,
    );
    const priced = await setPrice(owner.cookie, avatar.id, '0.12');
    expect(priced).toMatchObject({ priceEth: '0.12', priceWei: parseEther('0.12').toString() });
    expect(priced.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    const onChain = await chain.service.publicClient.readContract({
      address: chain.service.addresses.marketplace,
      abi: marketplaceAbi,
      functionName: 'editionPrice',
      args: [BigInt(avatar.id)],
    });
    expect(onChain).toBe(parseEther('0.12'));
    expect((await setPrice(owner.cookie, avatar.id, null)).priceEth).toBeNull();
    const off = await chain.service.publicClient.readContract({
      address: chain.service.addresses.marketplace,
      abi: marketplaceAbi,
      functionName: 'editionPrice',
      args: [BigInt(avatar.id)],
    });
    expect(off).toBe(0n);
  });
});

describe('crypto: editions bought with the wallet', () => {
  it('records a buyEdition once from its receipt; the contract paid the seller; the buyer gets her edition avatar', async () => {
    const seller = await user('cx.seller@x.io', { wallet: true });
    const buyer = await user('cx.buyer@x.io', { wallet: true });
    const series = await createAvatar(seller.cookie, 'WALLET_SERIES', 'CREATOR');
    await giveSkill(series.id, 'Synthwave', 77);
    await setPrice(seller.cookie, series.id, '0.05');
    expect(
      (await call('POST', '/api/purchases/avatar/prepare', seller.cookie, { avatarId: series.id })).statusCode,
    ).toBe(409);

    const sellerBefore = await balanceOf(seller.account!.address);
    const hash = await buyEditionWithWallet(buyer, series.id);
    const fee = (parseEther('0.05') * 250n) / 10_000n;
    expect((await balanceOf(seller.account!.address)) - sellerBefore).toBe(parseEther('0.05') - fee);

    const res = await call('POST', '/api/purchases/confirm', buyer.cookie, { txHash: hash });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json();
    expect(result).toMatchObject({
      status: 'completed',
      kind: 'avatar',
      paymentMethod: 'crypto',
      seriesAvatarId: series.id,
      edition: 2,
      priceEth: '0.05',
      transactionHash: hash,
    });
    expect(await chain.service.ownerOf(result.tokenId)).toBe(buyer.account!.address);
    const mine = (await call('GET', '/api/avatars', buyer.cookie)).json() as {
      id: number;
      name: string;
      tokenId: number;
      edition: number;
      skills: { name: string }[];
    }[];
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: result.avatarId, name: 'WALLET_SERIES', tokenId: result.tokenId, edition: 2 });
    expect(mine[0]!.skills.map((s) => s.name)).toContain('Synthwave');

    // the same hash again: the same answer, nothing new; through the spec-shaped route as well
    const again = await call('POST', '/api/purchases/confirm', buyer.cookie, { txHash: hash });
    expect(again.statusCode).toBe(200);
    expect(again.json().avatarId).toBe(result.avatarId);
    const viaRoute = await call('POST', '/api/purchase-avatar', buyer.cookie, {
      avatarId: series.id,
      paymentMethod: 'crypto',
      txHash: hash,
    });
    expect(viaRoute.statusCode).toBe(200);
    const rows = await t.database.db.select().from(avatarEditions).where(eq(avatarEditions.transactionHash, hash));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'marketplace', userId: buyer.user.id, edition: 2 });

    // someone else cannot claim it: the buyer is not their linked wallet
    const thief = await user('cx.thief@x.io', { wallet: true });
    expect((await call('POST', '/api/purchases/confirm', thief.cookie, { txHash: hash })).statusCode).toBe(400);
    // a crypto purchase without a linked wallet cannot even be prepared
    const noWallet = await user('cx.nowallet@x.io');
    expect(
      (await call('POST', '/api/purchases/avatar/prepare', noWallet.cookie, { avatarId: series.id })).statusCode,
    ).toBe(400);
  });

  it('refuses a receipt for the wrong contract, value, chain or buyer, and a mismatching item', async () => {
    const seller = await user('bad.seller@x.io', { wallet: true });
    const buyer = await user('bad.buyer@x.io', { wallet: true });
    const series = await createAvatar(seller.cookie, 'BAD_RECEIPTS');
    await setPrice(seller.cookie, series.id, '0.02');
    const before = await countRows(avatarEditions);

    // wrong contract: a successful transaction to the AvatarNFT contract
    const approve = await buyer.wallet!.writeContract({
      address: chain.service.addresses.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'setApprovalForAll',
      args: [seller.account!.address, true],
      account: buyer.account!,
      chain: anvil,
    });
    await chain.service.publicClient.waitForTransactionReceipt({ hash: approve });
    const wrongContract = await call('POST', '/api/purchases/confirm', buyer.cookie, { txHash: approve });
    expect(wrongContract.statusCode).toBe(400);
    expect(wrongContract.json().error).toContain('Marketplace');

    // wrong value: the on-chain price drifted below the avatar's price (set behind the app's back)
    await chain.service.write({
      address: chain.service.addresses.marketplace,
      abi: marketplaceAbi,
      functionName: 'setEditionPrice',
      args: [BigInt(series.id), parseEther('0.001')],
    });
    const cheap = await buyer.wallet!.writeContract({
      address: chain.service.addresses.marketplace,
      abi: marketplaceAbi,
      functionName: 'buyEdition',
      args: [BigInt(series.id)],
      value: parseEther('0.001'),
      account: buyer.account!,
      chain: anvil,
    });
    await chain.service.publicClient.waitForTransactionReceipt({ hash: cheap });
    const wrongValue = await call('POST', '/api/purchases/confirm', buyer.cookie, { txHash: cheap });
    expect(wrongValue.statusCode).toBe(400);
    expect(wrongValue.json().error).toContain('price');

    // wrong chain: a purchase made on another chain is not on ours
    const other = await startAnvil();
    try {
      const otherWallet = createWalletClient({ account: buyer.account!, chain: anvil, transport: http(other.rpcUrl) });
      await otherWallet.request({
        method: 'anvil_setBalance' as never,
        params: [buyer.account!.address, `0x${parseEther('1').toString(16)}`] as never,
      });
      const foreign = await otherWallet.sendTransaction({
        account: buyer.account!,
        chain: anvil,
        to: chain.service.addresses.marketplace,
        value: 1n,
      });
      const wrongChain = await call('POST', '/api/purchases/confirm', buyer.cookie, { txHash: foreign });
      expect(wrongChain.statusCode).toBe(400);
      expect(wrongChain.json().error).toContain('not found');
    } finally {
      await other.stop();
    }

    // wrong buyer: a real purchase by another wallet
    const good = await buyEditionWithWallet(buyer, series.id);
    const stranger = await user('bad.stranger@x.io', { wallet: true });
    const wrongBuyer = await call('POST', '/api/purchases/confirm', stranger.cookie, { txHash: good });
    expect(wrongBuyer.statusCode).toBe(400);
    expect(wrongBuyer.json().error).toContain('linked wallet');
    // the right buyer, but asking for another avatar than the transaction bought
    const mismatch = await call('POST', '/api/purchase-avatar', buyer.cookie, {
      avatarId: series.id + 1000,
      paymentMethod: 'crypto',
      txHash: good,
    });
    expect(mismatch.statusCode).toBe(400);
    // a hash that does not exist
    expect(
      (await call('POST', '/api/purchases/confirm', buyer.cookie, { txHash: `0x${'ab'.repeat(32)}` })).statusCode,
    ).toBe(400);
    expect(await countRows(avatarEditions)).toBe(before);

    expect((await call('POST', '/api/purchases/confirm', buyer.cookie, { txHash: good })).statusCode).toBe(201);
  });
});

/**
 * The Marketplace contract as the purchase flows use it (DESIGN §3; IMarketplace.sol): typed reads,
 * the server's writes (edition prices, series creators, skill listings and skills — the server key
 * holds OPERATOR_ROLE on the Marketplace and MINTER/VERIFIER_ROLE on AvatarNFT), and the receipt
 * check every wallet purchase passes before it is recorded. All writes go through ChainService's
 * queue and resolve after their receipt. Amounts are wei (bigint).
 */
import { type Address, getAddress, type Hash, isAddressEqual, parseEventLogs, type TransactionReceipt } from 'viem';
import { HttpError } from '../../lib/http-error';
import { avatarNftAbi, marketplaceAbi } from '../../providers/chain/abis';
import type { ChainService, WriteReceipt } from '../../providers/chain/chain-service';

/** IMarketplace.ItemKind. */
export const ITEM_KIND = { EDITION: 0, SKILL: 1 } as const;

/** IAvatarNFT.Series: `maxEditions` 0 = no edition minted yet. */
export interface ChainSeries {
  creator: Address;
  maxEditions: number;
  minted: number;
}

/** IMarketplace.SkillListing (all zero for unknown ids). */
export interface ChainListing {
  seller: Address;
  expiresAt: number;
  proficiency: number;
  active: boolean;
  tokenId: bigint;
  skillId: bigint;
  price: bigint;
}

/** A `Purchased` event of our Marketplace, decoded. */
export interface PurchasedEvent {
  buyer: Address;
  kind: number;
  itemId: bigint;
  tokenId: bigint;
  seller: Address;
  price: bigint;
  fee: bigint;
  royalty: bigint;
}

/**
 * A confirmed wallet purchase: its receipt, the sender and value of the transaction (a smart wallet's
 * transaction is sent by its owner or a bundler, so neither need be the buyer's), and what it bought.
 */
export interface VerifiedPurchase {
  receipt: TransactionReceipt;
  from: Address;
  value: bigint;
  purchased: PurchasedEvent;
  /** EDITION: the AvatarNFT `AvatarMinted` event of the same transaction. */
  minted: { tokenId: number; avatarId: number; edition: number; to: Address } | null;
  /** SKILL: the AvatarNFT `SkillUpdated` event (tokenId, skillId, proficiency). */
  skill: { tokenId: number; skillId: number; proficiency: number } | null;
}

export class MarketChain {
  constructor(readonly chain: ChainService) {}

  get marketplace(): Address {
    return this.chain.addresses.marketplace;
  }

  get avatarNFT(): Address {
    return this.chain.addresses.avatarNFT;
  }

  /** The server's own address (custody, fee recipient on the embedded chain). */
  get platform(): Address {
    return this.chain.account;
  }

  async series(avatarId: number): Promise<ChainSeries> {
    const s = (await this.chain.publicClient.readContract({
      address: this.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'seriesOf',
      args: [BigInt(avatarId)],
    })) as { creator: Address; maxEditions: number; minted: number };
    return { creator: s.creator, maxEditions: Number(s.maxEditions), minted: Number(s.minted) };
  }

  async editionPrice(avatarId: number): Promise<bigint> {
    return (await this.chain.publicClient.readContract({
      address: this.marketplace,
      abi: marketplaceAbi,
      functionName: 'editionPrice',
      args: [BigInt(avatarId)],
    })) as bigint;
  }

  /** Platform fee in basis points. */
  async feeBps(): Promise<number> {
    return Number(
      await this.chain.publicClient.readContract({
        address: this.marketplace,
        abi: marketplaceAbi,
        functionName: 'feeBps',
      }),
    );
  }

  /** ERC-2981 royalty of `tokenId` on a sale of `price` wei. */
  async royaltyInfo(tokenId: number, price: bigint): Promise<{ receiver: Address; amount: bigint }> {
    const [receiver, amount] = (await this.chain.publicClient.readContract({
      address: this.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'royaltyInfo',
      args: [BigInt(tokenId), price],
    })) as readonly [Address, bigint];
    return { receiver, amount };
  }

  async skillOf(tokenId: number, skillId: number): Promise<{ has: boolean; proficiency: number }> {
    const [has, proficiency] = (await this.chain.publicClient.readContract({
      address: this.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'skillOf',
      args: [BigInt(tokenId), BigInt(skillId)],
    })) as readonly [boolean, number];
    return { has, proficiency: Number(proficiency) };
  }

  async listing(chainListingId: number): Promise<ChainListing> {
    const l = (await this.chain.publicClient.readContract({
      address: this.marketplace,
      abi: marketplaceAbi,
      functionName: 'getSkillListing',
      args: [BigInt(chainListingId)],
    })) as {
      seller: Address;
      expiresAt: bigint;
      proficiency: number;
      active: boolean;
      tokenId: bigint;
      skillId: bigint;
      price: bigint;
    };
    return { ...l, expiresAt: Number(l.expiresAt), proficiency: Number(l.proficiency) };
  }

  /** Marketplace.setEditionPrice (OPERATOR_ROLE); 0 takes the series off sale. */
  setEditionPrice(avatarId: number, priceWei: bigint): Promise<WriteReceipt> {
    return this.chain.write({
      address: this.marketplace,
      abi: marketplaceAbi,
      functionName: 'setEditionPrice',
      args: [BigInt(avatarId), priceWei],
    });
  }

  /** AvatarNFT.setSeriesCreator (MINTER_ROLE): who receives edition proceeds and royalties. */
  setSeriesCreator(avatarId: number, creator: Address): Promise<WriteReceipt> {
    return this.chain.write({
      address: this.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'setSeriesCreator',
      args: [BigInt(avatarId), creator],
    });
  }

  /** AvatarNFT.setSkill (VERIFIER_ROLE). */
  setSkill(tokenId: number, skillId: number, proficiency: number): Promise<WriteReceipt> {
    return this.chain.write({
      address: this.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'setSkill',
      args: [BigInt(tokenId), BigInt(skillId), proficiency],
    });
  }

  /** Marketplace.listSkill for the token's owner (OPERATOR_ROLE). @returns the new listing id */
  async listSkill(p: {
    tokenId: number;
    skillId: number;
    proficiency: number;
    priceWei: bigint;
    expiresAt: number;
  }): Promise<{ chainListingId: number; write: WriteReceipt }> {
    const w = await this.chain.write({
      address: this.marketplace,
      abi: marketplaceAbi,
      functionName: 'listSkill',
      args: [BigInt(p.tokenId), BigInt(p.skillId), p.proficiency, p.priceWei, BigInt(p.expiresAt)],
    });
    const [event] = parseEventLogs({
      abi: marketplaceAbi,
      logs: w.receipt.logs.filter((l) => isAddressEqual(l.address, this.marketplace)),
      eventName: 'SkillListed',
    });
    if (!event) throw new Error(`listSkill ${w.transactionHash} emitted no SkillListed event`);
    return { chainListingId: Number((event.args as { listingId: bigint }).listingId), write: w };
  }

  /** Marketplace.cancelSkillListing (OPERATOR_ROLE). */
  cancelListing(chainListingId: number): Promise<WriteReceipt> {
    return this.chain.write({
      address: this.marketplace,
      abi: marketplaceAbi,
      functionName: 'cancelSkillListing',
      args: [BigInt(chainListingId)],
    });
  }

  /**
   * Reads a wallet purchase back from the chain and checks that it is one: the transaction exists on
   * the configured chain (replay-protected for this chain id), succeeded, and our Marketplace (not
   * another contract) emitted exactly one `Purchased` event in it. The transaction need not be sent to
   * the Marketplace: a smart wallet (Coinbase Smart Wallet, Safe) calls it from its own contract, in a
   * transaction its owner or an ERC-4337 bundler sends. Who bought (the event's buyer, the Marketplace's
   * msg.sender, which paid at least the price or the call reverted) and at which price is checked by the
   * caller.
   * @throws HttpError 400 naming the first check that failed
   */
  async verifyPurchase(txHash: string): Promise<VerifiedPurchase> {
    const hash = txHash as Hash;
    const client = this.chain.publicClient;
    const [receipt, tx] = await Promise.all([
      client.getTransactionReceipt({ hash }).catch(() => null),
      client.getTransaction({ hash }).catch(() => null),
    ]);
    if (!receipt || !tx) throw new HttpError(400, `Transaction ${hash} was not found on ${this.chain.networkName}`);
    if (tx.chainId === undefined || tx.chainId !== this.chain.chain.id) {
      throw new HttpError(
        400,
        `The transaction is for chain ${tx.chainId ?? 'none (not replay-protected)'}, not ${this.chain.chain.id}`,
      );
    }
    if (receipt.status !== 'success') throw new HttpError(400, 'The transaction reverted');
    const ours = (address: Address) => receipt.logs.filter((l) => isAddressEqual(l.address, address));
    const purchased = parseEventLogs({ abi: marketplaceAbi, logs: ours(this.marketplace), eventName: 'Purchased' });
    if (purchased.length !== 1)
      throw new HttpError(400, 'The transaction recorded no single purchase on the Marketplace contract');
    const p = purchased[0]!.args as unknown as PurchasedEvent;
    const [mintedLog] = parseEventLogs({ abi: avatarNftAbi, logs: ours(this.avatarNFT), eventName: 'AvatarMinted' });
    const [skillLog] = parseEventLogs({ abi: avatarNftAbi, logs: ours(this.avatarNFT), eventName: 'SkillUpdated' });
    const m = mintedLog?.args as { tokenId: bigint; avatarId: bigint; edition: number; to: Address } | undefined;
    const s = skillLog?.args as { tokenId: bigint; skillId: bigint; proficiency: number } | undefined;
    return {
      receipt,
      from: getAddress(tx.from),
      value: tx.value,
      purchased: { ...p, buyer: getAddress(p.buyer), seller: getAddress(p.seller), kind: Number(p.kind) },
      minted: m
        ? { tokenId: Number(m.tokenId), avatarId: Number(m.avatarId), edition: Number(m.edition), to: getAddress(m.to) }
        : null,
      skill: s ? { tokenId: Number(s.tokenId), skillId: Number(s.skillId), proficiency: Number(s.proficiency) } : null,
    };
  }
}

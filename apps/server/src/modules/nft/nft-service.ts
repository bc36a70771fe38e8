/**
 * The NFT page's actions, wired for real (SPEC §2 NFT page, §3 NFT forms, §5 rules):
 * - MINT: the server signs an EIP-712 mint voucher for an avatar the user owns; the user's wallet
 *   sends `mintWithVoucher` and pays; the server records the edition from the receipt.
 * - SKILLS: records on chain a skill the avatar really has (server, VERIFIER_ROLE, through the outbox).
 * - TASKS: runs the task verification for the token's avatar.
 * - DELEGATE: the owner's wallet calls ERC-4907 `setUser`; the server reads the result back.
 * - MY_AVATAR_TOKENS: the tokens the user holds — minted, bought, received.
 */
import { signMintVoucher } from '@app/contracts/voucher';
import type { VerifyTaskResponse } from '@app/domain/blockchain';
import type { NftToken, NftVoucherResponse } from '@app/domain/nft';
import type { FastifyBaseLogger } from 'fastify';
import { type Address, getAddress, type Hash, parseEther, parseEventLogs, zeroAddress } from 'viem';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { avatarNftAbi } from '../../providers/chain/abis';
import { AGENT_TYPE_INDEX, type ChainService } from '../../providers/chain/chain-service';
import { type AvatarRow, loadOwnedAvatar } from '../avatars/avatars-service';
import { verifyTask } from '../blockchain/verification-service';
import { findUserWallet } from '../users/users-service';
import * as repo from './nft-repository';

/** Price of minting an edition through a voucher (ours): 0.001 ETH, paid by the user's wallet. */
export const EDITION_MINT_PRICE_WEI = parseEther('0.001');
/** How long a voucher stays valid, seconds. */
export const VOUCHER_TTL_SECONDS = 15 * 60;

/** What one transaction left on chain, as the API reports it. */
const receiptFacts = (r: { transactionHash: string; blockNumber: bigint; gasUsed: bigint }) => ({
  transactionHash: r.transactionHash,
  blockNumber: Number(r.blockNumber),
  gasUsed: r.gasUsed.toString(),
});

export class NftService {
  constructor(
    private readonly db: Db,
    private readonly chain: ChainService,
    private readonly appOrigin: string,
  ) {}

  /** The user's linked wallet. @throws HttpError 400 when none is linked */
  private async wallet(userId: string): Promise<Address> {
    const wallet = await findUserWallet(this.db, userId);
    if (!wallet) throw new HttpError(400, 'Connect and link a wallet first');
    return getAddress(wallet);
  }

  /** The user's avatar behind a token they hold. @throws HttpError 404 unknown token, 403 not theirs */
  private async avatarOfToken(tokenId: number, userId: string): Promise<AvatarRow> {
    const avatar = await repo.avatarOfUserToken(this.db, tokenId, userId);
    if (avatar) return avatar;
    if (!(await repo.tokenKnown(this.db, tokenId))) {
      throw new HttpError(404, `Token ${tokenId} is not one of our avatars`);
    }
    throw new HttpError(403, `Token ${tokenId} is not one of yours`);
  }

  /** A confirmed receipt of a call to our AvatarNFT. @throws HttpError 400 otherwise */
  private async avatarNftReceipt(txHash: string) {
    const receipt = await this.chain.publicClient.getTransactionReceipt({ hash: txHash as Hash }).catch(() => null);
    if (!receipt) throw new HttpError(400, 'Transaction not found on this chain');
    if (receipt.status !== 'success') throw new HttpError(400, 'Transaction reverted');
    if (receipt.to?.toLowerCase() !== this.chain.addresses.avatarNFT.toLowerCase()) {
      throw new HttpError(400, 'Transaction was not sent to the avatar contract');
    }
    return receipt;
  }

  /**
   * Signs a mint voucher for the next edition of one of the user's avatars, to their linked wallet.
   * @throws HttpError 400 (no wallet, wrong edition or series size), 409 (series minted out)
   */
  async voucher(
    userId: string,
    req: { avatarId: number; edition?: number; maxEditions?: number },
  ): Promise<NftVoucherResponse> {
    const avatar = await loadOwnedAvatar(this.db, req.avatarId, userId);
    const to = await this.wallet(userId);
    const minted = await repo.countEditions(this.db, avatar.id);
    if (req.maxEditions !== undefined && req.maxEditions !== avatar.maxEditions) {
      throw new HttpError(400, `${avatar.name} is a series of ${avatar.maxEditions} editions`);
    }
    if (minted >= avatar.maxEditions) {
      throw new HttpError(409, `All ${avatar.maxEditions} editions of ${avatar.name} are minted`);
    }
    if (req.edition !== undefined && req.edition !== minted + 1) {
      throw new HttpError(400, `The next edition of ${avatar.name} is ${minted + 1}`);
    }
    const voucher = {
      to,
      avatarId: BigInt(avatar.id),
      agentType: AGENT_TYPE_INDEX[avatar.agentType as keyof typeof AGENT_TYPE_INDEX],
      maxEditions: avatar.maxEditions,
      price: EDITION_MINT_PRICE_WEI,
      nonce: BigInt(Date.now()) * 1000n + BigInt(Math.floor(Math.random() * 1000)),
      deadline: BigInt(Math.floor(Date.now() / 1000) + VOUCHER_TTL_SECONDS),
      uri: '',
    };
    // Signed by the server key, which holds MINTER_ROLE (EIP-712 domain AvatarNFT/1).
    const signature = await signMintVoucher({
      walletClient: this.chain.wallet as Parameters<typeof signMintVoucher>[0]['walletClient'],
      chainId: this.chain.chain.id,
      avatarNFT: this.chain.addresses.avatarNFT,
      voucher,
    });
    return {
      voucher: {
        ...voucher,
        avatarId: voucher.avatarId.toString(),
        price: voucher.price.toString(),
        nonce: voucher.nonce.toString(),
        deadline: voucher.deadline.toString(),
      },
      signature,
      contractAddress: this.chain.addresses.avatarNFT,
      nextEdition: minted + 1,
    };
  }

  /**
   * Records the edition a voucher mint created, from its receipt (once per token).
   * @returns the edition and whether it was recorded now (`created`)
   * @throws HttpError 400 (not a mint of ours, minted to another wallet), 403/404 (not the user's avatar)
   */
  async recordMint(userId: string, txHash: string) {
    const receipt = await this.avatarNftReceipt(txHash);
    const [event] = parseEventLogs({ abi: avatarNftAbi, logs: receipt.logs, eventName: 'AvatarMinted' });
    if (!event) throw new HttpError(400, 'The transaction minted no avatar');
    const args = event.args as { tokenId: bigint; avatarId: bigint; to: Address; edition: number };
    const avatar = await loadOwnedAvatar(this.db, Number(args.avatarId), userId);
    const wallet = await this.wallet(userId);
    if (getAddress(args.to) !== wallet) throw new HttpError(400, 'The edition was minted to another wallet');
    const created = await repo.recordVoucherEdition(this.db, {
      avatarId: avatar.id,
      tokenId: Number(args.tokenId),
      edition: Number(args.edition),
      holder: wallet,
      userId,
      priceWei: EDITION_MINT_PRICE_WEI,
      txHash: receipt.transactionHash,
    });
    return {
      created,
      minted: {
        tokenId: Number(args.tokenId),
        edition: Number(args.edition),
        avatarId: avatar.id,
        ...receiptFacts(receipt),
      },
    };
  }

  /**
   * Records on chain a skill the token's avatar has, at a proficiency it has reached.
   * @throws HttpError 400 (skill missing or proficiency above the avatar's), 403/404
   */
  async recordSkill(userId: string, req: { tokenId: number; skillName: string; proficiency: number }) {
    const avatar = await this.avatarOfToken(req.tokenId, userId);
    const s = await repo.findAvatarSkill(this.db, avatar.id, req.skillName);
    if (!s) throw new HttpError(400, `${avatar.name} does not have the skill ${req.skillName}`);
    if (req.proficiency > s.proficiency) {
      throw new HttpError(400, `${avatar.name}'s ${s.name} proficiency is ${s.proficiency}, not ${req.proficiency}`);
    }
    const w = await this.chain.write({
      address: this.chain.addresses.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'setSkill',
      args: [BigInt(req.tokenId), BigInt(s.skillId), req.proficiency],
    });
    return {
      skillId: s.skillId,
      skillName: s.name,
      proficiency: req.proficiency,
      transactionHash: w.transactionHash,
      blockNumber: w.blockNumber,
      gasUsed: w.gasUsed,
    };
  }

  /** Runs the task verification for the token's avatar, under the user's linked wallet. */
  async recordTask(
    userId: string,
    req: { tokenId: number; taskType: Parameters<typeof verifyTask>[2]['taskType']; taskData: unknown },
    log?: FastifyBaseLogger,
  ): Promise<VerifyTaskResponse> {
    const avatar = await this.avatarOfToken(req.tokenId, userId);
    const wallet = await this.wallet(userId);
    return verifyTask(
      this.db,
      this.chain,
      { userId, avatarId: avatar.id, taskType: req.taskType, taskData: req.taskData, walletAddress: wallet },
      this.appOrigin,
      log,
    );
  }

  /** ERC-4907 user and expiry of a token, read from chain (null when none or expired). */
  private async readDelegation(tokenId: number) {
    const nft = { address: this.chain.addresses.avatarNFT, abi: avatarNftAbi } as const;
    const [user, expires] = await Promise.all([
      this.chain.publicClient.readContract({ ...nft, functionName: 'userOf', args: [BigInt(tokenId)] }),
      this.chain.publicClient.readContract({ ...nft, functionName: 'userExpires', args: [BigInt(tokenId)] }),
    ]);
    const active = (user as Address) !== zeroAddress;
    return { user: active ? (user as Address) : null, expires: active ? Number(expires as bigint) : null };
  }

  /**
   * Reads back the delegation the owner's wallet set and stores its status on the avatar.
   * @throws HttpError 400 when the transaction did not delegate this token; 403/404
   */
  async recordDelegation(userId: string, req: { tokenId: number; txHash: string }) {
    const avatar = await this.avatarOfToken(req.tokenId, userId);
    const receipt = await this.avatarNftReceipt(req.txHash);
    const events = parseEventLogs({ abi: avatarNftAbi, logs: receipt.logs, eventName: 'UpdateUser' });
    if (!events.some((e) => Number((e.args as { tokenId: bigint }).tokenId) === req.tokenId)) {
      throw new HttpError(400, `The transaction did not delegate token ${req.tokenId}`);
    }
    const d = await this.readDelegation(req.tokenId);
    const delegationStatus = d.user ? ('DELEGATED' as const) : ('NONE' as const);
    if (avatar.tokenId === req.tokenId) await repo.setDelegationStatus(this.db, [avatar.id], delegationStatus);
    return { tokenId: req.tokenId, delegationStatus, ...d, ...receiptFacts(receipt) };
  }

  /**
   * MY_AVATAR_TOKENS: the tokens the user holds now. Candidates come from the DB
   * (see tokensOfUser); holder and delegation of all of them come from one Multicall3 eth_call
   * (chain reads batched). A token whose chain owner is neither the user's wallet nor the platform's
   * custody for them is left out (they sent it away).
   */
  async tokensOf(userId: string): Promise<NftToken[]> {
    const wallet = await findUserWallet(this.db, userId);
    const rows = await repo.tokensOfUser(this.db, userId, wallet);
    const nft = { address: this.chain.addresses.avatarNFT, abi: avatarNftAbi } as const;
    const reads = await this.chain.readMany(
      rows.flatMap((row) => {
        const args = [BigInt(row.tokenId)] as const;
        return [
          { ...nft, functionName: 'ownerOf', args },
          { ...nft, functionName: 'userOf', args },
          { ...nft, functionName: 'userExpires', args },
        ];
      }),
    );
    const tokens: NftToken[] = [];
    rows.forEach((row, i) => {
      const [owner, user, expires] = reads
        .slice(i * 3, i * 3 + 3)
        .map((r) => (r.status === 'success' ? r.result : null));
      const holder = (owner as Address | null) ?? zeroAddress;
      const inCustody = holder === this.chain.account;
      const atWallet = !!wallet && holder.toLowerCase() === wallet.toLowerCase();
      // Unknown holder (a failed read) keeps the DB's word; a known other holder drops the token.
      if (owner !== null && !atWallet && !(inCustody && row.ownedInDb)) return;
      const delegate = user && (user as Address) !== zeroAddress ? (user as Address) : null;
      tokens.push({
        tokenId: row.tokenId,
        avatarId: row.avatarId,
        name: row.name,
        agentType: row.agentType,
        edition: row.edition,
        maxEditions: row.maxEditions,
        holder,
        inCustody,
        delegate,
        delegateExpires: delegate ? Number(expires as bigint) : null,
        source: row.source,
      });
    });
    return tokens;
  }
}

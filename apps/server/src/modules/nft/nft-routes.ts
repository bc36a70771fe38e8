/**
 * The NFT page's actions, wired for real (SPEC §2 NFT page, §3 NFT forms, §5 rules; issue #4):
 * - MINT: the server signs an EIP-712 mint voucher for an avatar the user owns; the user's wallet
 *   sends `mintWithVoucher` and pays; the server records the edition from the receipt.
 * - SKILLS: records on chain a skill the avatar really has (server, VERIFIER_ROLE).
 * - TASKS: runs the task verification for the token's avatar.
 * - DELEGATE: the owner's wallet calls ERC-4907 `setUser`; the server reads the result back.
 */
import { signMintVoucher } from '@app/contracts/voucher';
import { TaskTypeSchema, TxHashSchema } from '@app/domain/blockchain';
import { IntIdSchema } from '@app/domain/input';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Address, getAddress, type Hash, parseEther, parseEventLogs, zeroAddress } from 'viem';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { avatarEditions, avatarSkills, avatars, skills, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { avatarNftAbi } from '../../providers/chain/abis';
import { AGENT_TYPE_INDEX, type ChainService } from '../../providers/chain/chain-service';
import type { ChainRuntime } from '../../providers/chain/index';
import { loadOwnedAvatar } from '../avatars/avatars-service';
import { verifyTask } from '../blockchain/verification-service';

/** Price of minting an edition through a voucher (ours): 0.001 ETH, paid by the user's wallet. */
export const EDITION_MINT_PRICE_WEI = parseEther('0.001');
/** How long a voucher stays valid, seconds. */
export const VOUCHER_TTL_SECONDS = 15 * 60;

const VoucherRequestSchema = z.object({
  avatarId: IntIdSchema,
  /** SPEC §5: edition and max editions at least 1; checked against the series. */
  edition: z.coerce.number().int().min(1).optional(),
  maxEditions: z.coerce.number().int().min(1).max(65535).optional(),
});

const TokenSchema = z.object({ tokenId: z.coerce.number().int().min(1) });

async function loadUserWallet(db: Db, userId: string): Promise<Address> {
  const [u] = await db.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u?.wallet) throw new HttpError(400, 'Connect and link a wallet first');
  return getAddress(u.wallet);
}

/** The avatar holding token `tokenId` (original or bought copy), or the series it is an edition of; owned by the user. */
async function avatarOfToken(db: Db, tokenId: number, userId: string) {
  // An avatar row holding this token (the original, or a buyer's copy of a bought edition) wins;
  // otherwise the token is an edition of a series the user owns.
  let [a] = await db.select().from(avatars).where(eq(avatars.tokenId, tokenId)).limit(1);
  if (!a) {
    const [edition] = await db.select().from(avatarEditions).where(eq(avatarEditions.tokenId, tokenId)).limit(1);
    if (edition) [a] = await db.select().from(avatars).where(eq(avatars.id, edition.avatarId)).limit(1);
  }
  if (!a) throw new HttpError(404, `Token ${tokenId} is not one of our avatars`);
  if (a.ownerId !== userId) throw new HttpError(403, 'This avatar belongs to someone else');
  return a;
}

/** Reads a confirmed receipt of a call to our AvatarNFT. @throws HttpError 400 otherwise */
async function avatarNftReceipt(chain: ChainService, txHash: string) {
  const receipt = await chain.publicClient.getTransactionReceipt({ hash: txHash as Hash }).catch(() => null);
  if (!receipt) throw new HttpError(400, 'Transaction not found on this chain');
  if (receipt.status !== 'success') throw new HttpError(400, 'Transaction reverted');
  if (receipt.to?.toLowerCase() !== chain.addresses.avatarNFT.toLowerCase()) {
    throw new HttpError(400, 'Transaction was not sent to the avatar contract');
  }
  return receipt;
}

export default async function nftRoutes(
  app: FastifyInstance,
  opts: { db: Db; chain: ChainRuntime; appOrigin: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const chain = opts.chain.service;

  r.post('/api/nft/voucher', { onRequest: app.requireAccess, schema: { body: VoucherRequestSchema } }, async (req) => {
    const avatar = await loadOwnedAvatar(db, req.body.avatarId, req.user.id);
    const to = await loadUserWallet(db, req.user.id);
    const [{ minted } = { minted: 0 }] = await db
      .select({ minted: sql<number>`count(*)::int` })
      .from(avatarEditions)
      .where(eq(avatarEditions.avatarId, avatar.id));
    if (req.body.maxEditions !== undefined && req.body.maxEditions !== avatar.maxEditions) {
      throw new HttpError(400, `${avatar.name} is a series of ${avatar.maxEditions} editions`);
    }
    if (minted >= avatar.maxEditions)
      throw new HttpError(409, `All ${avatar.maxEditions} editions of ${avatar.name} are minted`);
    if (req.body.edition !== undefined && req.body.edition !== minted + 1) {
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
      walletClient: chain.wallet as Parameters<typeof signMintVoucher>[0]['walletClient'],
      chainId: chain.chain.id,
      avatarNFT: chain.addresses.avatarNFT,
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
      contractAddress: chain.addresses.avatarNFT,
      nextEdition: minted + 1,
    };
  });

  r.post(
    '/api/nft/mints',
    { onRequest: app.requireAccess, schema: { body: z.object({ txHash: TxHashSchema }) } },
    async (req, reply) => {
      const receipt = await avatarNftReceipt(chain, req.body.txHash);
      const [event] = parseEventLogs({ abi: avatarNftAbi, logs: receipt.logs, eventName: 'AvatarMinted' });
      if (!event) throw new HttpError(400, 'The transaction minted no avatar');
      const args = event.args as { tokenId: bigint; avatarId: bigint; to: Address; edition: number };
      const avatar = await loadOwnedAvatar(db, Number(args.avatarId), req.user.id);
      const wallet = await loadUserWallet(db, req.user.id);
      if (getAddress(args.to) !== wallet) throw new HttpError(400, 'The edition was minted to another wallet');
      const inserted = await db
        .insert(avatarEditions)
        .values({
          avatarId: avatar.id,
          tokenId: Number(args.tokenId),
          edition: Number(args.edition),
          holderAddress: wallet.toLowerCase(),
          userId: req.user.id,
          source: 'voucher',
          priceWei: EDITION_MINT_PRICE_WEI.toString(),
          transactionHash: receipt.transactionHash,
        })
        .onConflictDoNothing()
        .returning();
      return reply.code(inserted.length ? 201 : 200).send({
        tokenId: Number(args.tokenId),
        edition: Number(args.edition),
        avatarId: avatar.id,
        transactionHash: receipt.transactionHash,
        blockNumber: Number(receipt.blockNumber),
        gasUsed: receipt.gasUsed.toString(),
      });
    },
  );

  r.post(
    '/api/nft/skills',
    {
      onRequest: app.requireAccess,
      schema: {
        body: TokenSchema.extend({
          skillName: z.string().trim().min(1).max(100),
          proficiency: z.coerce.number().int().min(0).max(100),
        }),
      },
    },
    async (req) => {
      const avatar = await avatarOfToken(db, req.body.tokenId, req.user.id);
      const [s] = await db
        .select({ skillId: skills.id, name: skills.name, proficiency: avatarSkills.proficiency })
        .from(avatarSkills)
        .innerJoin(skills, eq(skills.id, avatarSkills.skillId))
        .where(and(eq(avatarSkills.avatarId, avatar.id), sql`lower(${skills.name}) = lower(${req.body.skillName})`))
        .limit(1);
      if (!s) throw new HttpError(400, `${avatar.name} does not have the skill ${req.body.skillName}`);
      if (req.body.proficiency > s.proficiency) {
        throw new HttpError(
          400,
          `${avatar.name}'s ${s.name} proficiency is ${s.proficiency}, not ${req.body.proficiency}`,
        );
      }
      const w = await chain.write({
        address: chain.addresses.avatarNFT,
        abi: avatarNftAbi,
        functionName: 'setSkill',
        args: [BigInt(req.body.tokenId), BigInt(s.skillId), req.body.proficiency],
      });
      return {
        skillId: s.skillId,
        skillName: s.name,
        proficiency: req.body.proficiency,
        transactionHash: w.transactionHash,
        blockNumber: w.blockNumber,
        gasUsed: w.gasUsed,
      };
    },
  );

  r.post(
    '/api/nft/tasks',
    {
      onRequest: app.requireAccess,
      schema: {
        body: TokenSchema.extend({
          taskType: TaskTypeSchema,
          experiencePoints: z.coerce.number().int().min(1),
          taskData: z.record(z.string(), z.unknown()).default({}),
        }),
      },
    },
    async (req) => {
      const avatar = await avatarOfToken(db, req.body.tokenId, req.user.id);
      const wallet = await loadUserWallet(db, req.user.id);
      return verifyTask(
        db,
        chain,
        {
          userId: req.user.id,
          avatarId: avatar.id,
          taskType: req.body.taskType,
          taskData: req.body.taskData,
          walletAddress: wallet,
        },
        opts.appOrigin,
        req.log,
      );
    },
  );

  const readDelegation = async (tokenId: number) => {
    const [user, expires] = await Promise.all([
      chain.publicClient.readContract({
        address: chain.addresses.avatarNFT,
        abi: avatarNftAbi,
        functionName: 'userOf',
        args: [BigInt(tokenId)],
      }),
      chain.publicClient.readContract({
        address: chain.addresses.avatarNFT,
        abi: avatarNftAbi,
        functionName: 'userExpires',
        args: [BigInt(tokenId)],
      }),
    ]);
    const active = (user as Address) !== zeroAddress;
    return { user: active ? (user as Address) : null, expires: active ? Number(expires as bigint) : null };
  };

  r.post(
    '/api/nft/delegations',
    { onRequest: app.requireAccess, schema: { body: TokenSchema.extend({ txHash: TxHashSchema }) } },
    async (req) => {
      const avatar = await avatarOfToken(db, req.body.tokenId, req.user.id);
      const receipt = await avatarNftReceipt(chain, req.body.txHash);
      const events = parseEventLogs({ abi: avatarNftAbi, logs: receipt.logs, eventName: 'UpdateUser' });
      if (!events.some((e) => Number((e.args as { tokenId: bigint }).tokenId) === req.body.tokenId)) {
        throw new HttpError(400, `The transaction did not delegate token ${req.body.tokenId}`);
      }
      const d = await readDelegation(req.body.tokenId);
      const delegationStatus = d.user ? 'DELEGATED' : 'NONE';
      if (avatar.tokenId === req.body.tokenId) {
        await db.update(avatars).set({ delegationStatus, updatedAt: new Date() }).where(eq(avatars.id, avatar.id));
      }
      return {
        tokenId: req.body.tokenId,
        delegationStatus,
        ...d,
        transactionHash: receipt.transactionHash,
        blockNumber: Number(receipt.blockNumber),
        gasUsed: receipt.gasUsed.toString(),
      };
    },
  );

  r.get('/api/nft/tokens', { onRequest: app.requireAccess }, async (req) => {
    const rows = await db
      .select({ e: avatarEditions, name: avatars.name, agentType: avatars.agentType, maxEditions: avatars.maxEditions })
      .from(avatarEditions)
      .innerJoin(avatars, eq(avatars.id, avatarEditions.avatarId))
      .where(eq(avatars.ownerId, req.user.id))
      .orderBy(avatarEditions.tokenId)
      .limit(200);
    // Holder and delegation of every token in one Multicall3 eth_call (issue 15 goal 3), not three
    // RPC calls per token.
    const nft = { address: chain.addresses.avatarNFT, abi: avatarNftAbi } as const;
    const reads = await chain.readMany(
      rows.flatMap(({ e }) => {
        const args = [BigInt(e.tokenId)] as const;
        return [
          { ...nft, functionName: 'ownerOf', args },
          { ...nft, functionName: 'userOf', args },
          { ...nft, functionName: 'userExpires', args },
        ];
      }),
    );
    return rows.map(({ e, name, agentType, maxEditions }, i) => {
      const [owner, user, expires] = reads
        .slice(i * 3, i * 3 + 3)
        .map((r) => (r.status === 'success' ? r.result : null));
      const holder = (owner as Address | null) ?? zeroAddress;
      const delegate = user && (user as Address) !== zeroAddress ? (user as Address) : null;
      return {
        tokenId: e.tokenId,
        avatarId: e.avatarId,
        name,
        agentType,
        edition: e.edition,
        maxEditions,
        holder,
        inCustody: holder === chain.account,
        delegate,
        delegateExpires: delegate ? Number(expires as bigint) : null,
      };
    });
  });
}

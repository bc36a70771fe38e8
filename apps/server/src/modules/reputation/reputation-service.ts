/**
 * "Rate this" (ERC-8004 Reputation Registry). People who really used an avatar rate
 * it 0..100:
 * - with a linked wallet, their wallet sends `giveFeedback` (the server prepares the call, then
 *   checks the receipt's NewFeedback event: agent, client = their wallet, feedbackHash);
 * - without one, the platform's relayer key sends it through its own chain outbox (intent recorded
 *   in the same transaction as the feedback row), and the feedback file says it was relayed.
 * The registry refuses feedback from the agent's owner or operators, which is why the relayer is a
 * key of its own: custody avatars are owned by the server's signer.
 * The reputation shown is `getSummary` over the clients recorded here (verified by the app).
 */
import type { Feedback, FeedbackEligibility, FeedbackRequest, ReputationSummary } from '@app/domain/reputation';
import { RATING_TAG } from '@app/domain/reputation';
import { type Address, encodeFunctionData, type Hex, keccak256, parseEventLogs, stringToHex } from 'viem';
import type { Db } from '../../db/client';
import { forbidden, HttpError, notFound, unavailable } from '../../lib/http-error';
import { reputationRegistryAbi } from '../../providers/chain/abis';
import { type ChainService, canonicalJson } from '../../providers/chain/chain-service';
import type { ChainOutbox, IntentKind } from '../chain-outbox/outbox-writer';
import { PermanentIntentError } from '../chain-outbox/outbox-writer';
import * as repo from './reputation-repository';

/** The outbox intent kind of a relayed rating. */
export const FEEDBACK_INTENT = 'reputation.feedback';

export interface RelayerDeps {
  outbox: ChainOutbox;
  /** The relayer's address (lower case). */
  address: string;
}

/** Builds the relayer's `giveFeedback` call from the feedback row, and records the receipt on it. */
export function feedbackIntentKind(chain: ChainService): IntentKind {
  return {
    async build(db, intent) {
      const row = await repo.findFeedback(db, Number((intent.params as { feedbackId: number }).feedbackId));
      if (!row) throw new PermanentIntentError('the feedback row is gone');
      return { to: chain.addresses.reputationRegistry, data: giveFeedbackData(row), value: 0n };
    },
    async onConfirmed(tx, intent, receipt) {
      const id = Number((intent.params as { feedbackId: number }).feedbackId);
      await repo.setFeedbackStatus(tx, id, { status: 'confirmed', transactionHash: receipt.transactionHash });
      return { feedbackId: id };
    },
    async onFailed(tx, intent, reason) {
      const id = Number((intent.params as { feedbackId: number }).feedbackId);
      await repo.setFeedbackStatus(tx, id, { status: 'failed', error: reason });
    },
  };
}

const feedbackUriOf = (origin: string, id: number) => new URL(`/api/feedback/${id}`, origin).href;

/** The `giveFeedback` arguments of a row (value 0..100, valueDecimals 0). */
function giveFeedbackArgs(row: repo.FeedbackRow, origin?: string) {
  const uri = origin ? feedbackUriOf(origin, row.id) : String(row.file.feedbackURI ?? '');
  return [
    BigInt(row.agentId),
    BigInt(row.value),
    0,
    row.tag1,
    row.tag2,
    String(row.file.endpoint ?? ''),
    uri,
    row.feedbackHash as Hex,
  ] as const;
}

function giveFeedbackData(row: repo.FeedbackRow): Hex {
  return encodeFunctionData({ abi: reputationRegistryAbi, functionName: 'giveFeedback', args: giveFeedbackArgs(row) });
}

/** A rateable avatar. @throws HttpError 404 when unknown or archived */
async function loadPublicAvatarRow(db: Db, avatarId: number) {
  const avatar = await repo.findActiveAvatar(db, avatarId);
  if (!avatar) throw notFound('Avatar');
  return avatar;
}

export class ReputationService {
  constructor(
    private readonly db: Db,
    private readonly chain: ChainService,
    private readonly relayer: RelayerDeps | null,
    private readonly origin: string,
    private readonly userWallet: (userId: string) => Promise<string | null>,
  ) {}

  private toJson(row: repo.FeedbackRow): Feedback {
    const call =
      row.mode === 'wallet' && row.status === 'awaiting_signature'
        ? {
            address: this.chain.addresses.reputationRegistry,
            functionName: 'giveFeedback' as const,
            args: giveFeedbackArgs(row).map((a) => (typeof a === 'bigint' ? a.toString() : a)) as [
              string,
              string,
              number,
              string,
              string,
              string,
              string,
              string,
            ],
          }
        : null;
    return {
      id: row.id,
      interaction: row.interaction,
      value: row.value,
      mode: row.mode as Feedback['mode'],
      clientAddress: row.clientAddress,
      status: row.status as Feedback['status'],
      transactionHash: row.transactionHash,
      feedbackURI: feedbackUriOf(this.origin, row.id),
      call,
    };
  }

  /**
   * Whether and how `userId` may rate avatar `avatarId`, and what they already gave.
   * @throws HttpError 404 for an unknown or archived avatar
   */
  async eligibility(avatarId: number, userId: string): Promise<FeedbackEligibility> {
    const avatar = await loadPublicAvatarRow(this.db, avatarId);
    const given = await repo.feedbackOfUser(this.db, avatarId, userId);
    const rated = new Set(given.filter((g) => g.status !== 'failed').map((g) => g.interaction));
    const mode = (await this.userWallet(userId)) ? 'wallet' : this.relayer ? 'relayed' : null;
    const base = { given: given.map((g) => this.toJson(g)), mode } as const;
    if (avatar.ownerId === userId) {
      return {
        ...base,
        canRate: false,
        reason: 'You cannot rate your own avatar (ERC-8004 refuses self-feedback).',
        interactions: [],
      };
    }
    if (avatar.tokenId === null) {
      return { ...base, canRate: false, reason: 'This avatar is not on chain yet.', interactions: [] };
    }
    const interactions = (await repo.interactionsOf(this.db, avatarId, userId)).map((i) => ({
      ...i,
      rated: rated.has(i.ref),
    }));
    if (!interactions.length) {
      return {
        ...base,
        canRate: false,
        reason: 'Rate it after you use it: buy an edition or one of its skills, or team up with it.',
        interactions,
      };
    }
    if (!mode) {
      return { ...base, canRate: false, reason: 'Link a wallet to rate it (no relayer is configured).', interactions };
    }
    return { ...base, canRate: interactions.some((i) => !i.rated), reason: null, interactions };
  }

  /**
   * Records a rating and starts its chain write: relayed → queued on the relayer's outbox;
   * wallet → returned with the call the user's wallet must send (then `confirmWallet`).
   * @throws HttpError 403 (own avatar, or an interaction the user did not have), 409 (rated before),
   *   503 (no wallet and no relayer), 404 (unknown avatar)
   */
  async give(avatarId: number, userId: string, req: FeedbackRequest): Promise<Feedback> {
    const e = await this.eligibility(avatarId, userId);
    const avatar = await loadPublicAvatarRow(this.db, avatarId);
    if (avatar.ownerId === userId) throw forbidden(e.reason ?? 'You cannot rate your own avatar');
    const interaction = e.interactions.find((i) => i.ref === req.interaction);
    if (!interaction) throw forbidden(e.reason ?? 'You can rate an avatar only for something you did with it');
    if (interaction.rated) throw new HttpError(409, 'You already rated it for this');
    if (!e.mode) throw unavailable('Link a wallet to rate it: no feedback relayer is configured');
    const wallet = await this.userWallet(userId);
    const client = (e.mode === 'wallet' ? wallet! : this.relayer!.address).toLowerCase();
    const agentRegistry = `eip155:${this.chain.chain.id}:${this.chain.addresses.avatarNFT}`;
    const row = await this.db.transaction(async (tx) => {
      const inserted = await repo.insertFeedback(tx as unknown as Db, {
        avatarId,
        agentId: avatar.tokenId!,
        userId,
        interaction: req.interaction,
        value: req.value,
        tag1: RATING_TAG,
        tag2: req.interaction.split(':')[0]!,
        comment: req.comment || null,
        mode: e.mode!,
        clientAddress: client,
        file: {},
        feedbackHash: '0x',
        status: e.mode === 'wallet' ? 'awaiting_signature' : 'pending',
      });
      if (!inserted) throw new HttpError(409, 'You already rated it for this');
      // The ERC-8004 feedback file, hashed into feedbackHash (keccak256 of its canonical JSON).
      const file = {
        agentRegistry,
        agentId: avatar.tokenId,
        clientAddress: client,
        createdAt: inserted.createdAt.toISOString(),
        value: req.value,
        valueDecimals: 0,
        tag1: RATING_TAG,
        tag2: inserted.tag2,
        endpoint: new URL(`/avatar/${avatarId}`, this.origin).href,
        feedbackURI: feedbackUriOf(this.origin, inserted.id),
        interaction: interaction.label,
        comment: req.comment || null,
        signedBy: e.mode === 'wallet' ? 'client wallet' : 'platform relayer on behalf of a user without a wallet',
      };
      const feedbackHash = keccak256(stringToHex(canonicalJson(file)));
      const done = await repo.setFeedbackFile(tx as unknown as Db, inserted.id, file, feedbackHash);
      if (e.mode === 'relayed') {
        await this.relayer!.outbox.enqueue(tx as unknown as Db, {
          key: `feedback:${inserted.id}`,
          kind: FEEDBACK_INTENT,
          params: { feedbackId: inserted.id },
        });
      }
      return done;
    });
    if (e.mode === 'relayed') this.relayer!.outbox.kick();
    return this.toJson(row);
  }

  /**
   * Confirms a wallet-signed rating from its transaction: one NewFeedback event of the registry for
   * this agent, from the user's wallet, with this feedbackHash.
   * @throws HttpError 404 (not the user's), 409 (not awaiting a signature), 400 (receipt does not match)
   */
  async confirmWallet(feedbackId: number, userId: string, txHash: Hex): Promise<Feedback> {
    const row = await repo.findFeedback(this.db, feedbackId);
    if (!row || row.userId !== userId) throw notFound('Feedback');
    if (row.status !== 'awaiting_signature') return this.toJson(row);
    const receipt = await this.chain.publicClient.getTransactionReceipt({ hash: txHash }).catch(() => null);
    if (receipt?.status !== 'success') throw new HttpError(400, 'That transaction is not confirmed on this chain');
    const events = parseEventLogs({ abi: reputationRegistryAbi, logs: receipt.logs, eventName: 'NewFeedback' });
    const match = events.find((ev) => {
      const a = ev.args as { agentId: bigint; clientAddress: Address; feedbackHash: Hex };
      return (
        ev.address.toLowerCase() === this.chain.addresses.reputationRegistry.toLowerCase() &&
        Number(a.agentId) === row.agentId &&
        a.clientAddress.toLowerCase() === row.clientAddress &&
        a.feedbackHash.toLowerCase() === row.feedbackHash.toLowerCase()
      );
    });
    if (!match) throw new HttpError(400, 'That transaction did not give this feedback from your wallet');
    const updated = await repo.setFeedbackStatus(this.db, feedbackId, {
      status: 'confirmed',
      transactionHash: receipt.transactionHash,
    });
    return this.toJson(updated!);
  }

  /** The feedback file of `id` (served at its feedbackURI), as the canonical JSON that was hashed. */
  async file(id: number): Promise<string> {
    const row = await repo.findFeedback(this.db, id);
    if (!row || row.feedbackHash === '0x') throw notFound('Feedback');
    return canonicalJson(row.file);
  }

  /**
   * The avatar's reputation: ERC-8004 `getSummary(agentId, verifiedClients, "", "")`, average 0..100.
   * @throws HttpError 404 for an unknown or archived avatar
   */
  async summary(avatarId: number): Promise<ReputationSummary> {
    const avatar = await loadPublicAvatarRow(this.db, avatarId);
    const clients = await repo.verifiedClients(this.db, avatarId);
    const source = 'ERC-8004 Reputation Registry getSummary over the clients this app verified';
    if (avatar.tokenId === null || !clients.length) {
      return { agentId: avatar.tokenId, count: 0, average: null, clients: clients.length, source };
    }
    const [count, value, decimals] = (await this.chain.publicClient.readContract({
      address: this.chain.addresses.reputationRegistry,
      abi: reputationRegistryAbi,
      functionName: 'getSummary',
      args: [BigInt(avatar.tokenId), clients as Address[], '', ''],
    })) as readonly [bigint, bigint, number];
    const average = Number(count) ? Number(value) / 10 ** Number(decimals) : null;
    return { agentId: avatar.tokenId, count: Number(count), average, clients: clients.length, source };
  }
}

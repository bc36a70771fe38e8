/**
 * The server's access to the chain (DESIGN §3): one public client for reads, one signer (the
 * server's verifier/minter/custody key) whose writes go through the chain-write outbox (ADR 008:
 * intent row, single writer per key, signed transaction stored before broadcast), and typed helpers
 * for the calls the app makes. Every write resolves only after its receipt, and gives back the
 * transaction hash, block number and gas used from that receipt. Without an attached outbox (tools
 * and tests that build a bare service) writes are sent directly, one at a time.
 */

import { VALIDATION_PASS_SCORE } from '@app/domain/task-validation';
import {
  type Abi,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hash,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseEventLogs,
  stringToHex,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base, baseSepolia } from 'viem/chains';
import { artworkNftAbi, avatarNftAbi, marketplaceAbi, reputationRegistryAbi, validationRegistryAbi } from './abis';
import { shortError } from './chain-errors';
import { anvilChain } from './multicall3';
import type { ChainWriteQueue, WriteReceipt } from './types';

export type { WriteReceipt } from './types';

export type ChainKind = 'anvil' | 'base' | 'base-sepolia';

/** The deployment: AvatarNFT is the ERC-8004 Identity Registry; the two other registries sit beside it. */
export interface ContractAddresses {
  avatarNFT: Address;
  reputationRegistry: Address;
  validationRegistry: Address;
  marketplace: Address;
  artworkNFT: Address;
}

export class ChainWriteError extends Error {
  readonly statusCode = 502;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChainWriteError';
  }
}

/** SPEC §1 agent types in the contract's enum order. */
export const AGENT_TYPE_INDEX = { HACKER: 0, CREATOR: 1, HUSTLER: 2 } as const;

export const CHAINS: Record<ChainKind, { chain: Chain; name: string; explorerUrl: string | null }> = {
  anvil: { chain: anvilChain, name: 'Local Anvil (development)', explorerUrl: null },
  base: { chain: base, name: 'Base Mainnet', explorerUrl: 'https://basescan.org' },
  'base-sepolia': { chain: baseSepolia, name: 'Base Sepolia Testnet', explorerUrl: 'https://sepolia.basescan.org' },
};

/** bytes32 task id of a human-readable task key (keccak256 of its UTF-8 bytes). */
export const taskIdOf = (key: string): Hex => keccak256(stringToHex(key));

/**
 * The on-chain idempotency key of an app avatar's first mint. The owner's id (a UUID) is part of it
 * because the DB's serial avatar ids repeat across databases that share one chain (a reset DB over a
 * kept local chain, or test databases over one anvil); the key must name this avatar only.
 */
export const avatarMintKeyOf = (ownerId: string, avatarId: number): string => `avatar-mint:${ownerId}:${avatarId}`;

/**
 * The ERC-8004 validation request of a task: its payload (served at requestURI) and requestHash =
 * keccak256 of the canonical JSON of that payload. The same task key always gives the same hash, so a
 * re-submitted request is refused on chain (ValidationRequestExists) instead of counted twice.
 */
export function validationRequestOf(p: { taskKey: string; tokenId: number; taskType: string; data: unknown }): {
  payload: Record<string, unknown>;
  requestHash: Hex;
} {
  const payload = { taskKey: p.taskKey, agentId: p.tokenId, taskType: p.taskType, data: p.data ?? null };
  return { payload, requestHash: keccak256(stringToHex(canonicalJson(payload))) };
}

export class ChainService {
  /**
   * The chain-write outbox (modules/chain-outbox, ADR 008) every write goes through once attached
   * (the app attaches it at start): recorded as an intent, signed and stored before broadcast by the
   * single writer, then waited for.
   */
  outbox: ChainWriteQueue | null = null;
  readonly publicClient: PublicClient;
  readonly wallet: WalletClient;
  readonly account: Address;
  readonly kind: ChainKind;
  readonly chain: Chain;
  readonly networkName: string;
  readonly explorerUrl: string | null;
  /** Highest maxFeePerGas (wei) the outbox signs with; null = no cap. */
  readonly maxFeePerGasWei: bigint | null;
  /** Balance (wei) of the signing key below which health warns. */
  readonly lowBalanceWei: bigint;
  private queue: Promise<unknown> = Promise.resolve();
  private rpcRequests = 0;

  constructor(
    opts: {
      kind: ChainKind;
      rpcUrl: string;
      privateKey: Hex;
      /** Fee cap of the server's transactions, wei (MAX_FEE_PER_GAS_GWEI); default none. */
      maxFeePerGasWei?: bigint | null;
      /** Low-balance warning threshold, wei (HOT_KEY_LOW_BALANCE_ETH); default 0.01 ETH. */
      lowBalanceWei?: bigint;
    },
    readonly addresses: ContractAddresses,
  ) {
    const info = CHAINS[opts.kind];
    this.maxFeePerGasWei = opts.maxFeePerGasWei ?? null;
    this.lowBalanceWei = opts.lowBalanceWei ?? 10n ** 16n;
    this.kind = opts.kind;
    this.chain = info.chain;
    this.networkName = info.name;
    this.explorerUrl = info.explorerUrl;
    const transport = http(opts.rpcUrl, {
      retryCount: 2,
      timeout: 30_000,
      onFetchRequest: () => {
        this.rpcRequests++;
      },
    });
    const account = privateKeyToAccount(opts.privateKey);
    this.account = account.address;
    this.publicClient = createPublicClient({
      chain: info.chain,
      transport,
      pollingInterval: opts.kind === 'anvil' ? 50 : 2_000,
    });
    this.wallet = createWalletClient({ chain: info.chain, transport, account });
  }

  /**
   * Sends a contract write from the server key, one at a time (nonce order), and waits for its
   * receipt. With the outbox, `key` names the intent: a second write under the same key (a job
   * retried after its process died) waits for the first one's transaction instead of sending another
   * — without a key every call is a new intent.
   * @throws ChainWriteError when it reverts or cannot be sent.
   */
  async write(request: {
    address: Address;
    abi: readonly unknown[];
    functionName: string;
    args?: readonly unknown[];
    value?: bigint;
    key?: string;
  }): Promise<WriteReceipt> {
    if (this.outbox) {
      // Simulated by the writer before signing; a revert comes back as ChainWriteError with its reason.
      const data = encodeFunctionData({
        abi: request.abi as Abi,
        functionName: request.functionName,
        args: request.args as unknown[],
      });
      return this.outbox.submitAndWait({
        to: request.address,
        data,
        value: request.value ?? 0n,
        label: request.functionName,
        key: request.key,
      });
    }
    const run = async () => {
      const { request: simulated } = await this.publicClient.simulateContract({
        ...(request as Parameters<PublicClient['simulateContract']>[0]),
        account: this.account,
      });
      const hash = await this.wallet.writeContract(simulated as Parameters<WalletClient['writeContract']>[0]);
      return hash;
    };
    return this.sendQueued(request.functionName, run);
  }

  /**
   * Sends `value` wei from the server key to `to` (e.g. a seller's payout for a card sale), queued
   * with the contract writes, and waits for its receipt. @throws ChainWriteError when it fails
   */
  async sendValue(to: Address, value: bigint): Promise<WriteReceipt> {
    if (this.outbox) return this.outbox.submitAndWait({ to, data: '0x', value, label: 'transfer' });
    return this.sendQueued('transfer', () =>
      this.wallet.sendTransaction({ account: this.wallet.account!, chain: this.chain, to, value }),
    );
  }

  /** Serialises the send (nonces in order); receipts are awaited concurrently. */
  private async sendQueued(label: string, run: () => Promise<Hash>): Promise<WriteReceipt> {
    const sent = this.queue.then(run, run);
    this.queue = sent.catch(() => undefined);
    let hash: Hash;
    try {
      hash = await sent;
    } catch (err) {
      throw new ChainWriteError(`${label} could not be sent: ${shortError(err)}`, { cause: err });
    }
    const receipt = await this.publicClient.waitForTransactionReceipt({ hash, timeout: 120_000 });
    if (receipt.status !== 'success') throw new ChainWriteError(`${label} reverted in ${hash}`);
    return {
      transactionHash: hash,
      blockNumber: Number(receipt.blockNumber),
      gasUsed: receipt.gasUsed.toString(),
      receipt,
    };
  }

  /**
   * Mints the next edition of app avatar `avatarId` to `to` (MINTER_ROLE). Returns the new tokenId.
   * `mintKey` is the on-chain idempotency key (`avatarMintKeyOf(ownerId, avatarId)` for the first edition,
   * `edition-order:<userId>:<paymentId>` for a sale): a re-submitted mint reverts with AvatarMintKeyUsed.
   */
  async mintAvatar(p: {
    to: Address;
    avatarId: number;
    agentType: keyof typeof AGENT_TYPE_INDEX;
    maxEditions: number;
    mintKey: string;
  }): Promise<WriteReceipt & { tokenId: number; edition: number }> {
    const r = await this.write({
      address: this.addresses.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'mint',
      args: [p.to, BigInt(p.avatarId), AGENT_TYPE_INDEX[p.agentType], p.maxEditions, '', taskIdOf(p.mintKey)],
      // one outbox intent per mint key: a delivery run again after a crash waits for the first mint
      key: `mint:${p.mintKey}`,
    });
    const [minted] = parseEventLogs({ abi: avatarNftAbi, logs: r.receipt.logs, eventName: 'AvatarMinted' });
    if (!minted) throw new ChainWriteError(`mint ${r.transactionHash} emitted no AvatarMinted event`);
    const args = minted.args as { tokenId: bigint; edition: number };
    return { ...r, tokenId: Number(args.tokenId), edition: Number(args.edition) };
  }

  /**
   * Task verification as ERC-8004 validation: the platform requests validation of the agent's
   * task (ValidationRegistry.validationRequest, REQUESTER_ROLE, payload at `requestURI`), answers it as the
   * platform validator (validationResponse 0–100, evidence at `responseURI` whose keccak256 is
   * `responseHash`, tag = task type), and — when the response reaches VALIDATION_PASS_SCORE — awards the
   * XP that follows (AvatarNFT.awardExperience scales `xp` by the response, once per requestHash). Each
   * step is skipped when the chain already holds it, so a re-run after a crash completes without
   * doubling; a re-run whose evidence differs answers again (the registry keeps the latest response).
   * @throws ChainWriteError when a write reverts or cannot be sent
   */
  async validateTask(p: {
    taskKey: string;
    tokenId: number;
    taskType: string;
    data: unknown;
    xp: number;
    response: number;
    requestURI: string;
    responseURI: string;
    /** keccak256 of the exact bytes served at `responseURI`. */
    responseHash: Hex;
  }): Promise<WriteReceipt & { requestHash: Hex; responseHash: Hex; requestTxHash: Hash; awardTxHash: Hash | null }> {
    const { requestHash } = validationRequestOf(p);
    const responseHash = p.responseHash;
    const status = await this.validationStatus(requestHash);
    let requestTx: WriteReceipt | null = null;
    if (!status) {
      requestTx = await this.write({
        address: this.addresses.validationRegistry,
        abi: validationRegistryAbi,
        functionName: 'validationRequest',
        args: [this.account, BigInt(p.tokenId), p.requestURI, requestHash],
        key: `validation-request:${requestHash}`,
      });
    }
    const responded = await this.write({
      address: this.addresses.validationRegistry,
      abi: validationRegistryAbi,
      functionName: 'validationResponse',
      args: [requestHash, p.response, p.responseURI, responseHash, p.taskType],
      key: `validation-response:${requestHash}:${p.response}:${responseHash}`,
    });
    let award: WriteReceipt | null = null;
    if (p.response >= VALIDATION_PASS_SCORE && !(await this.isExperienceAwarded(requestHash))) {
      award = await this.write({
        address: this.addresses.avatarNFT,
        abi: avatarNftAbi,
        functionName: 'awardExperience',
        args: [requestHash, BigInt(p.xp)],
        key: `award-experience:${requestHash}`,
      });
    }
    const last = award ?? responded;
    return {
      ...last,
      requestHash,
      responseHash,
      requestTxHash: (requestTx ?? responded).transactionHash,
      awardTxHash: award?.transactionHash ?? null,
    };
  }

  /** The validation request's on-chain status, or null when it was never requested. */
  async validationStatus(requestHash: Hex): Promise<{ validator: Address; agentId: bigint; response: number } | null> {
    try {
      const [validator, agentId, response] = (await this.publicClient.readContract({
        address: this.addresses.validationRegistry,
        abi: validationRegistryAbi,
        functionName: 'getValidationStatus',
        args: [requestHash],
      })) as readonly [Address, bigint, number, Hex, string, bigint];
      return { validator, agentId, response };
    } catch {
      return null;
    }
  }

  /** True when AvatarNFT already awarded the XP of this validation request. */
  async isExperienceAwarded(requestHash: Hex): Promise<boolean> {
    return (await this.publicClient.readContract({
      address: this.addresses.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'isExperienceAwarded',
      args: [requestHash],
    })) as boolean;
  }

  /** True when the task key's validation was answered and its XP awarded on chain. */
  async isTaskRecorded(taskKey: string, tokenId: number, taskType: string, data: unknown): Promise<boolean> {
    return this.isExperienceAwarded(validationRequestOf({ taskKey, tokenId, taskType, data }).requestHash);
  }

  /** Transfers a token the server holds in custody to `to` (claim). */
  async transferFromCustody(tokenId: number, to: Address): Promise<WriteReceipt> {
    return this.write({
      address: this.addresses.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'safeTransferFrom',
      args: [this.account, to, BigInt(tokenId)],
    });
  }

  /** Current owner of an avatar token. */
  async ownerOf(tokenId: number): Promise<Address> {
    return (await this.publicClient.readContract({
      address: this.addresses.avatarNFT,
      abi: avatarNftAbi,
      functionName: 'ownerOf',
      args: [BigInt(tokenId)],
    })) as Address;
  }

  /** HTTP requests this service has sent to the RPC so far (benchmarks, metrics). */
  get rpcRequestCount(): number {
    return this.rpcRequests;
  }

  /**
   * Many view calls in one \`eth_call\` to Multicall3 (aggregate3; the chain definition names its
   * address — canonical on Base, installed on anvil). Generic over any ABI: each call is
   * \`{ address, abi, functionName, args }\`. A call that reverts yields \`{ status: 'failure' }\`
   * instead of failing the others.
   * @throws when the RPC request itself fails
   */
  async readMany<const T extends readonly unknown[]>(calls: T) {
    if (!calls.length) return [];
    return this.publicClient.multicall({
      contracts: calls as never,
      allowFailure: true,
      // One request for the whole list: our pages are at most a few hundred calls (~36 bytes each).
      batchSize: 0,
    }) as Promise<({ status: 'success'; result: unknown } | { status: 'failure'; error: Error })[]>;
  }

  /** ABIs by contract, for routes that decode user-sent transactions. */
  static readonly abis = { avatarNftAbi, reputationRegistryAbi, validationRegistryAbi, marketplaceAbi, artworkNftAbi };
}

/** JSON with sorted keys, so the same task data always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

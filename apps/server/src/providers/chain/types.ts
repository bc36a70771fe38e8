/**
 * Types shared by the chain provider and the chain-write outbox (modules/chain-outbox, ADR 008)
 * that sends the provider's writes once attached. They live here so the provider never imports a
 * module.
 */
import type { Address, Hash, Hex, TransactionReceipt } from 'viem';

/** A call to send. value in wei. */
export interface BuiltCall {
  to: Address;
  data: Hex;
  value: bigint;
}

/** What a confirmed write left on chain. gasUsed in gas units as a decimal string. */
export interface WriteReceipt {
  transactionHash: Hash;
  blockNumber: number;
  gasUsed: string;
  receipt: TransactionReceipt;
}

/**
 * Where the chain service's writes go once attached (the chain-write outbox): each is recorded as an
 * intent, signed and stored before broadcast by the single writer of the key, then waited for.
 */
export interface ChainWriteQueue {
  /**
   * Sends `call` and resolves with its receipt. `label` names it in logs; `key` names the intent: a
   * second call under the same key waits for the first one's transaction instead of sending another.
   * @throws ChainWriteError when it reverts or can never be sent
   */
  submitAndWait(call: BuiltCall & { label: string; key?: string }): Promise<WriteReceipt>;
}

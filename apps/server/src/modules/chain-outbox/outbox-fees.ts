/**
 * The fees of the server's own transactions (EIP-1559), under the operator's cap (MAX_FEE_PER_GAS_GWEI):
 * the outbox never signs above it, and waits while the base fee is higher.
 */
import { formatGwei } from 'viem';

/** The base fee is above the configured cap: nothing is signed until it falls. */
export class FeeCapError extends Error {}

/**
 * EIP-1559 fees for a base fee and tip (wei) under an optional cap (wei): maxFeePerGas = min(2 × base + tip,
 * cap), maxPriorityFeePerGas = min(tip, maxFeePerGas).
 * @throws FeeCapError when the base fee alone exceeds the cap
 */
export function capFees(baseFee: bigint, tip: bigint, cap: bigint | null) {
  const wanted = baseFee * 2n + tip;
  if (cap === null) return { maxFeePerGas: wanted, maxPriorityFeePerGas: tip };
  if (baseFee > cap)
    throw new FeeCapError(
      `base fee ${formatGwei(baseFee)} gwei is above MAX_FEE_PER_GAS_GWEI (${formatGwei(cap)}); waiting`,
    );
  const maxFeePerGas = wanted < cap ? wanted : cap;
  return { maxFeePerGas, maxPriorityFeePerGas: tip < maxFeePerGas ? tip : maxFeePerGas };
}

/**
 * Reading viem's errors from chain writes (the chain-write outbox and ChainService): a short message,
 * whether the call reverted (rather than the RPC failing), the decoded revert reason, and the reason
 * recorded for a transient failure.
 */
import { type Abi, BaseError, decodeErrorResult, type Hex } from 'viem';
import * as chainAbis from './abis';

/** Every ABI of our contracts, to decode a custom error whichever contract raised it. */
const ALL_ABIS = Object.values(chainAbis).flatMap((abi) => (Array.isArray(abi) ? abi : [])) as Abi;

/** The error's short message (viem's `shortMessage`), else its message, else the value as text. */
export function shortError(err: unknown): string {
  const e = err as { shortMessage?: string; message?: string };
  return e?.shortMessage ?? e?.message ?? String(err);
}

/** True when the error is the call reverting (not the RPC failing). */
export function isRevert(err: unknown): boolean {
  if (!(err instanceof BaseError)) return false;
  if (err.walk((e) => (e as Error).name === 'InsufficientFundsError')) return false;
  return Boolean(
    err.walk(
      (e) =>
        (e as Error).name === 'ExecutionRevertedError' ||
        (e as Error).name === 'ContractFunctionRevertedError' ||
        /revert/i.test((e as Error).message ?? ''),
    ),
  );
}

/** A readable revert reason: the custom error or require message when it can be decoded. */
export function revertReason(err: unknown): string {
  if (err instanceof BaseError) {
    const withData = err.walk((e) => typeof (e as { data?: unknown }).data === 'string') as { data?: Hex } | null;
    const data = withData?.data;
    if (data && data.length >= 10) {
      try {
        const decoded = decodeErrorResult({ abi: ALL_ABIS, data });
        const args = decoded.args?.length ? `(${decoded.args.map(String).join(', ')})` : '';
        return `${decoded.errorName}${args}`;
      } catch {
        // not one of ours: fall back to the message
      }
    }
    const reverted = err.walk((e) => (e as Error).name === 'ExecutionRevertedError') as BaseError | null;
    return (
      (reverted?.details || reverted?.shortMessage || err.shortMessage).replace(/^execution reverted:?\s*/i, '') ||
      'reverted'
    );
  }
  return shortError(err);
}

/**
 * Why a send failed without reverting, for the intent's `error`: the signing key out of gas, or the
 * RPC's message (with viem's details when they add something).
 */
export function transientReason(err: unknown): string {
  if (
    err instanceof BaseError &&
    (err.walk((e) => (e as Error).name === 'InsufficientFundsError') || /insufficient funds/i.test(err.message))
  ) {
    return 'insufficient funds: the signing key is out of gas';
  }
  const details = err instanceof BaseError ? err.details : '';
  const short = shortError(err);
  return `RPC: ${short}${details && !short.includes(details) ? ` (${details})` : ''}`;
}

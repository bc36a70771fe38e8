import { BaseError, ContractFunctionRevertedError, UserRejectedRequestError } from 'viem';
import { ApiError, getServerErrorText } from '@/lib/api';

/**
 * A short, human message for a failed wallet or chain call: the server's `{error}` text for API
 * errors, 'Request rejected in the wallet' when the user said no, the custom error name of a
 * reverted contract call (e.g. AvatarVoucherExpired), else viem's short message.
 */
export function chainErrorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return getServerErrorText(err, fallback);
  if (err instanceof BaseError) {
    if (err.walk((e) => e instanceof UserRejectedRequestError)) return 'Request rejected in the wallet';
    const revert = err.walk((e) => e instanceof ContractFunctionRevertedError);
    if (revert instanceof ContractFunctionRevertedError && revert.data?.errorName) {
      return `Reverted: ${revert.data.errorName}`;
    }
    return err.shortMessage || fallback;
  }
  return err instanceof Error && err.message ? err.message : fallback;
}

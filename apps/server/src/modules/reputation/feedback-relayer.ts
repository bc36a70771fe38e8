/**
 * The feedback relayer ("rate this"): a signing key of its own with its own chain outbox, used
 * only to send `giveFeedback` for users without a wallet. Key: FEEDBACK_RELAYER_PRIVATE_KEY, else
 * anvil's account #7 on the embedded chain; none elsewhere (wallet-signed ratings only).
 */
import type { Hex } from 'viem';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ChainService } from '../../providers/chain/chain-service';
import type { ChainRuntime } from '../../providers/chain/index';
import { ChainOutbox } from '../chain-outbox/outbox-writer';
import { FEEDBACK_INTENT, feedbackIntentKind, type RelayerDeps } from './reputation-service';

/** Anvil's well-known dev account #7 (funded at genesis; local chain only). */
export const ANVIL_ACCOUNT7_KEY = '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356' as const;

/**
 * The relayer's chain service and outbox, or null when no key is configured.
 * @throws Error when the relayer key is the server's own signer (the registry would refuse it)
 */
export function createFeedbackRelayer(
  config: Config,
  chain: ChainRuntime,
  db: Db,
  log?: { info: (o: object, m?: string) => void; warn: (o: object, m?: string) => void },
): RelayerDeps | null {
  const key = (config.FEEDBACK_RELAYER_PRIVATE_KEY ??
    (chain.service.kind === 'anvil' ? ANVIL_ACCOUNT7_KEY : null)) as Hex | null;
  if (!key) return null;
  const service = new ChainService(
    {
      kind: chain.service.kind,
      rpcUrl: chain.rpcUrl,
      privateKey: key,
      // the same fee cap and low-balance threshold as the server's own key
      maxFeePerGasWei: chain.service.maxFeePerGasWei,
      lowBalanceWei: chain.service.lowBalanceWei,
    },
    chain.service.addresses,
  );
  if (service.account.toLowerCase() === chain.service.account.toLowerCase()) {
    throw new Error('FEEDBACK_RELAYER_PRIVATE_KEY must not be the server signer (VERIFIER_PRIVATE_KEY)');
  }
  const outbox = new ChainOutbox({
    db,
    chain: service,
    kinds: { [FEEDBACK_INTENT]: feedbackIntentKind(service) },
    log,
  });
  return { outbox, address: service.account.toLowerCase() };
}

/**
 * Wires "rate this" into the app: the feedback relayer's outbox (started and
 * stopped with the app) and the reputation routes. Only with a chain.
 * @returns the relayer's outbox, or null when no relayer key is configured
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ChainRuntime } from '../../providers/chain/index';
import { type ChainOutbox, lowBalanceWarning } from '../chain-outbox/outbox-writer';
import { findUserWallet } from '../users/users-service';
import { createFeedbackRelayer } from './feedback-relayer';
import reputationRoutes from './reputation-routes';
import { ReputationService } from './reputation-service';

export async function registerReputation(
  app: FastifyInstance,
  deps: { config: Config; chain: ChainRuntime; db: Db },
): Promise<ChainOutbox | null> {
  const { config, chain, db } = deps;
  // A key of its own: the server's signer owns custody avatars, and the registry refuses an owner's feedback.
  const relayer = createFeedbackRelayer(config, chain, db, app.log);
  if (relayer) {
    app.addHook('onReady', async () => relayer.outbox.start());
    app.addReadyWarning('feedback relayer balance', async () => {
      const warning = lowBalanceWarning(await relayer.outbox.health());
      return warning && `feedback relayer: ${warning}`;
    });
    app.addHook('onClose', async () => relayer.outbox.close());
  }
  const reputation = new ReputationService(db, chain.service, relayer, config.appOrigin, (userId) =>
    findUserWallet(db, userId),
  );
  await app.register(reputationRoutes, { reputation });
  return relayer?.outbox ?? null;
}

/**
 * Completes the seeded demo catalogue in the background: draws the portraits the
 * seed left for later and mints every demo avatar's NFT through `ensureAvatarMinted` — the same
 * service path a user's new avatar takes — so the marketplace shows them 'Blockchain Verified'.
 * Runs as a durable job (DESIGN §6), so cold start stays fast and a restart resumes where it was;
 * the job heartbeats, so when the process running it dies another replica takes it over within
 * about the heartbeat (10 s) plus the supervise interval (JOBS_SUPERVISE_SECONDS) and finishes the rest.
 */
import type { AgentType } from '@app/domain/avatar';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { avatars, users } from '../../db/schema';
import type { ChainService } from '../../providers/chain/chain-service';
import { ensureAvatarMinted } from '../blockchain/mint-service';

/** The job queue of this work; one job at a time (a second send while one waits is dropped). */
export const DEMO_CATALOGUE_QUEUE = 'demo-catalogue';

export interface DemoCatalogueDeps {
  db: Db;
  /** null when the app runs without a chain (`CHAIN=none`): only portraits are drawn. */
  chain: ChainService | null;
  portrait?: (avatar: { id: number; name: string; agentType: AgentType }) => Promise<string | null>;
  log?: FastifyBaseLogger;
}

/** Demo avatars still missing a portrait or (with a chain) their NFT, oldest first. */
async function unfinished(deps: DemoCatalogueDeps) {
  const missing = deps.chain ? or(isNull(avatars.thumbnailUrl), isNull(avatars.tokenId)) : isNull(avatars.thumbnailUrl);
  return deps.db
    .select({
      id: avatars.id,
      name: avatars.name,
      agentType: avatars.agentType,
      thumbnailUrl: avatars.thumbnailUrl,
      tokenId: avatars.tokenId,
    })
    .from(avatars)
    .innerJoin(users, eq(users.id, avatars.ownerId))
    .where(and(eq(users.isDemo, true), missing))
    .orderBy(asc(avatars.id));
}

/**
 * Draws missing portraits and mints missing NFTs of demo avatars. Idempotent: what is done is
 * skipped, so a retried or repeated job only finishes the rest.
 * @returns how many avatars it completed
 * @throws what `ensureAvatarMinted` throws (the job is retried)
 */
export async function completeDemoCatalogue(deps: DemoCatalogueDeps): Promise<number> {
  const rows = await unfinished(deps);
  for (const row of rows) {
    if (!row.thumbnailUrl && deps.portrait) {
      const url = await deps.portrait({ id: row.id, name: row.name, agentType: row.agentType as AgentType });
      if (url) await deps.db.update(avatars).set({ thumbnailUrl: url }).where(eq(avatars.id, row.id));
    }
    if (row.tokenId === null && deps.chain) await ensureAvatarMinted(deps.db, deps.chain, row.id);
  }
  if (rows.length) deps.log?.info({ avatars: rows.length }, 'demo catalogue completed');
  return rows.length;
}

/**
 * Registers the queue and its worker, and enqueues the work when demo avatars are unfinished
 * (after a seed, or after a restart that interrupted it).
 */
export async function registerDemoCatalogue(app: FastifyInstance, deps: DemoCatalogueDeps): Promise<void> {
  // A retry after a crash starts 2 s later: the work is idempotent, nothing to back off from.
  // The heartbeat notices a dead process; the expiry only bounds a hung one, and must outlast a
  // whole catalogue minted on a slow chain (a job expired while it runs would start a second copy).
  await app.jobs.define(DEMO_CATALOGUE_QUEUE, {
    policy: 'exclusive',
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: false,
    heartbeatSeconds: 10,
    expireInSeconds: 4 * 3600,
  });
  await app.jobs.work(DEMO_CATALOGUE_QUEUE, async () => {
    await completeDemoCatalogue(deps);
  });
  if ((await unfinished(deps)).length) {
    await app.jobs.send(DEMO_CATALOGUE_QUEUE, {}, { singletonKey: 'demo-catalogue' });
  }
}

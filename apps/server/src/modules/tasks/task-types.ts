/**
 * Types shared by the task runner (queue and lifecycle), the executors (one per task type), the
 * validator and the chain recording.
 */
import type { Db } from '../../db/client';
import type { avatars, onChainTasks } from '../../db/schema';
import type { Jobs } from '../../plugins/jobs';
import type { ChatProvider } from '../../providers/ai/types';
import type { ChainService } from '../../providers/chain/chain-service';
import type { ImageProvider } from '../../providers/images/types';
import type { StorageProvider } from '../../providers/storage/types';

export type TaskRow = typeof onChainTasks.$inferSelect;
export type AvatarRow = typeof avatars.$inferSelect;

export interface FarcasterSettings {
  apiKey: string;
  signerUuid: string;
  /** Neynar API base, e.g. https://api.neynar.com (a local double in tests). */
  apiUrl: string;
}

export interface TaskRunnerDeps {
  db: Db;
  chain: ChainService | null;
  images: ImageProvider;
  chat: ChatProvider;
  storage: StorageProvider;
  /** Where deployed sites live: never under the app's /api/assets (their scripts must not run there). */
  siteStorage: StorageProvider;
  /** Absolute origin of the app (image URLs in token metadata, marketplace links). */
  appOrigin: string;
  /** Absolute origin that serves deployed sites (never the app's origin). */
  sitesOrigin: string;
  perUser: number;
  /** The durable job queue (plugins/jobs.ts). */
  jobs: Jobs;
  farcaster: FarcasterSettings | null;
  log?: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };
}

/** What an executor hands to an executor step: the task, its avatar and the request. */
export interface TaskContext {
  deps: TaskRunnerDeps;
  row: TaskRow;
  avatar: AvatarRow;
  /** The user's request, trimmed (may be empty: each type has a default). */
  prompt: string;
  /** @throws Cancelled when the task is no longer PENDING (cancelled by its user, in any process). */
  checkCancelled: () => Promise<void>;
}

/** What an executor produced. */
export interface Outcome {
  /** false: the task stays PENDING in a final "draft" phase. */
  confirm: boolean;
  /**
   * Shown with the task (SPEC §3 verificationData: previewUrl, deploymentUrl, framework, buildTime…).
   * Never hashed on chain: it may hold figures measured at run time.
   */
  verificationData: Record<string, unknown>;
  contractAddress?: string;
  transactionHash?: string;
  blockNumber?: number;
  gasUsed?: string;
  reason?: string;
}

/** The task was cancelled by its user while it ran; the row already says so. */
export class Cancelled extends Error {}

/**
 * Types shared by the task runner (queue and lifecycle), the executors (one per task type), the
 * validator and the chain recording.
 */
import type { TaskProducer } from '@app/domain/task-validation';
import type { LanguageModel } from 'ai';
import type { Db } from '../../db/client';
import type { avatars, onChainTasks } from '../../db/schema';
import type { Jobs } from '../../plugins/jobs';
import type { ChatProvider } from '../../providers/ai/types';
import type { ChainService } from '../../providers/chain/chain-service';
import type { ImageProvider } from '../../providers/images/types';
import type { Sandbox } from '../../providers/sandbox/types';
import type { StorageProvider } from '../../providers/storage/types';

export type TaskRow = typeof onChainTasks.$inferSelect;
export type AvatarRow = typeof avatars.$inferSelect;

export interface FarcasterSettings {
  apiKey: string;
  signerUuid: string;
  /** Neynar API base, e.g. https://api.neynar.com (a local double in tests). */
  apiUrl: string;
}

/** The configured model that does task work (agent loop) and writes acceptance tests (validator). */
export interface TaskModel {
  languageModel: LanguageModel;
  /** Model id, e.g. 'gpt-4.1' (shown as the producer). */
  model: string;
  /** 'openai' | 'anthropic' | 'openai-compatible' (shown as the producer). */
  provider: string;
}

export interface TaskRunnerDeps {
  db: Db;
  /** The WebAssembly sandbox: the only place generated code runs (DESIGN §8). */
  sandbox: Sandbox;
  /** The configured model, or null offline (the embedded generators do the work). */
  model: TaskModel | null;
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
  /** What was delivered, for the validator; absent for outcomes that are not checked (drafts). */
  work?: TaskWork;
}

/**
 * The work a task delivered, as the validator sees it: who made it and the artefacts themselves
 * (never URLs alone: the validator checks the bytes it was given).
 */
export interface TaskWork {
  producer: TaskProducer;
  /** code_project / deploy_website: the workspace, relative POSIX path → UTF-8 content. */
  files?: Record<string, string>;
  /** code_project: the entry point (a key of `files`), or null when the project has none. */
  entry?: string | null;
  /** mint_art_nft: the image and the prompt it was made for. */
  image?: { bytes: Uint8Array; mime: string; prompt: string; width: number; height: number };
  /** farcaster_post: the cast text, its topic, and its hash when it was published. */
  cast?: { text: string; topic: string; castHash: string | null };
  /** The producer's own account of what it did (the model's `finish` summary, or the embedded note). */
  summary?: string;
}

/** The task was cancelled by its user while it ran; the row already says so. */
export class Cancelled extends Error {}

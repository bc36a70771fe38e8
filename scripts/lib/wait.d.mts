/** Types of wait.mjs (pauses and polls of the scripts). */
import type { ChildProcess } from 'node:child_process';

export function sleep(ms: number): Promise<void>;
export function until<T>(
  fn: () => Promise<T | null | undefined | false>,
  ms: number,
  every?: number,
): Promise<T | null>;
export function waitForUrl(
  url: string,
  opts?: { timeoutMs?: number; every?: number; status?: number; child?: ChildProcess; hint?: string | (() => string) },
): Promise<void>;
export function waitReady(
  origin: string,
  opts?: { timeoutMs?: number; every?: number; child?: ChildProcess; hint?: string | (() => string) },
): Promise<void>;

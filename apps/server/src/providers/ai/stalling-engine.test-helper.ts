/**
 * Test helper: a stand-in for the persona engine that persona-isolated.test.ts loads into the worker
 * (the `engineUrl` test hook of persona-isolated.ts). It answers like the engine, except for two
 * marker messages: {@link STALL_MESSAGE} runs a regular expression that backtracks exponentially
 * (the defect the worker's deadline is for: it would never finish), and {@link CRASH_MESSAGE} ends
 * the worker thread as a crash would, and {@link HOG_MESSAGE} runs it out of memory.
 */

import { composePersonaReply as composeForReal } from './persona/persona-provider';
import type { ChatReply, ChatRequest } from './types';

/** Nested quantifiers over 40 a's and a mismatch at the end: 2^40 ways to fail to match. */
export const STALL_MESSAGE = `stall ${'a'.repeat(40)}!`;
/** Ends the worker thread with exit code 3 (in a worker, process.exit ends only that thread). */
export const CRASH_MESSAGE = 'crash the worker';
/** Allocates until the worker's heap limit stops it. */
export const HOG_MESSAGE = 'use all the memory';

export async function composePersonaReply(req: ChatRequest): Promise<ChatReply> {
  if (req.message === STALL_MESSAGE && /^stall (a+)+$/.test(req.message)) {
    throw new Error('unreachable: the pattern cannot match');
  }
  if (req.message === CRASH_MESSAGE) process.exit(3);
  if (req.message === HOG_MESSAGE) {
    const hog: number[][] = [];
    for (;;) hog.push(new Array(1_000_000).fill(hog.length));
  }
  return composeForReal(req);
}

/**
 * Recording a checked task on chain as ERC-8004 validation: the platform requests validation of the
 * avatar's task (ValidationRegistry.validationRequest, payload served at requestURI), answers it as
 * the platform validator with the validator's score (validationResponse; responseURI = the evidence
 * file, responseHash = its keccak256) and, for a score of at least VALIDATION_PASS_SCORE, has
 * AvatarNFT award the XP that follows (the contract scales it by the response).
 *
 * The request payload holds only what the task was asked to do — task key, agent, type, the user's
 * request — never anything made or measured while it ran, so a re-run after a crash computes the
 * same requestHash, finds the request on chain and completes it instead of opening a second one.
 */
import { VALIDATION_PASS_SCORE } from '@app/domain/task-validation';
import type { Hex } from 'viem';
import { validationRequestOf } from '../../providers/chain/chain-service';
import { ensureAvatarMinted } from '../blockchain/mint-service';
import { taskPrompt } from './task-results';
import type { AvatarRow, TaskRow, TaskRunnerDeps } from './task-types';

/** The ERC-8004 validation request of a task: its payload and requestHash, from stable inputs only. */
export function taskValidationRequest(
  row: Pick<TaskRow, 'taskId' | 'taskType' | 'inputParameters'>,
  tokenId: number,
): { payload: Record<string, unknown>; requestHash: Hex } {
  return validationRequestOf({
    taskKey: row.taskId,
    tokenId,
    taskType: row.taskType,
    data: { request: taskPrompt(row) },
  });
}

/** What recording left on chain, merged into the task's verificationData. */
export interface Recorded {
  contractAddress: string;
  transactionHash: string;
  blockNumber: number;
  gasUsed: string;
  data: Record<string, unknown>;
}

/**
 * Records the task's validation on chain (request once, response, XP award when the score passes)
 * and returns the receipts and the files' data.
 * @param p.xp the XP of the task type before scaling by the response (AvatarNFT scales it)
 * @param p.response the validator's score, 0..100
 * @param p.responseURI the evidence file's absolute URL; p.responseHash its keccak256
 * @throws ChainWriteError when a write reverts or cannot be sent
 */
export async function recordOnChain(
  deps: TaskRunnerDeps,
  row: TaskRow,
  avatar: AvatarRow,
  p: { xp: number; response: number; responseURI: string; responseHash: Hex },
): Promise<Recorded | null> {
  const chain = deps.chain;
  if (!chain) return null;
  const minted = await ensureAvatarMinted(deps.db, chain, avatar.id);
  const tokenId = minted.tokenId!;
  const request = taskValidationRequest(row, tokenId);
  const key = encodeURIComponent(row.taskId);
  const r = await chain.validateTask({
    taskKey: row.taskId,
    tokenId,
    taskType: row.taskType,
    data: request.payload.data,
    xp: p.xp,
    response: p.response,
    requestURI: `${deps.appOrigin}/api/validation/task/${key}/request`,
    responseURI: p.responseURI,
    responseHash: p.responseHash,
  });
  const passed = p.response >= VALIDATION_PASS_SCORE;
  return {
    contractAddress: chain.addresses.validationRegistry,
    transactionHash: r.transactionHash,
    blockNumber: r.blockNumber,
    gasUsed: r.gasUsed,
    data: {
      registryTxHash: r.transactionHash,
      requestHash: r.requestHash,
      validationRequest: request.payload,
      responseHash: r.responseHash,
      validationResponse: p.response,
      responseURI: p.responseURI,
      agentId: tokenId,
      // the +5 of a validated task (Work History rating, wallet history); none below the pass score
      reputation: passed ? [{ score: 5, scoreType: row.taskType }] : [],
    },
  };
}

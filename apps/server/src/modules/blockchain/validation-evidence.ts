/**
 * The validator's evidence of a verified claim (ERC-8004 `responseURI` =
 * `/api/validation/task/{key}/response`): what was checked, the facts, each check with its outcome,
 * and the response they give. Its canonical JSON bytes are stored with the task and served as they
 * are, so they hash to the on-chain `responseHash`. An agent task's evidence is a file of its own
 * (`verificationData.evidenceUrl`, see modules/tasks/task-evidence.ts); its route redirects there.
 */
import { UNSCORED_VALIDATION_RESPONSE, type ValidationCheck, validationScore } from '@app/domain/task-validation';
import { type Hex, keccak256, stringToHex } from 'viem';
import type { onChainTasks } from '../../db/schema';
import { canonicalJson } from '../../providers/chain/chain-service';

/** The evidence of a facts claim, its exact bytes and their keccak256 (the responseHash). */
export interface ClaimEvidence {
  evidence: Record<string, unknown>;
  bytes: string;
  responseHash: Hex;
  response: number;
}

/**
 * Evidence of a claim the platform's records support (verification-service checkClaim): one check,
 * passed, whose evidence names the facts; the response is its score (100).
 */
export function claimEvidence(p: {
  requestHash: Hex;
  validator: string;
  tag: string;
  checked: string;
  facts: Record<string, unknown>;
  agentId: number | null;
  validatedAt: string;
}): ClaimEvidence {
  const checks: ValidationCheck[] = [
    {
      id: 'facts.checked',
      description: "The platform's records support the claim",
      outcome: 'passed',
      evidence: `${p.checked}: ${canonicalJson(p.facts)}`,
    },
  ];
  const response = validationScore(checks);
  const evidence = { ...p, response, checks };
  const bytes = canonicalJson(evidence);
  return { evidence, bytes, responseHash: keccak256(stringToHex(bytes)), response };
}

/** A task with a validation request on chain (what verification-service's findValidatedTask reads). */
export interface ValidatedTask {
  row: typeof onChainTasks.$inferSelect;
  requestHash: string;
  /** The agent named in the hashed request. */
  tokenId: number | null;
}

/**
 * What `/api/validation/task/{key}/response` answers for a validated task: a redirect to an agent
 * task's evidence file, the stored evidence bytes of a claim, or (records made before evidence was
 * stored) the evidence rebuilt from the record with its recorded response.
 */
export function servedEvidence(found: ValidatedTask, validator: string): { redirect: string } | { json: string } {
  const v = (found.row.verificationData ?? {}) as {
    evidenceUrl?: unknown;
    evidence?: unknown;
    validationResponse?: unknown;
  };
  if (typeof v.evidenceUrl === 'string' && v.evidenceUrl) return { redirect: v.evidenceUrl };
  if (v.evidence && typeof v.evidence === 'object') return { json: canonicalJson(v.evidence) };
  return {
    json: JSON.stringify({
      requestHash: found.requestHash,
      validator,
      response: typeof v.validationResponse === 'number' ? v.validationResponse : UNSCORED_VALIDATION_RESPONSE,
      tag: found.row.taskType,
      checked: found.row.taskDescription,
      facts: found.row.inputParameters ?? {},
      agentId: found.tokenId,
      validatedAt: (found.row.completedAt ?? found.row.createdAt).toISOString(),
    }),
  };
}

/**
 * The validator's rules and how its findings are shown (DESIGN §8): check outcomes, the pass score,
 * the score and XP formulas, labels and where the evidence file is — without zod. task-validation.ts
 * re-exports all of this next to the report's schemas; the web imports this module, so pages that
 * only show a report do not load zod.
 */

/** passed / failed / not checked ("not checked" counts as not passed in the score). */
export const CHECK_OUTCOMES = ['passed', 'failed', 'not_checked'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

/** A response below this leaves the task FAILED_VALIDATION, with no XP. */
export const VALIDATION_PASS_SCORE = 50;

/**
 * The response of a validation recorded before the platform validator checked work, when the record
 * itself does not say: every such request was answered 100 on chain (ERC-8004 `validationResponse`),
 * so the evidence served for it now states that figure rather than a score nobody computed.
 */
export const UNSCORED_VALIDATION_RESPONSE = 100;

/** A deployed website (all its files together) is at most this many bytes (the validator's size check). */
export const SITE_MAX_BYTES = 1024 * 1024;

/** Task status of work the validator scored below {@link VALIDATION_PASS_SCORE}. */
export const FAILED_VALIDATION = 'FAILED_VALIDATION';

/** round(100 × passed / all checks); 0 when there are no checks. */
export function validationScore(checks: readonly { outcome: CheckOutcome }[]): number {
  if (checks.length === 0) return 0;
  const passed = checks.filter((c) => c.outcome === 'passed').length;
  return Math.round((100 * passed) / checks.length);
}

/** XP earned for a validated task: the task type's XP scaled by the response (xp × response / 100). */
export function validatedXp(xp: number, score: number): number {
  return score < VALIDATION_PASS_SCORE ? 0 : Math.floor((xp * score) / 100);
}

/** How a check is marked where users look: ✓ passed, ✗ failed, – not checked. */
export function checkMark(outcome: CheckOutcome): '✓' | '✗' | '–' {
  return outcome === 'passed' ? '✓' : outcome === 'failed' ? '✗' : '–';
}

/** "model gpt-4.1 via openai" or "embedded engine". */
export function producerLabel(p: {
  kind: 'model' | 'embedded';
  model: string | null;
  provider: string | null;
}): string {
  if (p.kind === 'embedded') return 'embedded engine';
  return `model ${p.model ?? 'unknown'}${p.provider ? ` via ${p.provider}` : ''}`;
}

/**
 * Where the validator's evidence file of a task can be read (its ERC-8004 `responseURI`): the stored
 * `verificationData.evidenceUrl` (an agent task's published evidence) or `responseURI`, when it is an
 * http(s) URL or an app path; else the platform's evidence route
 * (`/api/validation/task/{taskKey}/response`, relative to the app) once a validation was requested on
 * chain (`verificationData.requestHash`); null before that.
 */
export function validationEvidenceUri(taskKey: string, verificationData: unknown): string | null {
  const v = (verificationData ?? {}) as { evidenceUrl?: unknown; responseURI?: unknown; requestHash?: unknown };
  for (const stored of [v.evidenceUrl, v.responseURI]) {
    if (typeof stored === 'string' && /^(https?:\/\/|\/(?!\/))/i.test(stored)) return stored;
  }
  if (typeof v.requestHash === 'string' && v.requestHash)
    return `/api/validation/task/${encodeURIComponent(taskKey)}/response`;
  return null;
}

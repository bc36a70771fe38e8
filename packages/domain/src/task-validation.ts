/**
 * What the platform validator found when it checked a task's work (DESIGN §8): one entry per check,
 * the score that goes on chain as the ERC-8004 validation response, and who made the work. The same
 * report is stored on the task, shown on the task result card, WORK HISTORY and /blockchain, returned
 * by MCP `get_task`, and published (with each artefact's sha256) as the evidence file at responseURI.
 */
import { z } from 'zod';

/** passed / failed / not checked ("not checked" counts as not passed in the score). */
export const CHECK_OUTCOMES = ['passed', 'failed', 'not_checked'] as const;
export const CheckOutcomeSchema = z.enum(CHECK_OUTCOMES);
export type CheckOutcome = z.infer<typeof CheckOutcomeSchema>;

/** One check of the validator. */
export const ValidationCheckSchema = z.object({
  /** Stable id, e.g. 'code.parses', 'code.entry-runs', 'site.html-valid', 'cast.length'. */
  id: z.string(),
  /** What it checks, in words ("The entry point main.py runs to exit code 0 in the sandbox"). */
  description: z.string(),
  outcome: CheckOutcomeSchema,
  /**
   * Why, in words a user can read: exit code, the first lines of output, validator messages, or the
   * reason a check could not run ("no model configured to write an acceptance test").
   */
  evidence: z.string(),
});
export type ValidationCheck = z.infer<typeof ValidationCheckSchema>;

/** Who made the work: a configured model, or the embedded generators. */
export const TaskProducerSchema = z.object({
  kind: z.enum(['model', 'embedded']),
  /** Model id, e.g. 'gpt-4.1' (kind 'model'). */
  model: z.string().nullable(),
  /** Provider, e.g. 'openai', 'anthropic', 'openai-compatible' (kind 'model'). */
  provider: z.string().nullable(),
});
export type TaskProducer = z.infer<typeof TaskProducerSchema>;

/** A delivered file, named with its hash so anyone can download it and re-run the checks. */
export const TaskArtefactSchema = z.object({
  path: z.string(),
  sha256: z.string(),
  bytes: z.number().int().nonnegative(),
  /** Where it can be downloaded, when it is published on its own. */
  url: z.string().nullable(),
});
export type TaskArtefact = z.infer<typeof TaskArtefactSchema>;

/** The validator's report on one task. */
export const TaskValidationReportSchema = z.object({
  /** round(100 × passed / all checks), 0..100: the ERC-8004 validation response. */
  score: z.number().int().min(0).max(100),
  checks: z.array(ValidationCheckSchema),
  producer: TaskProducerSchema,
  artefacts: z.array(TaskArtefactSchema),
});
export type TaskValidationReport = z.infer<typeof TaskValidationReportSchema>;

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
export function validationScore(checks: readonly Pick<ValidationCheck, 'outcome'>[]): number {
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
export function producerLabel(p: TaskProducer): string {
  if (p.kind === 'embedded') return 'embedded engine';
  return `model ${p.model ?? 'unknown'}${p.provider ? ` via ${p.provider}` : ''}`;
}

/**
 * The validator's report stored with a task (`on_chain_tasks.verificationData.validation`), or null
 * when the task has not been checked or the stored value does not match {@link TaskValidationReportSchema}
 * (a read never throws on an old or malformed row).
 */
export function readValidationReport(verificationData: unknown): TaskValidationReport | null {
  const raw = (verificationData as { validation?: unknown } | null | undefined)?.validation;
  if (raw === undefined || raw === null) return null;
  const r = TaskValidationReportSchema.safeParse(raw);
  return r.success ? r.data : null;
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

/**
 * What the platform validator found when it checked a task's work (DESIGN §8): one entry per check,
 * the score that goes on chain as the ERC-8004 validation response, and who made the work. The same
 * report is stored on the task, shown on the task result card, WORK HISTORY and /blockchain, returned
 * by MCP `get_task`, and published (with each artefact's sha256) as the evidence file at responseURI.
 */
import { z } from 'zod';
import { CHECK_OUTCOMES } from './task-validation-rules';

export * from './task-validation-rules';

export const CheckOutcomeSchema = z.enum(CHECK_OUTCOMES);

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

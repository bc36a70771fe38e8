/**
 * The platform validator (DESIGN §8): checks the work a task delivered — by opening, parsing and
 * running it in the sandbox, never by trusting the producer — and scores it. Each check records what
 * it checks, passed / failed / not checked, and its evidence in words; the score
 * (round(100 × passed / all checks)) is the ERC-8004 validation response.
 *
 *   const { report } = await validateWork({ taskType: 'code_project', request, work, model, sandbox });
 *   report.score  // 0..100
 */
import { createHash } from 'node:crypto';
import {
  type TaskArtefact,
  type TaskValidationReport,
  type ValidationCheck,
  validationScore,
} from '@app/domain/task-validation';
import type { Sandbox } from '../../../providers/sandbox/types';
import type { TaskModel, TaskWork } from '../task-types';
import type { AcceptanceTest } from './acceptance';
import { checkArtwork } from './art-checks';
import { checkCast } from './cast-checks';
import { check } from './checks';
import { checkCodeProject } from './code-checks';
import { checkWebsite } from './site-checks';

export type { AcceptanceTest } from './acceptance';

export interface ValidateInput {
  /** code_project | deploy_website | mint_art_nft | farcaster_post */
  taskType: string;
  /** The user's request, trimmed ('' when the type's default was used). */
  request: string;
  work: TaskWork;
  /** The configured model (writes the acceptance test of a code project), or null offline. */
  model: TaskModel | null;
  sandbox: Sandbox;
  signal?: AbortSignal;
}

/** The report, and the acceptance test the validator model wrote (published with the evidence). */
export interface ValidationOutcome {
  report: TaskValidationReport;
  acceptanceTest: AcceptanceTest | null;
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

const IMAGE_EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/**
 * The delivered artefacts, each with its sha256 and size: a project's or site's files, the artwork
 * (`artwork.<ext>`), the cast's text (`cast.txt`). `url` is null here; the runner fills it in for
 * what it published.
 */
export function artefactsOf(work: TaskWork): TaskArtefact[] {
  const out: TaskArtefact[] = [];
  for (const [path, content] of Object.entries(work.files ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    out.push({ path, sha256: sha256(content), bytes: Buffer.byteLength(content), url: null });
  }
  if (work.image) {
    const ext = IMAGE_EXTENSIONS[work.image.mime] ?? 'bin';
    out.push({ path: `artwork.${ext}`, sha256: sha256(work.image.bytes), bytes: work.image.bytes.length, url: null });
  }
  if (work.cast)
    out.push({ path: 'cast.txt', sha256: sha256(work.cast.text), bytes: Buffer.byteLength(work.cast.text), url: null });
  return out;
}

/**
 * Checks a task's work. Never throws for anything the work does (a check fails with the reason);
 * an unknown task type gets one failed check.
 */
export async function validateWork(input: ValidateInput): Promise<ValidationOutcome> {
  let checks: ValidationCheck[];
  let acceptanceTest: AcceptanceTest | null = null;
  switch (input.taskType) {
    case 'code_project': {
      const r = await checkCodeProject(input);
      checks = r.checks;
      acceptanceTest = r.acceptanceTest;
      break;
    }
    case 'deploy_website':
      checks = await checkWebsite(input);
      break;
    case 'mint_art_nft':
      checks = await checkArtwork(input);
      break;
    case 'farcaster_post':
      checks = checkCast(input);
      break;
    default:
      checks = [
        check('task.type', 'The task type has validator checks', 'failed', `no checks for task type ${input.taskType}`),
      ];
  }
  return {
    report: {
      score: validationScore(checks),
      checks,
      producer: input.work.producer,
      artefacts: artefactsOf(input.work),
    },
    acceptanceTest,
  };
}

/**
 * The validator's evidence file of a task (its ERC-8004 `responseURI`): the request, each check with
 * its evidence, the score, who made the work and every artefact with its sha256 (and where to
 * download it), plus the acceptance test the validator model wrote — so anyone can fetch the files
 * and re-run the checks. Its keccak256 is the on-chain `responseHash`.
 *
 * Stored in the app's storage under a key derived from the task key only, so a re-run after a crash
 * overwrites the same file instead of leaving a second one. Nothing measured at run time (durations,
 * timestamps) is in it: the same work gives the same bytes.
 */
import { createHash } from 'node:crypto';
import { type TaskArtefact, type TaskValidationReport, VALIDATION_PASS_SCORE } from '@app/domain/task-validation';
import { type Hex, keccak256 } from 'viem';
import { taskPrompt } from './task-results';
import type { Outcome, TaskRow, TaskRunnerDeps } from './task-types';
import type { AcceptanceTest } from './validation/index';

/** What publishing left: the file's absolute URL, its keccak256 and the report with artefact URLs. */
export interface PublishedEvidence {
  url: string;
  responseHash: Hex;
  report: TaskValidationReport;
}

/** Storage key of a task's evidence file: `validation/<sha256 of the task key>.json`. */
export function evidenceKey(taskKey: string): string {
  return `validation/${createHash('sha256').update(taskKey).digest('hex')}.json`;
}

/** Where each delivered artefact can be downloaded on its own, from what the executor published. */
function withUrls(row: TaskRow, outcome: Outcome, artefacts: TaskArtefact[], appOrigin: string): TaskArtefact[] {
  const v = outcome.verificationData;
  const abs = (u: unknown) => (typeof u === 'string' && u ? new URL(u, appOrigin).href : null);
  return artefacts.map((a) => {
    let url: string | null = null;
    if (row.taskType === 'deploy_website') url = abs(v.deploymentUrl) && new URL(a.path, abs(v.deploymentUrl)!).href;
    else if (row.taskType === 'code_project' && a.path.startsWith('public/') && abs(v.previewUrl)) {
      url = new URL(a.path.slice('public/'.length), abs(v.previewUrl)!).href;
    } else if (row.taskType === 'mint_art_nft') url = abs(v.artworkUrl);
    return { ...a, url };
  });
}

/** The evidence document of a task (JSON, keys in a fixed order). */
export function evidenceDocument(
  row: Pick<TaskRow, 'taskId' | 'taskType' | 'inputParameters'>,
  report: TaskValidationReport,
  acceptanceTest: AcceptanceTest | null,
  extra: { validator: string; archiveUrl: string | null },
): Record<string, unknown> {
  return {
    kind: 'task-validation-evidence',
    taskKey: row.taskId,
    taskType: row.taskType,
    request: taskPrompt(row),
    validator: extra.validator,
    scoreRule: 'round(100 × passed / all checks); "not checked" counts as not passed',
    score: report.score,
    passed: report.score >= VALIDATION_PASS_SCORE,
    checks: report.checks,
    producer: report.producer,
    artefacts: report.artefacts,
    archiveUrl: extra.archiveUrl,
    acceptanceTest: acceptanceTest
      ? {
          ...acceptanceTest,
          sha256: createHash('sha256').update(acceptanceTest.content).digest('hex'),
        }
      : null,
  };
}

/**
 * Publishes a task's evidence file (idempotent: same key for the task) and returns its URL and hash.
 */
export async function publishEvidence(
  deps: Pick<TaskRunnerDeps, 'storage' | 'appOrigin' | 'sandbox'>,
  row: TaskRow,
  outcome: Outcome,
  validation: { report: TaskValidationReport; acceptanceTest: AcceptanceTest | null },
): Promise<PublishedEvidence> {
  const report = {
    ...validation.report,
    artefacts: withUrls(row, outcome, validation.report.artefacts, deps.appOrigin),
  };
  const downloadUrl = outcome.verificationData.downloadUrl;
  const doc = evidenceDocument(row, report, validation.acceptanceTest, {
    validator: `platform validator, ${deps.sandbox.name}`,
    archiveUrl: typeof downloadUrl === 'string' ? new URL(downloadUrl, deps.appOrigin).href : null,
  });
  const bytes = Buffer.from(`${JSON.stringify(doc, null, 2)}\n`);
  const stored = await deps.storage.put(evidenceKey(row.taskId), bytes, 'application/json');
  return { url: new URL(stored.url, deps.appOrigin).href, responseHash: keccak256(bytes), report };
}

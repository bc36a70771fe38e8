/** Runs a task by its type (one executor per type). */
import { DEFAULT_ART_PROMPT } from '@app/domain/tasks';
import type { Outcome, TaskContext } from '../task-types';
import { mintArt } from './art-task';
import { farcasterPost } from './cast-task';
import { codeProject } from './code-task';
import { deploySite } from './site-task';

/** @throws Error with the reason in words when the work cannot be done (the task ends FAILED) */
export async function executeTask(ctx: TaskContext): Promise<Outcome> {
  switch (ctx.row.taskType) {
    case 'mint_art_nft':
      return mintArt(ctx, ctx.prompt || DEFAULT_ART_PROMPT);
    case 'deploy_website':
      return deploySite(ctx);
    case 'code_project':
      return codeProject(ctx);
    case 'farcaster_post':
      return farcasterPost(ctx);
    default:
      throw new Error(`Unknown task type ${ctx.row.taskType}`);
  }
}

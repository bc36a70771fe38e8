/**
 * deploy_website: a static site made for the request — written by the configured model (agent loop),
 * else by the embedded generator — published on the sites origin.
 */
import type { AgentType } from '@app/domain/avatar';
import { generateSite } from '../generators/site-generator';
import type { Outcome, TaskContext, TaskWork } from '../task-types';
import { EMBEDDED_PRODUCER, publishSite } from './publish';

/** The site written by the configured model, and its work for the validator. */
async function modelSite(
  ctx: TaskContext,
): Promise<{ site: { title: string; files: Record<string, string> }; work: TaskWork }> {
  const agent = await import('../agent/task-agent');
  const made = await agent.runTaskAgent(ctx);
  return {
    site: { title: agent.workTitle(made.files, ctx.prompt, `${ctx.avatar.name}'s site`), files: made.files },
    work: { producer: agent.modelProducer(ctx), files: made.files, summary: made.summary },
  };
}

export async function deploySite(ctx: TaskContext): Promise<Outcome> {
  const { deps, row, avatar } = ctx;
  const started = performance.now();
  const byModel = deps.model ? await modelSite(ctx) : null;
  const site =
    byModel?.site ??
    generateSite({
      prompt: ctx.prompt || `a landing page for ${avatar.name}`,
      avatarName: avatar.name,
      agentType: avatar.agentType as AgentType,
    });
  const url = await publishSite(deps.siteStorage, deps.sitesOrigin, row.taskId.slice(5), site.files);
  return {
    confirm: true,
    verificationData: {
      deploymentUrl: url,
      previewUrl: url,
      framework: 'static-html',
      // SPEC §3 shows the build time; it is display data, never part of what is hashed on chain.
      buildTime: Number(((performance.now() - started) / 1000).toFixed(3)),
      title: site.title,
      files: Object.keys(site.files),
      ...(byModel ? { summary: byModel.work.summary } : {}),
    },
    work: byModel?.work ?? {
      producer: EMBEDDED_PRODUCER,
      files: site.files,
      entry: null,
      summary: `a static site: ${site.title}`,
    },
  };
}

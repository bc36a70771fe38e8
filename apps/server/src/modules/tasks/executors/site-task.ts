/** deploy_website: a static site made for the request, published on the sites origin. */
import type { AgentType } from '@app/domain/avatar';
import { generateSite } from '../generators/site-generator';
import type { Outcome, TaskContext } from '../task-types';
import { EMBEDDED_PRODUCER, publishSite } from './publish';

export async function deploySite(ctx: TaskContext): Promise<Outcome> {
  const { deps, row, avatar } = ctx;
  const started = performance.now();
  const site = generateSite({
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
    },
    work: { producer: EMBEDDED_PRODUCER, files: site.files, entry: null, summary: `a static site: ${site.title}` },
  };
}

/**
 * code_project: a project made for the request — by the configured model (agent loop: it writes the
 * program and its tests and runs them in the sandbox), else the embedded starter — its archive in the
 * app's storage (download) and a preview on the sites origin — its own web page when it has one
 * (`public/`), else its source listing.
 */
import type { AgentType } from '@app/domain/avatar';
import { type CodeProject, generateCodeProject } from '../generators/code-generator';
import { projectPreviewHtml } from '../generators/project-preview';
import type { Outcome, TaskContext, TaskWork } from '../task-types';
import { EMBEDDED_PRODUCER, publishSite, zipFiles } from './publish';

/** Entry points of the embedded starters, in the order they are looked for. */
const STARTER_ENTRIES = ['main.py', 'index.ts', 'index.js', 'server.js', 'main.go', 'src/main.rs', 'main.sh'];

/** The project written by the configured model, and its work for the validator. */
async function modelProject(ctx: TaskContext): Promise<{ project: CodeProject; work: TaskWork }> {
  const agent = await import('../agent/task-agent');
  const made = await agent.runTaskAgent(ctx);
  const entry = agent.codeEntry(made);
  const project: CodeProject = {
    title: agent.workTitle(made.files, ctx.prompt, `${ctx.avatar.name}'s project`),
    files: made.files,
    framework: agent.codeFramework(entry),
    summary: made.summary,
  };
  return {
    project,
    work: { producer: agent.modelProducer(ctx), files: made.files, entry, summary: made.summary },
  };
}

export async function codeProject(ctx: TaskContext): Promise<Outcome> {
  const { deps, row, avatar } = ctx;
  const started = performance.now();
  const byModel = deps.model ? await modelProject(ctx) : null;
  const project =
    byModel?.project ??
    generateCodeProject({
      prompt: ctx.prompt || `a starter app for ${avatar.name}`,
      avatarName: avatar.name,
      agentType: avatar.agentType as AgentType,
    });
  const bytes = await zipFiles(project.files);
  const siteId = row.taskId.slice(5);
  const stored = await deps.storage.put(`projects/${siteId}.zip`, bytes, 'application/zip');
  const publicFiles = Object.fromEntries(
    Object.entries(project.files)
      .filter(([n]) => n.startsWith('public/'))
      .map(([n, c]) => [n.slice(7), c]),
  );
  if (!publicFiles['index.html']) publicFiles['index.html'] = projectPreviewHtml(project);
  const url = await publishSite(deps.siteStorage, deps.sitesOrigin, siteId, publicFiles);
  return {
    confirm: true,
    verificationData: {
      downloadUrl: stored.url,
      previewUrl: url,
      deploymentUrl: url,
      framework: project.framework,
      files: Object.keys(project.files),
      summary: project.summary,
      // SPEC §3 shows the build time; it is display data, never part of what is hashed on chain.
      buildTime: Number(((performance.now() - started) / 1000).toFixed(3)),
      sizeBytes: bytes.length,
    },
    work: byModel?.work ?? {
      producer: EMBEDDED_PRODUCER,
      files: project.files,
      entry: STARTER_ENTRIES.find((f) => f in project.files) ?? null,
      summary: project.summary,
    },
  };
}

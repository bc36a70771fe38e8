/**
 * Prints the validator's check list of one task per task type, done twice: offline (the embedded
 * engine) and by a configured model (the scripted OpenAI-compatible test model of
 * fixtures/scripted-model-api.ts, answering as fixtures/scripted-tasks.ts says). Each run goes
 * through the real app on an in-memory database: `POST /api/avatars/:id/tasks`, the agent loop or
 * the embedded generators, the sandbox, the validator; the report is read back from the task.
 *
 *   npm run tasks:checklists -w apps/server          # Markdown on stdout
 */
import { checkMark, producerLabel, readValidationReport } from '@app/domain/task-validation';
import type { TaskResult } from '@app/domain/tasks';
import { type ScriptedModelApi, startScriptedModelApi } from './fixtures/scripted-model-api';
import { GOOD_SCRIPTS, REQUESTS } from './fixtures/scripted-tasks';
import { createTestApp, signIn } from './helpers/app';

const TASK_TYPES = ['code_project', 'deploy_website', 'mint_art_nft', 'farcaster_post'] as const;

/** The check list of a task, as Markdown lines. */
function describeTask(task: TaskResult): string[] {
  const report = task.validation ?? readValidationReport(task.verificationData);
  const lines = [`status ${task.status}${task.error ? ` — ${task.error}` : ''}`];
  if (!report) return [...lines, '(no validation report on this task)'];
  lines.push(`score ${report.score} · made by ${producerLabel(report.producer)} · XP earned ${task.experienceEarned}`);
  for (const c of report.checks) {
    const [first, ...rest] = c.evidence.split('\n');
    lines.push(`${checkMark(c.outcome)} ${c.id} — ${c.description}: ${first}`);
    for (const more of rest) lines.push(`    ${more}`);
  }
  return lines;
}

async function runAll(mode: 'offline' | 'model'): Promise<string[]> {
  let api: ScriptedModelApi | null = null;
  if (mode === 'model') api = await startScriptedModelApi({ scripts: GOOD_SCRIPTS });
  const env: Record<string, string> = api
    ? { AI_PROVIDER: 'openai-compatible', AI_MODEL: 'scripted-test-model', AI_BASE_URL: api.baseURL }
    : {};
  const t = await createTestApp(env);
  const out: string[] = [];
  try {
    const { cookie } = await signIn(t.app, { email: `checklists-${mode}@example.com` });
    const avatar = (
      await t.app.inject({
        method: 'POST',
        url: '/api/avatars',
        headers: { cookie },
        payload: { name: 'CHECKLIST', agentType: 'HACKER' },
      })
    ).json() as { id: number };
    for (const taskType of TASK_TYPES) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/avatars/${avatar.id}/tasks`,
        headers: { cookie },
        payload: { taskType, prompt: REQUESTS[taskType] },
      });
      if (res.statusCode !== 202) throw new Error(`${taskType}: ${res.statusCode} ${res.body}`);
      const { id } = res.json() as { id: number };
      await t.app.tasks.idle();
      const tasks = (
        await t.app.inject({ url: `/api/avatars/${avatar.id}/tasks`, headers: { cookie } })
      ).json() as TaskResult[];
      const task = tasks.find((x) => x.id === id)!;
      out.push(
        `### ${taskType} — ${mode === 'offline' ? 'offline (embedded engine)' : 'with the scripted test model'}`,
        '',
        `request: "${REQUESTS[taskType]}"`,
        '',
        '```',
        ...describeTask(task),
        '```',
        '',
      );
    }
  } finally {
    await t.close();
    await api?.close();
  }
  return out;
}

const lines = [...(await runAll('offline')), ...(await runAll('model'))];
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(0);

/**
 * The MCP server of one avatar, built per call for the authenticated caller (the
 * avatar's owner, through one of its API keys): tools to chat with the avatar and to start and read
 * its agent tasks. Served over Streamable HTTP in stateless mode by agent-endpoints-routes.ts.
 */
import { MCP_TOOLS, McpChatInput, McpGetTaskInput, McpStartTaskInput } from '@app/domain/agent-access';
import { AGENT_CHAT_INTERACTION_TYPE } from '@app/domain/training';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { HttpError } from '../../lib/http-error';
import { ChatProviderError } from '../../providers/ai/types';
import { type ChatDeps, chatWithAvatar } from '../chat/chat-service';
import type { TaskRunner } from '../tasks/task-runner';
import type { AgentCaller } from './agent-access-service';

export interface AgentCallDeps {
  chat: ChatDeps;
  runner: TaskRunner;
}

const text = (value: unknown) => ({ type: 'text' as const, text: JSON.stringify(value) });

/** A tool error the calling agent can read (HTTP-like failures of our services). */
function toolError(err: unknown) {
  const message =
    err instanceof HttpError || err instanceof ChatProviderError ? err.message : 'The avatar could not do this now';
  return { isError: true, content: [{ type: 'text' as const, text: message }] };
}

/** Builds the MCP server of `caller.avatar`, acting as `caller.userId`. */
export function buildAvatarMcpServer(deps: AgentCallDeps, caller: AgentCaller): McpServer {
  const { avatar, userId } = caller;
  const server = new McpServer({ name: `avatar-${avatar.id}`, version: '1.0.0' });

  server.registerTool(
    MCP_TOOLS.chat,
    {
      title: `Chat with ${avatar.name}`,
      description: `Send a message to ${avatar.name} (${avatar.agentType} AI avatar) and get its reply in character.`,
      inputSchema: McpChatInput,
    },
    async ({ message }) => {
      try {
        const out = await chatWithAvatar(deps.chat, {
          avatarId: avatar.id,
          userId,
          message,
          interactionType: AGENT_CHAT_INTERACTION_TYPE,
        });
        const result = {
          response: out.response,
          images: out.images.map((i) => i.url),
          taskSuggestion: out.taskSuggestion,
        };
        return { content: [{ type: 'text' as const, text: out.response }], structuredContent: result };
      } catch (err) {
        return toolError(err);
      }
    },
  );

  server.registerTool(
    MCP_TOOLS.startTask,
    {
      title: 'Start an agent task',
      description:
        'Start an agent task of the avatar (mint_art_nft, deploy_website, farcaster_post, code_project). ' +
        'It runs in the background; read its result with get_task.',
      inputSchema: McpStartTaskInput,
    },
    async ({ taskType, prompt }) => {
      try {
        const task = await deps.runner.create({ userId, avatar, taskType, prompt: prompt ?? '' });
        return { content: [text(task)], structuredContent: task };
      } catch (err) {
        return toolError(err);
      }
    },
  );

  server.registerTool(
    MCP_TOOLS.getTask,
    {
      title: 'Read an agent task',
      description:
        "Status (PENDING, CONFIRMED, FAILED, FAILED_VALIDATION), phase and result of one task of this avatar, with the platform validator's report: the score (the ERC-8004 validation response), each check with passed / failed / not_checked and its evidence, who made the work, and the artefacts with their sha256 (verificationData.evidenceUrl is the evidence file).",
      inputSchema: McpGetTaskInput,
    },
    async ({ taskId }) => {
      const task = await deps.runner.getForAvatar(taskId, avatar.id);
      if (!task) return toolError(new HttpError(404, `Task ${taskId} is not a task of this avatar`));
      return { content: [text(task)], structuredContent: task };
    },
  );

  server.registerTool(
    MCP_TOOLS.listTasks,
    { title: 'List agent tasks', description: 'The 20 most recent tasks of this avatar, newest first.' },
    async () => {
      const tasks = await deps.runner.listForAvatar(avatar.id);
      return { content: [text(tasks)], structuredContent: { tasks } };
    },
  );

  return server;
}

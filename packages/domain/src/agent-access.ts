/**
 * Agent access: other agents call a public avatar through its MCP endpoint or its
 * A2A agent, with an API key the avatar's owner creates and revokes on the avatar's page.
 */
import { z } from 'zod';
import { IntIdSchema } from './input';
import { AgentTaskTypeSchema, TASK_PROMPT_MAX } from './tasks';

/** Prefix of every avatar API key (the rest is 32 random bytes, base64url). */
export const API_KEY_PREFIX = 'avk_';
/** Characters of a key kept in clear for the list (prefix included). */
export const API_KEY_SHOWN_CHARS = 12;
/** Live (not revoked) keys one avatar may have at once. */
export const MAX_LIVE_API_KEYS = 10;
/** Calls one key may make per minute on the MCP and A2A endpoints. */
export const AGENT_CALLS_PER_MINUTE = 30;

/** MCP tool names (stable: outside agents call them by name). */
export const MCP_TOOLS = {
  chat: 'chat',
  startTask: 'start_task',
  getTask: 'get_task',
  listTasks: 'list_tasks',
} as const;

/** `POST /api/avatars/:id/api-keys` body. */
export const CreateApiKeySchema = z.object({
  label: z.string().trim().min(1).max(60),
});
export type CreateApiKey = z.infer<typeof CreateApiKeySchema>;

/** One key as listed (never the key itself). */
export const ApiKeySchema = z.object({
  id: z.number(),
  label: z.string(),
  /** the first characters of the key, e.g. `avk_Ab3dE9fG…` */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The creation answer: the only time the key is shown. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

/** `GET /api/avatars/:id/agent-access`: the public switch, the endpoints and the keys. */
export const AgentAccessSchema = z.object({
  public: z.boolean(),
  /** MCP endpoint (Streamable HTTP), absolute URL */
  mcpUrl: z.string(),
  /** A2A agent card, absolute URL */
  agentCardUrl: z.string(),
  keys: z.array(ApiKeySchema),
});
export type AgentAccess = z.infer<typeof AgentAccessSchema>;

/** `PUT /api/avatars/:id/agent-access` body. */
export const SetAgentAccessSchema = z.object({ public: z.boolean() });

/** `DELETE /api/avatars/:id/api-keys/:keyId` params. */
export const ApiKeyParamsSchema = z.object({ id: IntIdSchema, keyId: IntIdSchema });

/** MCP `chat` tool input. */
export const McpChatInput = { message: z.string().trim().min(1).max(4000) };
/** MCP `start_task` tool input. */
export const McpStartTaskInput = {
  taskType: AgentTaskTypeSchema,
  prompt: z.string().trim().max(TASK_PROMPT_MAX).default(''),
};
/** MCP `get_task` tool input. */
export const McpGetTaskInput = { taskId: IntIdSchema };

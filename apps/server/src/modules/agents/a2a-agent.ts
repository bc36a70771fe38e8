/**
 * The A2A agent of a public avatar (A2A protocol 1.0 over JSON-RPC, `@a2a-js/sdk`):
 * `SendMessage` with a text message gets the avatar's chat reply as an agent message. Only messages,
 * never long-lived A2A tasks, so nothing is kept in process memory; agent tasks are on the MCP endpoint.
 */
import { randomUUID } from 'node:crypto';
import { Role } from '@a2a-js/sdk';
import {
  AgentEvent,
  type AgentExecutor,
  DefaultRequestHandler,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
} from '@a2a-js/sdk/server';
import { AGENT_CHAT_INTERACTION_TYPE } from '@app/domain/training';
import { chatWithAvatar } from '../chat/chat-service';
import type { AgentCaller } from './agent-access-service';
import type { AgentCallDeps } from './mcp-server';

/** The JSON-RPC handler of `caller.avatar` acting as `caller.userId`; `card` is the avatar's card (SDK form). */
export function buildA2aHandler(
  deps: AgentCallDeps,
  caller: AgentCaller,
  card: ConstructorParameters<typeof DefaultRequestHandler>[0],
): JsonRpcTransportHandler {
  const executor: AgentExecutor = {
    async execute(ctx, bus) {
      const text = ctx.userMessage.parts
        .map((p) => (p.content?.$case === 'text' ? p.content.value : ''))
        .join('\n')
        .trim()
        .slice(0, 4000);
      let reply: string;
      try {
        reply = text
          ? (
              await chatWithAvatar(deps.chat, {
                avatarId: caller.avatar.id,
                userId: caller.userId,
                message: text,
                interactionType: AGENT_CHAT_INTERACTION_TYPE,
              })
            ).response
          : 'Send me a text message.';
      } catch {
        reply = `${caller.avatar.name} could not answer now; try again later.`;
      }
      bus.publish(
        AgentEvent.message({
          messageId: randomUUID(),
          contextId: ctx.contextId,
          taskId: '',
          role: Role.ROLE_AGENT,
          parts: [
            { content: { $case: 'text', value: reply }, metadata: undefined, filename: '', mediaType: 'text/plain' },
          ],
          metadata: undefined,
          extensions: [],
          referenceTaskIds: [],
        }),
      );
      bus.finished();
    },
    async cancelTask(_taskId, bus) {
      bus.finished();
    },
  };
  return new JsonRpcTransportHandler(new DefaultRequestHandler(card, new InMemoryTaskStore(), executor));
}

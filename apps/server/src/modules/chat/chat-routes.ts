/**
 * Chat endpoints (SPEC §7): POST /api/avatar/enhanced-chat → {response, images, actions},
 * POST /api/avatar/chat → {response, taskSuggestion}, and BEYOND the spec
 * POST /api/avatar/chat/stream (server-sent events: `delta` token chunks, then `final`).
 * Each also returns the avatar's new level/XP so the UI can update without a refetch.
 */
import { AvatarChatRequestSchema, EnhancedChatRequestSchema } from '@app/domain/chat';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChatProviderError, type ChatTurn } from '../../providers/ai/types';
import { type ChatDeps, chatWithAvatar, completeChat, prepareChat } from './chat-service';

export default async function chatRoutes(app: FastifyInstance, deps: ChatDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: 60, timeWindow: '1 minute' };

  r.post(
    '/api/avatar/enhanced-chat',
    { onRequest: app.requireAccess, config: { rateLimit }, schema: { body: EnhancedChatRequestSchema } },
    async (req) => {
      const hint: ChatTurn[] = (req.body.context?.conversationHistory ?? []).map((m) => ({
        role: m.type === 'user' ? 'user' : 'avatar',
        text: m.text,
      }));
      const out = await chatWithAvatar(deps, {
        avatarId: req.body.avatarId,
        userId: req.user.id,
        message: req.body.message,
        hint,
        attachments: req.body.attachments,
      });
      return {
        response: out.response,
        images: out.images,
        actions: out.actions,
        taskSuggestion: out.taskSuggestion,
        avatar: out.avatar,
      };
    },
  );

  r.post(
    '/api/avatar/chat',
    { onRequest: app.requireAccess, config: { rateLimit }, schema: { body: AvatarChatRequestSchema } },
    async (req) => {
      const out = await chatWithAvatar(deps, {
        avatarId: Number(req.body.avatarId),
        userId: req.user.id,
        message: req.body.message,
        attachments: req.body.attachments,
      });
      return { response: out.response, taskSuggestion: out.taskSuggestion, images: out.images, avatar: out.avatar };
    },
  );

  r.post(
    '/api/avatar/chat/stream',
    { onRequest: app.requireAccess, config: { rateLimit }, schema: { body: AvatarChatRequestSchema } },
    async (req, reply) => {
      const userId = req.user.id;
      const avatarId = Number(req.body.avatarId);
      const { request } = await prepareChat(deps, {
        avatarId,
        userId,
        message: req.body.message,
        attachments: req.body.attachments,
      });
      const abort = new AbortController();
      req.raw.on('close', () => abort.abort());
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
      });
      const send = (event: object) => reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
      try {
        for await (const ev of deps.chat.stream(request, { signal: abort.signal })) {
          if (ev.type === 'delta') send(ev);
          else {
            const out = await completeChat(deps, { avatarId, userId, message: req.body.message, reply: ev.reply });
            send({
              type: 'final',
              response: out.response,
              images: out.images,
              actions: out.actions,
              taskSuggestion: out.taskSuggestion,
              avatar: out.avatar,
            });
          }
        }
      } catch (err) {
        req.log.warn({ err }, 'chat stream failed');
        send({ type: 'error', error: err instanceof ChatProviderError ? err.message : 'Chat failed' });
      } finally {
        reply.raw.end();
      }
    },
  );
}

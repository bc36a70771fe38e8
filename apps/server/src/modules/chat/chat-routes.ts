/**
 * Chat endpoints (SPEC §7): POST /api/avatar/enhanced-chat → {response, images, actions},
 * POST /api/avatar/chat → {response, taskSuggestion}, and BEYOND the spec
 * POST /api/avatar/chat/stream (server-sent events: `delta` token chunks, then `final`).
 * Each also returns the avatar's new level/XP so the UI can update without a refetch.
 */
import { IdParamSchema } from '@app/domain/api';
import {
  AvatarChatRequestSchema,
  AvatarChatResponseSchema,
  AvatarMemoryResponseSchema,
  ChatHistoryQuerySchema,
  ChatHistoryResponseSchema,
  EnhancedChatRequestSchema,
  EnhancedChatResponseSchema,
} from '@app/domain/chat';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventStream } from '../../lib/api-responses';
import { ChatProviderError, type ChatTurn } from '../../providers/ai/types';
import {
  type ChatDeps,
  chatWithAvatar,
  clearMemory,
  completeChat,
  conversationPage,
  newConversation,
  prepareChat,
  readMemory,
} from './chat-service';

export default async function chatRoutes(app: FastifyInstance, deps: ChatDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: 60, timeWindow: '1 minute' };

  r.post(
    '/api/avatar/enhanced-chat',
    {
      onRequest: app.requireAccess,
      config: { rateLimit },
      schema: { body: EnhancedChatRequestSchema, response: { 200: EnhancedChatResponseSchema } },
    },
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
    {
      onRequest: app.requireAccess,
      config: { rateLimit },
      schema: { body: AvatarChatRequestSchema, response: { 200: AvatarChatResponseSchema } },
    },
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
    {
      onRequest: app.requireAccess,
      config: { rateLimit },
      schema: {
        body: AvatarChatRequestSchema,
        response: {
          200: eventStream(
            'Server-sent events: `delta` events with token chunks, then one `final` event (ChatStreamEvent), or an `error` event.',
          ),
        },
      },
    },
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

  // ── BEYOND (chat memory): stored conversation, new conversation, what the avatar remembers ──
  r.get(
    '/api/avatars/:id/chat/history',
    {
      onRequest: app.requireAccess,
      schema: {
        params: IdParamSchema,
        querystring: ChatHistoryQuerySchema,
        response: { 200: ChatHistoryResponseSchema },
      },
    },
    async (req) =>
      conversationPage(deps.db, {
        avatarId: req.params.id,
        userId: req.user.id,
        before: req.query.before,
        limit: req.query.limit,
      }),
  );

  r.post(
    '/api/avatars/:id/chat/new',
    {
      onRequest: app.requireAccess,
      schema: { params: IdParamSchema, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (req) => {
      await newConversation(deps.db, { avatarId: req.params.id, userId: req.user.id });
      return { ok: true as const };
    },
  );

  r.get(
    '/api/avatars/:id/memory',
    { onRequest: app.requireAccess, schema: { params: IdParamSchema, response: { 200: AvatarMemoryResponseSchema } } },
    async (req) => readMemory(deps.db, { avatarId: req.params.id, userId: req.user.id }),
  );

  r.delete(
    '/api/avatars/:id/memory',
    { onRequest: app.requireAccess, schema: { params: IdParamSchema, response: { 200: AvatarMemoryResponseSchema } } },
    async (req) => clearMemory(deps.db, { avatarId: req.params.id, userId: req.user.id }),
  );
}

/**
 * POST /api/attachments/text (BEYOND SPEC §2): multipart field `file` (a txt, pdf or
 * docx document, at most 5 MB) → `{name, format, text, truncated}`. The voice panel sends that text
 * with the next chat message as an attachment, so the avatar can read the file. Images and audio
 * are not read here: the browser describes an image itself, and audio is only noted (SPEC §2).
 */
import { CHAT_ATTACHMENT_TEXT_MAX_CHARS } from '@app/domain/chat';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../lib/api-responses';
import { HttpError } from '../../lib/http-error';
import { extractText, MAX_ATTACHMENT_BYTES } from './extract-text';

/** The answer of POST /api/attachments/text. */
export const AttachmentTextResponseSchema = z.object({
  /** The uploaded file's name (as sent, at most 200 characters). */
  name: z.string(),
  format: z.enum(['pdf', 'docx', 'text']),
  /** The text, cut at CHAT_ATTACHMENT_TEXT_MAX_CHARS characters. */
  text: z.string(),
  /** True when the text was cut. */
  truncated: z.boolean(),
});

export default async function attachmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/attachments/text',
    {
      onRequest: app.requireAccess,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { response: { 200: AttachmentTextResponseSchema, 422: errorResponse(422) } },
    },
    async (req) => {
      if (!req.isMultipart()) throw new HttpError(400, 'Send the file as multipart/form-data, field file');
      let file: { name: string; bytes: Buffer } | null = null;
      try {
        for await (const part of req.parts({ limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 0 } })) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer();
            if (part.fieldname === 'file') file = { name: part.filename, bytes };
          }
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'File too large: attach documents up to 5 MB');
        }
        throw err;
      }
      if (!file || file.bytes.length === 0) throw new HttpError(400, 'No file in field file');
      const { format, text } = await extractText(file.bytes);
      return {
        name: (file.name || 'document').slice(0, 200),
        format,
        text: text.slice(0, CHAT_ATTACHMENT_TEXT_MAX_CHARS),
        truncated: text.length > CHAT_ATTACHMENT_TEXT_MAX_CHARS,
      };
    },
  );
}

/**
 * Reads a recording from a multipart request (audio is checked by size and by its
 * container's magic bytes; wrong input is 400/413): the file field and the text fields, with the
 * file capped at the configured MAX_AUDIO_BYTES while it streams in (413 above it, before the rest
 * is buffered), then {@link checkAudio} on the bytes.
 */
import type { FastifyRequest } from 'fastify';
import { AudioRejectedError, type CheckedAudio, checkAudio } from '../../lib/audio-check';
import { HttpError } from '../../lib/http-error';

/** A recording that passed the checks. */
export interface CheckedAudioUpload extends CheckedAudio {
  bytes: Buffer;
}

/** Most text fields a voice request carries (avatarName, personality, avatarId, and a few spare). */
const MAX_FIELDS = 10;
/** Longest text field accepted, in bytes (the avatar description is at most 1000 characters). */
const MAX_FIELD_BYTES = 16 * 1024;

/**
 * Reads the multipart body: the first file in `fileField` and every text field.
 * @param maxBytes largest accepted recording, in bytes
 * @throws HttpError 400 when the body is not multipart or has no file in `fileField`
 * @throws AudioRejectedError 413 (too large), 400 (empty or not webm/ogg/mp4/wav/mpeg/flac)
 */
export async function readAudioUpload(
  req: FastifyRequest,
  opts: { fileField: string; maxBytes: number },
): Promise<{ audio: CheckedAudioUpload; fields: Record<string, string> }> {
  if (!req.isMultipart())
    throw new HttpError(400, `Send the recording as multipart/form-data, field ${opts.fileField}`);
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of req.parts({
      limits: { fileSize: opts.maxBytes, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
    })) {
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.fieldname === opts.fileField) bytes = buf;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AudioRejectedError('AUDIO_TOO_LARGE', `Recording too large: limit is ${formatMb(opts.maxBytes)}`);
    }
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new HttpError(400, 'Send one recording per request');
    }
    throw err;
  }
  if (!bytes) throw new HttpError(400, `No recording in field ${opts.fileField}`);
  const checked = await checkAudio(bytes, { maxBytes: opts.maxBytes });
  return { audio: { ...checked, bytes }, fields };
}

function formatMb(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${bytes} bytes`;
}

import type { ChatAttachmentInput } from '@app/domain/chat';
import { ApiError, apiRequest, getServerErrorText } from '@/lib/api';

/** SPEC §2: the voice panel's file picker accepts image, audio, pdf, txt, doc and docx. */
export const ATTACHMENT_ACCEPT =
  'image/*,audio/*,.pdf,.txt,.doc,.docx,application/pdf,text/plain,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What became of a chosen file. */
export interface ReadAttachment {
  /** Sent with the next message as context; null when the file is only noted (audio, SPEC §2). */
  attachment: ChatAttachmentInput | null;
  /** A short line for the user, e.g. '1,234 words' or '800×600 image'. */
  note: string;
}

/** POST /api/attachments/text (ours): a txt, pdf or docx document's text. */
async function extractDocumentText(file: File): Promise<{ name: string; text: string; truncated: boolean }> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await apiRequest('POST', '/api/attachments/text', form);
  return (await res.json()) as { name: string; text: string; truncated: boolean };
}

/**
 * Turns a chosen file into chat context (BEYOND SPEC §2, where a file is only noted):
 * a document's text (read by the server), or an image described by its name and size.
 * Audio files stay noted only.
 * @throws Error with a user-facing message when a document cannot be read
 */
export async function readAttachment(file: File): Promise<ReadAttachment> {
  if (file.type.startsWith('audio/')) return { attachment: null, note: 'audio noted' };
  if (file.type.startsWith('image/')) {
    let size = '';
    try {
      const bitmap = await createImageBitmap(file);
      size = `${bitmap.width}×${bitmap.height} `;
      bitmap.close();
    } catch {
      // Undecodable here (e.g. HEIC): still attached by name.
    }
    return { attachment: { kind: 'image', name: `${file.name} (${size}image)`.slice(0, 200) }, note: `${size}image` };
  }
  try {
    const doc = await extractDocumentText(file);
    const words = doc.text.split(/\s+/).filter(Boolean).length;
    return {
      attachment: { kind: 'text', name: doc.name, text: doc.text },
      note: `${words.toLocaleString('en-US')} words${doc.truncated ? ', truncated' : ''}`,
    };
  } catch (err) {
    throw new Error(
      err instanceof ApiError ? getServerErrorText(err, 'The file could not be read') : 'The file could not be read',
    );
  }
}

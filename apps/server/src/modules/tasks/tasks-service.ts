/**
 * Agent task reads outside the runner: the code project archive of a finished task.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { onChainTasks } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { StorageProvider } from '../../providers/storage/types';

/**
 * The zip archive a `code_project` task of the user produced.
 * @returns its bytes and a download file name
 * @throws HttpError 404 when the task is not the user's, has no archive, or the file is gone
 */
export async function projectArchive(
  db: Db,
  storage: StorageProvider,
  taskRowId: number,
  userId: string,
): Promise<{ bytes: Uint8Array; filename: string }> {
  const [t] = await db
    .select()
    .from(onChainTasks)
    .where(and(eq(onChainTasks.id, taskRowId), eq(onChainTasks.userId, userId)))
    .limit(1);
  const url = (t?.verificationData as { downloadUrl?: string } | null)?.downloadUrl;
  if (!t || !url) throw new HttpError(404, 'No download for this task');
  const bytes = await storage.get(url.replace('/api/assets/', ''));
  if (!bytes) throw new HttpError(404, 'The project archive is gone');
  return { bytes, filename: `avatar-project-${t.id}.zip` };
}

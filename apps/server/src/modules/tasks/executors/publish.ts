/**
 * Publishing a task's files: a site's pages on the sites origin (never the app's), a code project's
 * archive in the app's storage.
 */
import type { TaskProducer } from '@app/domain/task-validation';
import JSZip from 'jszip';
import type { StorageProvider } from '../../../providers/storage/types';

/** Who made work done without a model: the embedded generators. */
export const EMBEDDED_PRODUCER: TaskProducer = { kind: 'embedded', model: null, provider: null };

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  json: 'application/json',
  svg: 'image/svg+xml',
  txt: 'text/plain',
  md: 'text/plain',
};

/** The content type a published file is stored with (plain text for anything not a web asset). */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[path.split('.').pop()?.toLowerCase() ?? ''] ?? 'text/plain';
}

/**
 * Stores `files` under `<siteId>/` in the sites storage. @returns the site's absolute URL
 * (`<sitesOrigin>/<siteId>/`)
 */
export async function publishSite(
  siteStorage: StorageProvider,
  sitesOrigin: string,
  siteId: string,
  files: Record<string, string>,
): Promise<string> {
  for (const [name, content] of Object.entries(files)) {
    await siteStorage.put(`${siteId}/${name}`, Buffer.from(content), contentTypeOf(name));
  }
  return new URL(`/${siteId}/`, sitesOrigin).href;
}

/** Zips a project's files (DEFLATE). @returns the archive's bytes */
export async function zipFiles(files: Record<string, string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

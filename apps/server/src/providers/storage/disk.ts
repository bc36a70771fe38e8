import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StorageProvider, StoredFile } from './types';

/** Key grammar: slash-separated segments of [A-Za-z0-9._-], no `..`. Prevents path traversal. */
const KEY_RE = /^(?!.*\.\.)[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/**
 * Disk storage under `root`. Writes go to a temp file then rename, so a crash never leaves a
 * half-written asset behind a served URL.
 * @throws Error on an invalid key.
 */
export function createDiskStorage(root: string): StorageProvider {
  const abs = path.resolve(root);
  const resolve = (key: string) => {
    if (!KEY_RE.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(abs, key);
  };
  return {
    name: 'disk',
    localRoot: abs,
    async put(key: string, data: Buffer): Promise<StoredFile> {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
      return { key, url: `/api/assets/${key}`, size: data.length };
    },
    async get(key: string) {
      try {
        return await readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}

/**
 * Folders the server reads at run time, found from this file whether it runs from `src/` (tsx,
 * vitest) or from the compiled bundle in `dist/` (what `npm start` runs): the server package's root is
 * the nearest folder above holding `package.json`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function packageRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${from}`);
    dir = up;
  }
  return dir;
}

/** `apps/server`. */
export const SERVER_ROOT = packageRoot(path.dirname(fileURLToPath(import.meta.url)));
/** Drizzle migrations (`apps/server/drizzle`). */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
/** The built SPA by default (`apps/web/dist`). */
export const DEFAULT_WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');

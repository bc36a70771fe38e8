/**
 * Loads something heavy (a module, a client built from it) on first use and shares the one
 * promise with every later caller; a failed load is forgotten, so the next call tries again.
 *
 *   const s3 = loadOnce(() => import('./s3').then((m) => m.createS3Storage(opts)));
 *   await (await s3()).put(key, data, type);
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}

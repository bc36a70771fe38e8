/**
 * Chooses file storage from the configuration: an S3-compatible bucket when
 * S3_BUCKET is set (shared by every replica), else the disk under DATA_DIR/<area> (embedded default).
 */
import path from 'node:path';
import type { Config } from '../../config';
import { loadOnce } from '../../lib/load-once';
import { createDiskStorage } from './disk';
import type { S3StorageOptions } from './s3';
import type { StorageProvider } from './types';

/** @param area `uploads` (served at /api/assets/) or `sites` (served by the sites server) */
export function createStorage(config: Config, area: 'uploads' | 'sites'): StorageProvider {
  if (!config.S3_BUCKET) return createDiskStorage(path.join(config.dataDir, area));
  return lazyS3Storage({
    bucket: config.S3_BUCKET,
    prefix: area,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

/**
 * S3 storage whose client (the AWS SDK, ~20 MB resident) is loaded on the first read or write, so
 * a process that never touches a file (and the embedded default, which uses the disk) does not
 * carry it. Errors are those of {@link createS3Storage} in ./s3.
 */
function lazyS3Storage(opts: S3StorageOptions): StorageProvider {
  const load = loadOnce(() => import('./s3').then((m) => m.createS3Storage(opts)));
  return {
    name: 's3',
    put: async (key, data, contentType) => (await load()).put(key, data, contentType),
    get: async (key) => (await load()).get(key),
  };
}

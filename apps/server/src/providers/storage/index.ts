/**
 * Chooses file storage from the configuration: an S3-compatible bucket when
 * S3_BUCKET is set (shared by every replica), else the disk under DATA_DIR/<area> (embedded default).
 */
import path from 'node:path';
import type { Config } from '../../config';
import { createDiskStorage } from './disk';
import { createS3Storage } from './s3';
import type { StorageProvider } from './types';

/** @param area `uploads` (served at /api/assets/) or `sites` (served by the sites server) */
export function createStorage(config: Config, area: 'uploads' | 'sites'): StorageProvider {
  if (!config.S3_BUCKET) return createDiskStorage(path.join(config.dataDir, area));
  return createS3Storage({
    bucket: config.S3_BUCKET,
    prefix: area,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

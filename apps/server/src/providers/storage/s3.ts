/**
 * S3-compatible storage (for replicas): uploads and generated sites in one bucket, under a key
 * prefix per use (`uploads/…`, `sites/…`), so every replica serves the same files. Works with AWS
 * S3, MinIO, R2 or s3rver (path-style URLs). Files are served by the app (`/api/assets/<key>`) and
 * the sites server through `get`, never by public bucket URLs, so the bucket can stay private.
 */
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { unavailable } from '../../lib/http-error';
import type { StorageProvider, StoredFile } from './types';

/** Same key grammar as the disk store: slash-separated [A-Za-z0-9._-] segments, no `..`. */
const KEY_RE = /^(?!.*\.\.)[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

export interface S3StorageOptions {
  bucket: string;
  /** Key prefix inside the bucket, e.g. `uploads` (no slashes at the ends). */
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** URL path prefix the stored files are served under (default `/api/assets/`). */
  urlPrefix?: string;
}

/**
 * Any S3 failure (unreachable endpoint, timeout, a refusal) as a 503 naming file storage, so the
 * client reads what is down rather than "Internal server error"; the cause is kept for the log.
 */
function storageDown(err: unknown): Error {
  return Object.assign(unavailable('File storage (S3) is unavailable right now; try again in a minute.'), {
    cause: err,
    retryAfterSeconds: 30,
  });
}

/**
 * @throws Error on an invalid key; any other S3 failure than a missing key as a 503 (storageDown).
 */
export function createS3Storage(opts: S3StorageOptions): StorageProvider & { client: S3Client } {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    // An unreachable or hung endpoint fails the request in seconds (then 503), never holds it.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
  });
  const objectKey = (key: string) => {
    if (!KEY_RE.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return `${opts.prefix}/${key}`;
  };
  const urlPrefix = opts.urlPrefix ?? '/api/assets/';
  return {
    name: 's3',
    client,
    async put(key: string, data: Buffer, contentType: string): Promise<StoredFile> {
      const Key = objectKey(key);
      await client
        .send(new PutObjectCommand({ Bucket: opts.bucket, Key, Body: data, ContentType: contentType }))
        .catch((err) => {
          throw storageDown(err);
        });
      return { key, url: `${urlPrefix}${key}`, size: data.length };
    },
    async get(key: string) {
      const Key = objectKey(key);
      try {
        const r = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key }));
        if (!r.Body) return null;
        return Buffer.from(await r.Body.transformToByteArray());
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw storageDown(err);
      }
    },
  };
}

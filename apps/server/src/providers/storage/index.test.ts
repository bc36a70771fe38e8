import { describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { createStorage } from './index';

describe('createStorage', () => {
  it('without S3_BUCKET stores on disk under DATA_DIR/<area>', () => {
    const storage = createStorage({ dataDir: '/tmp/data' } as Config, 'uploads');
    expect(storage.name).toBe('disk');
    expect(storage.localRoot).toBe('/tmp/data/uploads');
  });

  it('with S3_BUCKET builds the S3 client on the first use and answers as S3 does (503 when it is down)', async () => {
    const storage = createStorage(
      {
        S3_BUCKET: 'b',
        // Port 9 (discard): nothing listens on loopback, so the connection is refused at once.
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
        S3_FORCE_PATH_STYLE: true,
      } as Config,
      'uploads',
    );
    expect(storage.name).toBe('s3');
    const err = (await storage.get('x.png').catch((e: unknown) => e)) as { statusCode?: number; message?: string };
    expect(err.statusCode).toBe(503);
    expect(err.message).toMatch(/File storage \(S3\)/);
    await expect(storage.put('../x', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
  }, 30_000);
});

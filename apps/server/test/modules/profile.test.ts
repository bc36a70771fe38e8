import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { createTestApp, multipart, signIn, type TestApp } from '../helpers/app';

let t: TestApp;
afterEach(async () => t?.close());

const png = (w = 64, h = 64) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 0, g: 255, b: 240 } } })
    .png()
    .toBuffer();

describe('PATCH /api/profile', () => {
  it('updates first and last name', async () => {
    t = await createTestApp();
    const { cookie } = await signIn(t.app, { email: 'p@x.io' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie },
      payload: { firstName: ' Trin ', lastName: 'Ity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Trin', lastName: 'Ity' });
  });

  it('is 401 signed out and 400 for bad bodies, changing nothing', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'PATCH', url: '/api/profile', payload: { firstName: 'X' } })).statusCode).toBe(
      401,
    );
    const { cookie } = await signIn(t.app, { displayName: 'Keep Me', email: 'k@x.io' });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie },
      payload: { firstName: 42 },
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users);
    expect(row?.firstName).toBe('Keep');
  });
});

describe('POST /api/profile/upload-image', () => {
  it('re-encodes a real image to WebP, stores it and serves it with a long cache', async () => {
    t = await createTestApp();
    const { cookie } = await signIn(t.app, { email: 'img@x.io' });
    const body = multipart('profileImage', 'me.png', await png(800, 600), 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-image',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const { imageUrl } = res.json();
    expect(imageUrl).toMatch(/^\/api\/assets\/profile\/[0-9a-f-]+\.webp$/);
    const file = path.join(t.dataDir, 'uploads', imageUrl.replace('/api/assets/', ''));
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const served = await t.app.inject({ url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(me.json().profileImageUrl).toBe(imageUrl);
  });

  it('refuses a fake image (declared image/png, not an image) with {error}', async () => {
    t = await createTestApp();
    const { cookie } = await signIn(t.app, { email: 'fake@x.io' });
    const body = multipart(
      'profileImage',
      'evil.png',
      Buffer.from('<script>alert(1)</script>'.repeat(20)),
      'image/png',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-image',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/image/i);
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(me.json().profileImageUrl).toBeNull();
  });

  it('refuses an image over 5 MB with 413', async () => {
    t = await createTestApp();
    const { cookie } = await signIn(t.app, { email: 'big@x.io' });
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const body = multipart('profileImage', 'big.png', big, 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-image',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('Please select an image under 5MB');
  });

  it('refuses a signed-out upload and a missing field', async () => {
    t = await createTestApp();
    const body = multipart('profileImage', 'me.png', await png(), 'image/png');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/profile/upload-image',
          headers: body.headers,
          payload: body.payload,
        })
      ).statusCode,
    ).toBe(401);
    const { cookie } = await signIn(t.app, { email: 'nofield@x.io' });
    const wrong = multipart('avatar', 'me.png', await png(), 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-image',
      headers: { cookie, ...wrong.headers },
      payload: wrong.payload,
    });
    expect(res.statusCode).toBe(400);
  });
});

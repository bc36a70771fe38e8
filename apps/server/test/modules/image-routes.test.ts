// The image route of the chat module (src/modules/chat/image-routes.ts).
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

let t: TestApp;
afterEach(async () => t?.close());

describe('POST /api/ai/generate-image', () => {
  it('returns {url, style, size, revisedPrompt} with a PNG of the requested size', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'img@x.io' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/generate-image',
      headers: { cookie: s.cookie },
      payload: { prompt: 'a chrome dragon over a data river', style: 'cyberpunk', size: '256x256' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ style: 'cyberpunk', size: '256x256' });
    expect(body.revisedPrompt).toMatch(/chrome dragon/);
    expect(body.url).toMatch(/^\/api\/assets\/art\/.+\.png$/);
    const file = await t.app.inject({ url: body.url });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
  });

  it('defaults to SPEC §7/§9 prompt, digital_art and 1024x1024; 400 on a bad style; 401 signed out', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'img2@x.io' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/generate-image',
      headers: { cookie: s.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ style: 'digital_art', size: '1024x1024' });
    expect(res.json().revisedPrompt).toContain('Digital art NFT creation');
    const meta = await sharp((await t.app.inject({ url: res.json().url })).rawPayload).metadata();
    expect(meta).toMatchObject({ width: 1024, height: 1024 });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/ai/generate-image',
      headers: { cookie: s.cookie },
      payload: { prompt: 'x', style: 'oil_on_velvet' },
    });
    expect(bad.statusCode).toBe(400);
    const anon = await t.app.inject({ method: 'POST', url: '/api/ai/generate-image', payload: { prompt: 'x' } });
    expect(anon.statusCode).toBe(401);
  });
});

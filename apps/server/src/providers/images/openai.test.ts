import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAiApi, startFakeAiApi } from '../../../test/fixtures/fake-ai-api';
import { OpenAiImageProvider } from './openai';
import { ImageProviderError } from './types';

let api: FakeAiApi;
beforeAll(async () => {
  api = await startFakeAiApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  api.options.failWith = undefined;
});

describe('OpenAiImageProvider (AI SDK generateImage, against a local double)', () => {
  const provider = () => new OpenAiImageProvider({ apiKey: 'sk-test', baseURL: api.baseURL, maxRetries: 0 });

  it('asks gpt-image-1 for a styled 1024 square and returns a PNG of the requested size', async () => {
    const result = await provider().generate({ prompt: 'a neon fox', style: 'pixel_art', size: '256x256' });
    const [request] = api.requests;
    expect(request?.path).toBe('/v1/images/generations');
    expect(request?.json).toMatchObject({ model: 'gpt-image-1', n: 1, size: '1024x1024' });
    expect(String(request?.json?.prompt)).toBe(
      'a neon fox. Style: pixel art, crisp 16-colour sprites; dark background, neon cyberpunk palette.',
    );
    expect(await sharp(result.png).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });
    expect(result.revisedPrompt).toBe(`revised: ${request?.json?.prompt}`);
  });

  it('asks dall-e-2 for the requested size directly', async () => {
    const dalle2 = new OpenAiImageProvider({
      apiKey: 'sk-test',
      baseURL: api.baseURL,
      model: 'dall-e-2',
      maxRetries: 0,
    });
    await dalle2.generate({ prompt: 'x', style: 'digital_art', size: '512x512' });
    expect(api.requests[0]?.json).toMatchObject({ model: 'dall-e-2', size: '512x512', response_format: 'b64_json' });
  });

  it('maps API failures to a 502 ImageProviderError with the upstream status', async () => {
    api.options.failWith = 400;
    const error = await provider()
      .generate({ prompt: 'x', style: 'digital_art', size: '256x256' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ImageProviderError);
    expect(error).toMatchObject({ statusCode: 502, provider: 'openai', upstreamStatus: 400 });
    expect(error.message).toBe('openai: image generation failed (HTTP 400)');
  });

  it('refuses to start without a key', () => {
    expect(() => new OpenAiImageProvider({ apiKey: undefined })).toThrow(/OPENAI_API_KEY/);
  });
});

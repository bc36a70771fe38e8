import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { createImageProvider } from './index';

describe('createImageProvider', () => {
  it('defaults to the procedural generator', () => {
    expect(createImageProvider({}).name).toBe('procedural');
    expect(createImageProvider({ IMAGE_PROVIDER: '' }).name).toBe('procedural');
  });

  it('selects OpenAI when configured, and fails fast without a key or with an unknown provider', () => {
    expect(createImageProvider({ IMAGE_PROVIDER: 'openai', OPENAI_API_KEY: 'sk' }).name).toBe('openai');
    expect(() => createImageProvider({ IMAGE_PROVIDER: 'openai' })).toThrow(ConfigError);
    expect(() => createImageProvider({ IMAGE_PROVIDER: 'midjourney' })).toThrow(/IMAGE_PROVIDER/);
  });
});

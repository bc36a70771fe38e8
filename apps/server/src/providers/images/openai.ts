/**
 * OpenAI image generation through the Vercel AI SDK v6 (`experimental_generateImage`).
 * Selected by `IMAGE_PROVIDER=openai` with `OPENAI_API_KEY` (see index.ts).
 *
 * GPT Image and DALL·E 3 models only draw 1024 × 1024 squares; smaller sizes are asked of
 * dall-e-2 directly and otherwise downscaled with sharp, so the PNG always matches `size`.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { experimental_generateImage as generateImage } from 'ai';
import sharp from 'sharp';
import { describeRemoteFailure } from '../speech/remote-error';
import {
  type ImageProvider,
  ImageProviderError,
  type ImageRequest,
  type ImageResult,
  validateImageRequest,
} from './types';

/** Default OpenAI image model. */
export const OPENAI_DEFAULT_IMAGE_MODEL = 'gpt-image-1';

/** How each style id is put to the model; other ids are passed with underscores as spaces. */
export const OPENAI_STYLE_HINTS: Record<string, string> = {
  digital_art: 'digital art',
  pixel_art: 'pixel art, crisp 16-colour sprites',
  abstract: 'abstract generative art',
  cyberpunk: 'cyberpunk illustration',
  synthwave: 'synthwave, retro 1980s',
};

/** Settings of {@link OpenAiImageProvider}. */
export interface OpenAiImageSettings {
  /** Required; a missing key fails at construction (boot), not at the first request. */
  apiKey: string | undefined;
  /** Default {@link OPENAI_DEFAULT_IMAGE_MODEL}. */
  model?: string;
  /** API base URL (tests point it at a local double). */
  baseURL?: string;
  fetch?: typeof globalThis.fetch;
  /** Retries after the first attempt (default 1). */
  maxRetries?: number;
}

/** OpenAI {@link ImageProvider}. Name 'openai'. */
export class OpenAiImageProvider implements ImageProvider {
  readonly name = 'openai';
  private readonly provider;
  private readonly model: string;

  /** @throws {Error} when `apiKey` is missing */
  constructor(private readonly settings: OpenAiImageSettings) {
    if (!settings.apiKey) throw new Error('IMAGE_PROVIDER=openai needs OPENAI_API_KEY');
    this.provider = createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, fetch: settings.fetch });
    this.model = settings.model ?? OPENAI_DEFAULT_IMAGE_MODEL;
  }

  /**
   * The prompt is sent with the style and the product's look appended; `revisedPrompt` is the
   * model's own revision when it returns one (DALL·E 3), else the prompt that was sent.
   * @throws {ImageInputError} empty/too-long prompt or unknown size (400)
   * @throws {ImageProviderError} the API failed or returned no image (502)
   */
  async generate(req: ImageRequest, opts: { signal?: AbortSignal } = {}): Promise<ImageResult> {
    const { prompt, edge } = validateImageRequest(req);
    const style = OPENAI_STYLE_HINTS[req.style] ?? req.style.replace(/_/g, ' ');
    const sent = `${prompt}. Style: ${style}; dark background, neon cyberpunk palette.`;
    try {
      const { image, providerMetadata } = await generateImage({
        model: this.provider.image(this.model),
        prompt: sent,
        n: 1,
        size: this.model === 'dall-e-2' ? req.size : '1024x1024',
        abortSignal: opts.signal,
        maxRetries: this.settings.maxRetries ?? 1,
      });
      const png = await sharp(image.uint8Array).resize(edge, edge, { fit: 'cover' }).png().toBuffer();
      const revised = (providerMetadata.openai?.images as Array<{ revisedPrompt?: string }> | undefined)?.[0]
        ?.revisedPrompt;
      return { png, revisedPrompt: revised ?? sent };
    } catch (error) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      const failure = describeRemoteFailure(error);
      throw new ImageProviderError(this.name, `image generation failed (${failure.detail})`, {
        cause: error,
        upstreamStatus: failure.upstreamStatus,
      });
    }
  }
}

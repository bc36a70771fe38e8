/**
 * Contracts of image generation (DESIGN §2: procedural generative art by default, OpenAI image
 * generation by env). Errors use the `http-errors` shape Fastify understands (`statusCode`,
 * `status`, `expose`).
 */
import { ProviderError } from '../provider-error';

/** Output sizes (SPEC §7 `POST /api/ai/generate-image` `size`; default 1024x1024, SPEC §9). */
export const IMAGE_SIZES = ['256x256', '512x512', '1024x1024'] as const;
/** One of {@link IMAGE_SIZES}: width x height in pixels. */
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** Longest prompt accepted, in UTF-16 code units after trimming. */
export const MAX_IMAGE_PROMPT_CHARS = 1000;

/** An image request. */
export interface ImageRequest {
  /** What to draw; 1..{@link MAX_IMAGE_PROMPT_CHARS} characters. */
  prompt: string;
  /** Style id, e.g. 'digital_art' (SPEC §9 default), 'pixel_art', 'abstract', 'cyberpunk'. */
  style: string;
  size: ImageSize;
}

/** A generated image. */
export interface ImageResult {
  /** PNG bytes, exactly `size`. */
  png: Buffer;
  /** What was actually drawn, in words (SPEC §3 Generated image response `revisedPrompt`). */
  revisedPrompt: string;
}

/** Generates an image from a prompt. */
export interface ImageProvider {
  /** Provider name for `GET /api/health` ('procedural', 'openai'). */
  readonly name: string;
  /**
   * @throws {ImageInputError} empty/too-long prompt or unknown size (400)
   * @throws {ImageProviderError} the generator or remote API failed (502)
   * @throws the signal's reason when aborted
   */
  generate(req: ImageRequest, opts?: { signal?: AbortSignal }): Promise<ImageResult>;
}

/** An image provider failed. HTTP 502. The message names the provider and the upstream status only. */
export class ImageProviderError extends ProviderError {
  override readonly name = 'ImageProviderError';
}

/** The request is unusable. HTTP 400. */
export class ImageInputError extends Error {
  override readonly name = 'ImageInputError';
  readonly statusCode = 400;
  readonly status = 400;
  readonly expose = true;
  constructor(
    readonly code: 'PROMPT_EMPTY' | 'PROMPT_TOO_LONG' | 'BAD_SIZE',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Validates a request.
 * @returns the trimmed prompt (whitespace collapsed) and the edge length in pixels
 * @throws {ImageInputError}
 */
export function validateImageRequest(req: ImageRequest): { prompt: string; edge: number } {
  const prompt = req.prompt.replace(/\s+/g, ' ').trim();
  if (!prompt) throw new ImageInputError('PROMPT_EMPTY', 'Image prompt is empty');
  if (prompt.length > MAX_IMAGE_PROMPT_CHARS) {
    throw new ImageInputError(
      'PROMPT_TOO_LONG',
      `Image prompt is ${prompt.length} characters; the limit is ${MAX_IMAGE_PROMPT_CHARS}`,
    );
  }
  if (!(IMAGE_SIZES as readonly string[]).includes(req.size)) {
    throw new ImageInputError('BAD_SIZE', `Image size must be one of ${IMAGE_SIZES.join(', ')}`);
  }
  return { prompt, edge: Number(req.size.split('x')[0]) };
}

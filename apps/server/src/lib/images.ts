/**
 * Image upload checks (DESIGN §4): the type is judged by magic bytes, never the declared type, and
 * every accepted image is re-encoded with sharp (drops metadata and anything hidden in the file).
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** Raster formats accepted for upload, by detected MIME type. */
export const ACCEPTED_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

export class ImageRejectedError extends Error {
  readonly statusCode = 400;
}

/**
 * Detects the image type from its bytes and re-encodes it as a square WebP.
 * @param data the uploaded bytes
 * @param size output edge in px (default 512)
 * @returns WebP bytes
 * @throws ImageRejectedError when the bytes are not an accepted image or cannot be decoded.
 */
export async function reencodeImage(data: Buffer, size = 512): Promise<Buffer> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !ACCEPTED_IMAGE_TYPES.has(type.mime)) {
    throw new ImageRejectedError('Please select an image file (PNG, JPEG, WebP, GIF or AVIF)');
  }
  try {
    return await sharp(data, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize(size, size, { fit: 'cover' })
      .webp({ quality: 86 })
      .toBuffer();
  } catch {
    throw new ImageRejectedError('The image could not be decoded');
  }
}

/**
 * The checks of a minted artwork (DESIGN §8): the image decodes (sharp), its pixels have the size
 * that was asked for, and it was made for this task's prompt.
 */
import type { ValidationCheck } from '@app/domain/task-validation';
import { DEFAULT_ART_PROMPT } from '@app/domain/tasks';
import sharp from 'sharp';
import type { TaskWork } from '../task-types';
import { check, contentWords, listWords } from './checks';

/** Share of the request's content words a model's derived prompt must keep to count as made for it. */
export const PROMPT_WORDS_KEPT = 0.6;

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The checks of a mint_art_nft task. */
export async function checkArtwork(p: { request: string; work: TaskWork }): Promise<ValidationCheck[]> {
  const image = p.work.image;
  if (!image) {
    const none = 'no image was delivered';
    return [
      check('art.decodes', 'The image decodes', 'failed', none),
      check('art.size', 'The image has the size asked for', 'failed', none),
      check('art.prompt', 'The image was made for the prompt of this task', 'failed', none),
    ];
  }
  const checks: ValidationCheck[] = [];
  let decoded: { width: number; height: number; format: string } | null = null;
  try {
    const { info } = await sharp(Buffer.from(image.bytes), { failOn: 'error' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const meta = await sharp(Buffer.from(image.bytes)).metadata();
    decoded = { width: info.width, height: info.height, format: meta.format ?? 'unknown' };
    const declared = image.mime.replace(/^image\//, '').replace('jpg', 'jpeg');
    const formatOk = declared === decoded.format;
    checks.push(
      check(
        'art.decodes',
        `The image decodes as ${image.mime}`,
        formatOk ? 'passed' : 'failed',
        `${decoded.format.toUpperCase()}, ${info.width}×${info.height}, ${info.channels} channels, ${image.bytes.length} bytes${formatOk ? '' : ` (declared ${image.mime})`}`,
      ),
    );
  } catch (err) {
    checks.push(
      check(
        'art.decodes',
        `The image decodes as ${image.mime}`,
        'failed',
        `does not decode: ${(err as Error).message}`,
      ),
    );
  }
  const sizeDescription = `The image is ${image.width}×${image.height} pixels, as asked`;
  if (!decoded) checks.push(check('art.size', sizeDescription, 'failed', 'the image does not decode'));
  else {
    const ok = decoded.width === image.width && decoded.height === image.height;
    checks.push(
      check('art.size', sizeDescription, ok ? 'passed' : 'failed', `decoded ${decoded.width}×${decoded.height}`),
    );
  }
  const expected = p.request.trim() || DEFAULT_ART_PROMPT;
  const promptDescription = 'The image was made for the prompt of this task';
  if (norm(image.prompt) === norm(expected)) {
    checks.push(
      check(
        'art.prompt',
        promptDescription,
        'passed',
        `generated for the request's prompt: "${image.prompt.slice(0, 200)}"`,
      ),
    );
  } else {
    const asked = contentWords(expected);
    const have = new Set(contentWords(image.prompt));
    const missing = asked.filter((w) => !have.has(w));
    const kept = asked.length ? (asked.length - missing.length) / asked.length : 0;
    const ok = asked.length > 0 && kept >= PROMPT_WORDS_KEPT;
    checks.push(
      check(
        'art.prompt',
        promptDescription,
        ok ? 'passed' : 'failed',
        `generated for "${image.prompt.slice(0, 200)}": ${Math.round(kept * 100)}% of the request's words kept${missing.length ? ` (missing: ${listWords(missing.slice(0, 10))})` : ''}`,
      ),
    );
  }
  return checks;
}

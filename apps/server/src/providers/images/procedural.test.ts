import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PROCEDURAL_STYLES, ProceduralImageProvider } from './procedural';
import { IMAGE_SIZES, ImageInputError, MAX_IMAGE_PROMPT_CHARS } from './types';

const images = new ProceduralImageProvider();
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** 32 × 32 RGB thumbnail, for comparing pictures by content rather than by bytes. */
async function thumb(png: Buffer): Promise<Buffer> {
  return sharp(png).resize(32, 32, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}
function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] as number) - (b[i] as number));
  return sum / a.length;
}
/** Mean colour of the brighter pixels (the neon inks, not the dark background). */
async function inkColour(png: Buffer): Promise<{ r: number; g: number; b: number }> {
  const raw = await sharp(png).resize(128, 128).removeAlpha().raw().toBuffer();
  const sum = { r: 0, g: 0, b: 0, n: 0 };
  for (let i = 0; i < raw.length; i += 3) {
    const [r, g, b] = [raw[i] as number, raw[i + 1] as number, raw[i + 2] as number];
    if (Math.max(r, g, b) < 110) continue;
    sum.r += r;
    sum.g += g;
    sum.b += b;
    sum.n++;
  }
  return { r: sum.r / sum.n, g: sum.g / sum.n, b: sum.b / sum.n };
}

describe('ProceduralImageProvider', () => {
  it.each(IMAGE_SIZES)('returns a PNG of exactly %s that is not blank', async (size) => {
    const { png } = await images.generate({ prompt: 'Digital art NFT creation', style: 'digital_art', size });
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const meta = await sharp(png).metadata();
    const edge = Number(size.split('x')[0]);
    expect(meta).toMatchObject({ format: 'png', width: edge, height: edge });
    // A dark picture with bright neon detail: low mean, real spread, some near-white highlights.
    const [luma] = (await sharp(png).greyscale().stats()).channels;
    expect(luma?.mean).toBeLessThan(110);
    expect(luma?.stdev).toBeGreaterThan(8);
    expect(luma?.max).toBeGreaterThan(200);
  });

  it('is deterministic: the same request gives the same bytes; another prompt another picture', async () => {
    const req = { prompt: 'a neon city at night', style: 'cyberpunk', size: '256x256' } as const;
    const a = await images.generate(req);
    const b = await images.generate({ ...req, prompt: '  A NEON city   at night ' }); // normalised alike
    expect(b.png.equals(a.png)).toBe(true);
    const other = await images.generate({ ...req, prompt: 'a neon city at dawn' });
    expect(other.png.equals(a.png)).toBe(false);
    expect(meanAbsDiff(await thumb(other.png), await thumb(a.png))).toBeGreaterThan(8);
  });

  it('draws each style differently for the same prompt', async () => {
    const thumbs = await Promise.all(
      PROCEDURAL_STYLES.map(async (style) =>
        thumb((await images.generate({ prompt: 'dream machine', style, size: '256x256' })).png),
      ),
    );
    for (let i = 0; i < thumbs.length; i++) {
      for (let j = i + 1; j < thumbs.length; j++) {
        expect(
          meanAbsDiff(thumbs[i] as Buffer, thumbs[j] as Buffer),
          `${PROCEDURAL_STYLES[i]} vs ${PROCEDURAL_STYLES[j]}`,
        ).toBeGreaterThan(8);
      }
    }
  });

  it('takes its palette from the prompt: fire is warm, ocean is blue', async () => {
    const fire = await inkColour(
      (await images.generate({ prompt: 'fire and flame', style: 'abstract', size: '256x256' })).png,
    );
    const ocean = await inkColour(
      (await images.generate({ prompt: 'deep ocean water', style: 'abstract', size: '256x256' })).png,
    );
    expect(fire.r).toBeGreaterThan(fire.b + 40);
    expect(ocean.b).toBeGreaterThan(ocean.r + 40);
  });

  it('renders pixel_art as pixel art: at most 16 colours', async () => {
    const { png } = await images.generate({ prompt: 'retro sunset drive', style: 'pixel_art', size: '512x512' });
    const raw = await sharp(png).removeAlpha().raw().toBuffer();
    const colours = new Set<number>();
    for (let i = 0; i < raw.length; i += 3)
      colours.add(((raw[i] as number) << 16) | ((raw[i + 1] as number) << 8) | (raw[i + 2] as number));
    expect(colours.size).toBeLessThanOrEqual(16);
    expect(colours.size).toBeGreaterThan(4);
  });

  it('says honestly in revisedPrompt that this is procedural art inspired by the prompt', async () => {
    const { revisedPrompt } = await images.generate({
      prompt: 'sunset over the mountains',
      style: 'synthwave',
      size: '256x256',
    });
    expect(revisedPrompt).toMatch(/^Procedural synthwave artwork inspired by "sunset over the mountains": /);
    expect(revisedPrompt).toMatch(/banded retro sun/);
    expect(revisedPrompt).toMatch(/not an AI image model/);
    const unknown = await images.generate({ prompt: 'a fox', style: 'oil_painting', size: '256x256' });
    expect(unknown.revisedPrompt).toMatch(/^Procedural digital_art \(for "oil_painting"\) artwork/);
  });

  it('refuses bad requests with a 400 ImageInputError', async () => {
    await expect(images.generate({ prompt: '   ', style: 'digital_art', size: '256x256' })).rejects.toMatchObject({
      code: 'PROMPT_EMPTY',
      statusCode: 400,
    });
    await expect(
      images.generate({ prompt: 'x'.repeat(MAX_IMAGE_PROMPT_CHARS + 1), style: 'digital_art', size: '256x256' }),
    ).rejects.toBeInstanceOf(ImageInputError);
    await expect(
      images.generate({ prompt: 'x', style: 'digital_art', size: '300x300' as unknown as '256x256' }),
    ).rejects.toMatchObject({ code: 'BAD_SIZE' });
  });

  it('honours an aborted signal', async () => {
    const reason = new Error('client left');
    await expect(
      images.generate({ prompt: 'x', style: 'digital_art', size: '256x256' }, { signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
  });
});

/**
 * Embedded image generator (DESIGN §2): procedural generative art in a dark neon cyberpunk look,
 * seeded by a SHA-256 of (style, lower-cased prompt), drawn as SVG and rendered to PNG with sharp
 * (plus a bloom pass in libvips). No model, no network; the same request always gives the same
 * bytes.
 *
 * The prompt steers it through keywords (PALETTES and MOTIF_WORDS in art-plan.ts): the
 * palette ("fire" → inferno, "ocean" → ocean, "crypto" → gold...) and extra motifs (city → neon
 * skyline, sunset → banded sun, portal → tunnel, mountains, circuit traces, flow fields, stars,
 * rain, an emblem). The style sets the base composition:
 *
 * | style       | base composition (one picked by the seed where several)                       |
 * |-------------|--------------------------------------------------------------------------------|
 * | digital_art | emblem + flow field; or tunnel + flow; or emblem over a horizon grid; or circuit + emblem |
 * | cyberpunk   | night skyline with lit windows and glyph signs, rain, horizon grid, glitch bars |
 * | synthwave   | banded sun, mountain ridges, perspective grid, stars                          |
 * | abstract    | large translucent shapes, arcs and a dense flow field; scenery words ignored  |
 * | pixel_art   | a sun, skyline, emblem or tunnel scene drawn at 96 px, 16 colours, upscaled nearest-neighbour |
 *
 * Any other style id is drawn as digital_art (and still seeds the randomness). Rendering takes
 * ~0.1–0.3 s of CPU at 512 px and ~0.3–0.7 s at 1024 px.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  drawCircuit,
  drawEmblem,
  drawFinish,
  drawFlow,
  drawGlitch,
  drawHud,
  drawIcon,
  drawShapes,
  drawTunnel,
} from './art-figures';
import { type ArtPlan, describeArt, type Motif, planArt } from './art-plan';
import { Rng, W } from './art-random';
import {
  drawBackground,
  drawGrid,
  drawMountains,
  drawRain,
  drawSkyline,
  drawStars,
  drawSun,
  type Scene,
} from './art-scene';
import { ICON_CREDIT } from './icon-art';
import {
  type ImageProvider,
  ImageProviderError,
  type ImageRequest,
  type ImageResult,
  validateImageRequest,
} from './types';

export { PROCEDURAL_STYLES, type ProceduralStyle } from './art-plan';

const PIXEL_ART_EDGE = 96;

/** A picture before rendering. */
export interface ArtSvg {
  /** The picture without bloom (bloom is added when rendering, see {@link renderArt}). */
  svg: string;
  plan: ArtPlan;
}

/**
 * Builds the SVG for a request (1024 × 1024 user units, `edge` × `edge` pixels).
 * Deterministic: seeded by SHA-256 of (style, lower-cased prompt).
 */
export function proceduralSvg(prompt: string, style: string, edge: number): ArtSvg {
  const seed = createHash('sha256').update(`${style}\u0000${prompt.toLowerCase()}`).digest();
  const rng = new Rng(seed);
  const plan = planArt(prompt, style, rng);
  const pixel = plan.style === 'pixel_art';
  // Rotate the inks per image so the same palette is used differently.
  const offset = rng.int(0, 3);
  const layers: string[] = [];
  const s: Scene = {
    rng,
    plan,
    pixel,
    ink: (i) => plan.palette.inks[(i + offset) % 4] as string,
    horizon: plan.motifs.includes('grid') || plan.motifs.includes('sun') ? rng.range(W * 0.56, W * 0.66) : W * 0.7,
    defs: [],
    layers,
    add: (...svg) => {
      layers.push(...svg);
    },
  };
  const has = (m: Motif) => plan.motifs.includes(m);

  drawBackground(s);
  if (has('stars')) drawStars(s);
  if (plan.style === 'abstract') drawShapes(s);
  if (has('sun')) drawSun(s);
  if (has('mountains')) drawMountains(s);
  if (has('flow')) drawFlow(s, plan.style === 'abstract');
  if (has('circuit')) drawCircuit(s);
  if (has('grid')) drawGrid(s);
  if (has('skyline')) drawSkyline(s);
  if (has('tunnel')) drawTunnel(s);
  if (has('emblem')) drawEmblem(s);
  if (plan.icon) drawIcon(s, plan.icon);
  if (has('rain')) drawRain(s);
  if (plan.style === 'cyberpunk' || has('rain')) drawGlitch(s);
  if (!pixel) drawHud(s);
  drawFinish(s);

  const credit = plan.icon ? `<metadata>${ICON_CREDIT}</metadata>` : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${edge}" height="${edge}" viewBox="0 0 ${W} ${W}">${credit}<defs>${s.defs.join('')}</defs>${layers.join('')}</svg>`;
  return { svg, plan };
}

/**
 * Renders to PNG with bloom: the highlights of the picture (channels above ~25 % brightness,
 * stretched) are blurred twice, tight and wide, and screened back on top. One rasterisation plus
 * two libvips blurs is far cheaper than SVG blur filters on every glowing group.
 * @param edge output edge in pixels
 */
export async function renderArt(art: ArtSvg, edge: number): Promise<Buffer> {
  const pixel = art.plan.style === 'pixel_art';
  const renderEdge = pixel ? PIXEL_ART_EDGE : edge;
  const unit = renderEdge / W; // pixels per user unit
  const base = await sharp(Buffer.from(art.svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } } as const;
  const highlights = await sharp(base.data, raw)
    .linear(1.6, -0.25 * 255 * 1.6)
    .raw()
    .toBuffer();
  const bloom = (sigma: number, gain: number) =>
    sharp(highlights, raw)
      .blur(Math.max(0.3, sigma * unit))
      .linear(gain, 0)
      .raw()
      .toBuffer();
  const [tight, wide] = await Promise.all([bloom(6, 1), bloom(24, 0.85)]);
  let image = sharp(base.data, raw).composite([
    { input: tight, ...raw, blend: 'screen' },
    { input: wide, ...raw, blend: 'screen' },
  ]);
  if (pixel) {
    // Quantise to 16 colours at 96 px, then enlarge with hard pixel edges.
    const small = await image.png({ palette: true, colors: 16, dither: 0 }).toBuffer();
    image = sharp(small).resize(edge, edge, { kernel: 'nearest' });
  }
  return image.png({ compressionLevel: 6 }).toBuffer();
}

/**
 * Embedded {@link ImageProvider}: procedural neon art. Name 'procedural'. Deterministic: same
 * (prompt, style, size) → same PNG bytes.
 */
export class ProceduralImageProvider implements ImageProvider {
  readonly name = 'procedural';

  /**
   * @returns a PNG of exactly `req.size` and a `revisedPrompt` saying it is procedural art
   * @throws {ImageInputError} empty/too-long prompt or unknown size (400)
   * @throws {ImageProviderError} rendering failed (502)
   */
  async generate(req: ImageRequest, opts: { signal?: AbortSignal } = {}): Promise<ImageResult> {
    const { prompt, edge } = validateImageRequest(req);
    opts.signal?.throwIfAborted();
    const art = proceduralSvg(prompt, req.style, req.style === 'pixel_art' ? PIXEL_ART_EDGE : edge);
    try {
      const png = await renderArt(art, edge);
      opts.signal?.throwIfAborted();
      return { png, revisedPrompt: describeArt(prompt, art.plan) };
    } catch (error) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      throw new ImageProviderError(this.name, 'rendering failed', { cause: error });
    }
  }
}

/**
 * Embedded image generator (DESIGN §2): procedural generative art in a dark neon cyberpunk look,
 * seeded by a SHA-256 of (style, lower-cased prompt), drawn as SVG and rendered to PNG with sharp
 * (plus a bloom pass in libvips). No model, no network; the same request always gives the same
 * bytes.
 *
 * The prompt steers it through keywords (see {@link PALETTES} and {@link MOTIF_WORDS}): the
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
import { ICON_CREDIT, iconSvg, matchIcon, promptColours } from './icon-art';
import {
  type ImageProvider,
  ImageProviderError,
  type ImageRequest,
  type ImageResult,
  validateImageRequest,
} from './types';

/** Styles with their own composition. */
export const PROCEDURAL_STYLES = ['digital_art', 'cyberpunk', 'synthwave', 'abstract', 'pixel_art'] as const;
/** One of {@link PROCEDURAL_STYLES}. */
export type ProceduralStyle = (typeof PROCEDURAL_STYLES)[number];

/** A palette: background gradient (top → horizon) and four neon inks. */
export interface Palette {
  name: string;
  sky: [string, string, string];
  inks: [string, string, string, string];
  /** Prompt words that select it. */
  words: string[];
}

/** Palettes, chosen by the most prompt-word hits (ties and no hits: by seed among the first three). */
export const PALETTES: Palette[] = [
  {
    name: 'neon',
    sky: ['#05030d', '#1a0633', '#3b0a4f'],
    inks: ['#ff2bd6', '#00f0ff', '#8a5cff', '#ff4d8d'],
    words: ['neon', 'cyber', 'cyberpunk', 'future', 'futuristic', 'glow', 'light', 'electric'],
  },
  {
    name: 'vapor',
    sky: ['#07031a', '#2a0b45', '#5a1460'],
    inks: ['#ff71ce', '#01cdfe', '#05ffa1', '#b967ff'],
    words: [
      'love',
      'heart',
      'pink',
      'candy',
      'retro',
      'vapor',
      'vaporwave',
      'synth',
      'synthwave',
      '80s',
      'miami',
      'dream',
    ],
  },
  {
    name: 'cosmic',
    sky: ['#02030c', '#0d0b2e', '#241457'],
    inks: ['#b388ff', '#536dfe', '#ff80ab', '#18ffff'],
    words: [
      'space',
      'galaxy',
      'star',
      'stars',
      'cosmic',
      'nebula',
      'moon',
      'planet',
      'universe',
      'night',
      'astral',
      'orbit',
    ],
  },
  {
    name: 'inferno',
    sky: ['#0a0204', '#2b0610', '#5c0f1a'],
    inks: ['#ff3d00', '#ff9100', '#ffd600', '#ff1744'],
    words: [
      'fire',
      'flame',
      'flames',
      'sun',
      'sunset',
      'lava',
      'red',
      'hot',
      'burn',
      'burning',
      'dragon',
      'phoenix',
      'volcano',
      'blaze',
    ],
  },
  {
    name: 'ocean',
    sky: ['#010712', '#04203a', '#0a3a5c'],
    inks: ['#00e5ff', '#2979ff', '#1de9b6', '#b388ff'],
    words: [
      'ocean',
      'sea',
      'water',
      'wave',
      'waves',
      'ice',
      'rain',
      'blue',
      'cold',
      'frost',
      'river',
      'deep',
      'whale',
      'fish',
    ],
  },
  {
    name: 'matrix',
    sky: ['#010805', '#03200f', '#07331c'],
    inks: ['#00ff9f', '#76ff03', '#00e5ff', '#1de9b6'],
    words: [
      'code',
      'hacker',
      'hack',
      'matrix',
      'terminal',
      'green',
      'forest',
      'nature',
      'data',
      'ai',
      'virus',
      'program',
      'script',
    ],
  },
  {
    name: 'gold',
    sky: ['#0a0602', '#2a1405', '#4a2208'],
    inks: ['#ffc400', '#ff9100', '#ff4081', '#ffe57f'],
    words: [
      'gold',
      'golden',
      'money',
      'crypto',
      'bitcoin',
      'eth',
      'ethereum',
      'coin',
      'coins',
      'profit',
      'rich',
      'market',
      'trade',
      'deal',
      'hustle',
      'luxury',
      'token',
    ],
  },
];

/** Motifs and the prompt words that call them in. */
export const MOTIF_WORDS = {
  skyline: [
    'city',
    'skyline',
    'building',
    'buildings',
    'tower',
    'towers',
    'street',
    'urban',
    'metropolis',
    'downtown',
    'cyberpunk',
  ],
  sun: ['sun', 'sunset', 'sunrise', 'dawn', 'dusk', 'moon', 'synthwave', 'retro'],
  grid: ['grid', 'road', 'drive', 'highway', 'retro', 'synth', 'synthwave', 'floor', 'horizon', 'arcade'],
  mountains: ['mountain', 'mountains', 'peak', 'peaks', 'hills', 'landscape', 'valley', 'canyon'],
  circuit: [
    'circuit',
    'chip',
    'code',
    'data',
    'network',
    'hacker',
    'blockchain',
    'nft',
    'crypto',
    'ai',
    'robot',
    'tech',
    'computer',
    'server',
    'cyber',
  ],
  flow: [
    'wave',
    'waves',
    'flow',
    'wind',
    'ocean',
    'river',
    'music',
    'sound',
    'smoke',
    'dream',
    'energy',
    'aurora',
    'spirit',
  ],
  stars: ['star', 'stars', 'space', 'galaxy', 'cosmic', 'night', 'universe', 'nebula', 'sky'],
  emblem: [
    'eye',
    'portal',
    'avatar',
    'soul',
    'mind',
    'brain',
    'core',
    'orb',
    'crystal',
    'diamond',
    'gem',
    'token',
    'coin',
    'logo',
    'badge',
    'nft',
    'art',
  ],
  rain: ['rain', 'storm', 'glitch', 'matrix', 'rainy', 'noir'],
  tunnel: ['tunnel', 'portal', 'gate', 'wormhole', 'vortex', 'hyperspace', 'warp', 'infinity', 'void'],
} as const;
type Motif = keyof typeof MOTIF_WORDS;

const MOTIF_LABELS: Record<Motif, string> = {
  skyline: 'a neon skyline with lit windows',
  sun: 'a banded retro sun',
  grid: 'a perspective grid',
  mountains: 'mountain ridges',
  circuit: 'circuit traces',
  flow: 'flow-field light trails',
  stars: 'a starfield',
  emblem: 'a glowing emblem',
  rain: 'neon rain',
  tunnel: 'a receding neon tunnel',
};

/** Base motifs per style; digital_art picks one of several layouts. */
const STYLE_MOTIFS: Record<ProceduralStyle, Motif[][]> = {
  digital_art: [
    ['emblem', 'flow', 'stars'],
    ['tunnel', 'flow', 'stars'],
    ['emblem', 'grid', 'mountains', 'stars'],
    ['circuit', 'emblem', 'stars'],
  ],
  cyberpunk: [['skyline', 'rain', 'grid']],
  synthwave: [['sun', 'mountains', 'grid', 'stars']],
  abstract: [['flow']],
  pixel_art: [
    ['sun', 'mountains', 'grid', 'stars'],
    ['skyline', 'stars', 'grid'],
    ['emblem', 'stars', 'mountains'],
    ['tunnel', 'stars'],
  ],
};

/** Scenery that the abstract style leaves out even when the prompt asks for it. */
const SCENERY: Motif[] = ['skyline', 'sun', 'grid', 'mountains', 'rain'];

const W = 1024; // drawing space, user units; rendered at the requested size
const PIXEL_ART_EDGE = 96;

// ---------------------------------------------------------------------------------------------
// Randomness

/** sfc32 PRNG: small, fast, well distributed; seeded from the SHA-256 of the request. */
class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(seed: Buffer) {
    this.a = seed.readUInt32LE(0);
    this.b = seed.readUInt32LE(4);
    this.c = seed.readUInt32LE(8);
    this.d = seed.readUInt32LE(12);
    for (let i = 0; i < 12; i++) this.next();
  }
  /** Uniform in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    const t = (this.a + this.b + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();

// ---------------------------------------------------------------------------------------------
// Prompt analysis

/** What the generator decided to draw; also used for `revisedPrompt`. */
export interface ArtPlan {
  style: ProceduralStyle;
  /** Style id as requested (may be unknown and mapped to digital_art). */
  requestedStyle: string;
  palette: Palette;
  motifs: Motif[];
  /** The Twemoji icon showing the prompt's subject (issue 17), or null when no noun matched. */
  icon: string | null;
}

/**
 * Decides palette and motifs from the prompt words and the style. Deterministic.
 * @param prompt normalised prompt
 */
function planArt(prompt: string, style: string, rng: Rng): ArtPlan {
  const words = new Set(prompt.toLowerCase().match(/[a-z0-9]+/g) ?? []);
  const known = (PROCEDURAL_STYLES as readonly string[]).includes(style) ? (style as ProceduralStyle) : 'digital_art';

  const scored = PALETTES.map((p) => ({ p, hits: p.words.filter((w) => words.has(w)).length }));
  const best = Math.max(...scored.map((s) => s.hits));
  const palette = best > 0 ? rng.pick(scored.filter((s) => s.hits === best)).p : rng.pick(PALETTES.slice(0, 3));

  const fromWords = (Object.keys(MOTIF_WORDS) as Motif[]).filter((m) => MOTIF_WORDS[m].some((w) => words.has(w)));
  let motifs = [...new Set([...rng.pick(STYLE_MOTIFS[known]), ...fromWords])];
  if (known === 'abstract') motifs = motifs.filter((m) => !SCENERY.includes(m));
  // The tunnel has its own glowing core; a second orb would fight it.
  if (motifs.includes('tunnel')) motifs = motifs.filter((m) => m !== 'emblem');
  // A scene with no anchor gets the emblem, so every picture has a focal point.
  if (
    !motifs.some((m) => ['skyline', 'sun', 'mountains', 'emblem', 'circuit', 'tunnel'].includes(m)) &&
    known !== 'abstract'
  ) {
    motifs.push('emblem');
  }
  // The subject as an icon (issue 17): it becomes the focal point instead of the emblem.
  const icon = matchIcon(prompt)?.name ?? null;
  if (icon) motifs = motifs.filter((m) => m !== 'emblem');
  // Colour words override the palette's inks (in the order named), keeping its sky.
  const colours = promptColours(prompt);
  const inks = colours.length
    ? ([0, 1, 2, 3].map((i) => colours[i % colours.length]) as Palette['inks'])
    : palette.inks;
  const chosen = colours.length
    ? { ...palette, name: `${palette.name} (${colours.length} named colours)`, inks }
    : palette;
  return { style: known, requestedStyle: style, palette: chosen, motifs, icon };
}

// ---------------------------------------------------------------------------------------------
// Drawing

interface Scene {
  rng: Rng;
  plan: ArtPlan;
  ink: (i: number) => string;
  horizon: number;
  pixel: boolean;
  defs: string[];
  layers: string[];
  /** Appends SVG fragments, painted in order. */
  add: (...svg: string[]) => void;
}

/** A rune-like glyph: 2–4 strokes between points of a 3 × 4 lattice, in a 1 × 1.33 box. */
function glyph(rng: Rng, x: number, y: number, size: number): string {
  const point = () => `${f(x + rng.int(0, 2) * (size / 2))} ${f(y + rng.int(0, 3) * (size / 2.25))}`;
  let d = '';
  for (let i = rng.int(2, 4); i > 0; i--) d += `M${point()}L${point()}${rng.chance(0.4) ? `L${point()}` : ''}`;
  return d;
}

function drawBackground(s: Scene): void {
  const [top, mid, low] = s.plan.palette.sky;
  s.defs.push(
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="${f(s.horizon / W - 0.15)}" stop-color="${mid}"/><stop offset="${f(s.horizon / W)}" stop-color="${low}"/><stop offset="1" stop-color="${top}"/></linearGradient>`,
  );
  s.add(`<rect width="${W}" height="${W}" fill="url(#sky)"/>`);
  // Two soft colour clouds for depth.
  for (let i = 0; i < 2; i++) {
    const id = `cloud${i}`;
    s.defs.push(
      `<radialGradient id="${id}"><stop offset="0" stop-color="${s.ink(i + 1)}" stop-opacity="0.28"/><stop offset="1" stop-color="${s.ink(i + 1)}" stop-opacity="0"/></radialGradient>`,
    );
    s.add(
      `<ellipse cx="${f(s.rng.range(100, 924))}" cy="${f(s.rng.range(80, s.horizon))}" rx="${f(s.rng.range(260, 520))}" ry="${f(s.rng.range(160, 340))}" fill="url(#${id})"/>`,
    );
  }
}

function drawStars(s: Scene): void {
  let dots = '';
  let sparkles = '';
  const count = s.pixel ? 40 : s.rng.int(110, 200);
  for (let i = 0; i < count; i++) {
    const x = s.rng.range(0, W);
    const y = s.rng.range(0, s.horizon * 0.95) ** 1.08 / s.horizon ** 0.08;
    const r = s.pixel ? 6 : s.rng.range(0.6, 2.2);
    dots += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" opacity="${f(s.rng.range(0.3, 1))}"/>`;
    if (!s.pixel && s.rng.chance(0.06)) {
      const l = s.rng.range(8, 18);
      sparkles += `M${f(x - l)} ${f(y)}H${f(x + l)}M${f(x)} ${f(y - l)}V${f(y + l)}`;
    }
  }
  s.add(`<g fill="#fff">${dots}</g><path d="${sparkles}" stroke="${s.ink(3)}" stroke-width="1.4"/>`);
}

function drawSun(s: Scene): void {
  const r = s.rng.range(170, 250);
  const cx = s.rng.range(W * 0.35, W * 0.65);
  const cy = s.horizon - r * s.rng.range(0.35, 0.7);
  s.defs.push(
    `<linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.plan.palette.inks[2]}"/><stop offset="0.55" stop-color="${s.plan.palette.inks[1]}"/><stop offset="1" stop-color="${s.plan.palette.inks[0]}"/></linearGradient>`,
  );
  // Retro bands: gaps that widen towards the bottom of the disc.
  let bands = '';
  for (let i = 0; i < 7; i++) {
    const y = cy + r * (0.05 + i * 0.14);
    bands += `<rect x="${f(cx - r)}" y="${f(y)}" width="${f(2 * r)}" height="${f(3 + i * 3.2)}" fill="#000"/>`;
  }
  s.defs.push(`<mask id="sunbands"><rect width="${W}" height="${W}" fill="#fff"/>${bands}</mask>`);
  s.defs.push(haze('sunhaze', s.ink(0), 0.3));
  s.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 1.9)}" fill="url(#sunhaze)"/>`);
  s.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#sun)" mask="url(#sunbands)"/>`);
}

/** Midpoint-displacement ridge from x = 0 to W, `base` is its lowest y. */
function ridge(rng: Rng, base: number, height: number, roughness: number): string {
  let pts: number[] = [base - rng.range(0, height * 0.5), base - rng.range(0, height * 0.5)];
  let spread = height;
  while (pts.length < 65) {
    const next: number[] = [];
    for (let i = 0; i < pts.length - 1; i++) {
      const a = pts[i] as number;
      const b = pts[i + 1] as number;
      next.push(a, Math.min(base, (a + b) / 2 - rng.range(-spread, spread) * 0.5));
    }
    next.push(pts[pts.length - 1] as number);
    pts = next;
    spread *= roughness;
  }
  const step = W / (pts.length - 1);
  return pts.map((y, i) => `${i === 0 ? 'M' : 'L'}${f(i * step)} ${f(Math.max(base - height, y))}`).join('');
}

function drawMountains(s: Scene): void {
  for (let layer = 0; layer < 2; layer++) {
    const d = ridge(s.rng, s.horizon + 2, layer === 0 ? s.rng.range(110, 190) : s.rng.range(50, 100), 0.55);
    const fill = layer === 0 ? s.plan.palette.sky[1] : '#07040f';
    s.add(
      `<path d="${d}L${W} ${f(s.horizon + 2)}L0 ${f(s.horizon + 2)}Z" fill="${fill}" opacity="${layer === 0 ? 0.85 : 1}"/>`,
    );
    s.add(
      `<path d="${d}" fill="none" stroke="${s.ink(layer === 0 ? 2 : 1)}" stroke-width="${layer === 0 ? 2 : 3}" opacity="${layer === 0 ? 0.7 : 1}"/>`,
    );
  }
}

function drawGrid(s: Scene): void {
  const h = s.horizon;
  const vx = W / 2 + s.rng.range(-80, 80);
  let d = '';
  const rows = s.pixel ? 7 : 14;
  for (let i = 1; i <= rows; i++) {
    const y = h + (W - h) * (i / rows) ** 2.2;
    d += `M0 ${f(y)}H${W}`;
  }
  const cols = s.pixel ? 9 : 21;
  for (let k = -cols; k <= cols; k++) d += `M${f(vx)} ${f(h)}L${f(vx + k * (W / cols) * 2.2)} ${W}`;
  s.defs.push(
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.plan.palette.sky[2]}"/><stop offset="0.25" stop-color="#06030c"/><stop offset="1" stop-color="#020106"/></linearGradient>`,
    `<clipPath id="below"><rect y="${f(h)}" width="${W}" height="${f(W - h)}"/></clipPath>`,
  );
  s.add(`<rect y="${f(h)}" width="${W}" height="${f(W - h)}" fill="url(#floor)"/>`);
  s.add(
    `<g clip-path="url(#below)"><path d="${d}" stroke="${s.ink(0)}" stroke-width="${s.pixel ? 8 : 2.2}" fill="none"/></g>`,
    `<path d="M0 ${f(h)}H${W}" stroke="${s.ink(1)}" stroke-width="${s.pixel ? 8 : 3}"/>`,
  );
}

function drawSkyline(s: Scene): void {
  const base = s.plan.motifs.includes('grid') ? s.horizon : W;
  for (let layer = 0; layer < 2; layer++) {
    let x = -s.rng.range(0, 40);
    let bodies = '';
    let windows = '';
    let signs = '';
    while (x < W) {
      const bw = s.pixel ? s.rng.range(70, 130) : s.rng.range(50, 120) * (layer === 0 ? 0.8 : 1);
      const bh = (layer === 0 ? s.rng.range(0.35, 0.7) : s.rng.range(0.2, 0.5)) * base;
      const top = base - bh;
      bodies += `<rect x="${f(x)}" y="${f(top)}" width="${f(bw - 4)}" height="${f(bh + 2)}"/>`;
      if (s.rng.chance(0.3)) bodies += `<rect x="${f(x + bw / 2 - 2)}" y="${f(top - 40)}" width="4" height="40"/>`;
      // Lit windows, sparse and in one or two inks per building.
      const ink = s.ink(s.rng.int(0, 3));
      const cell = s.pixel ? 24 : 14;
      for (let wy = top + 12; wy < base - 14; wy += cell) {
        for (let wx = x + 8; wx < x + bw - 14; wx += cell * 0.8) {
          if (s.rng.chance(layer === 0 ? 0.12 : 0.22)) {
            windows += `<rect x="${f(wx)}" y="${f(wy)}" width="${s.pixel ? 10 : 5}" height="${s.pixel ? 10 : 7}" fill="${s.rng.chance(0.8) ? ink : '#fff'}"/>`;
          }
        }
      }
      // Vertical glyph signs on some near buildings.
      if (layer === 1 && !s.pixel && s.rng.chance(0.35) && bh > 160) {
        const sx = x + s.rng.range(6, Math.max(8, bw - 30));
        const sy = top + s.rng.range(20, 60);
        let glyphs = '';
        for (let g = 0; g < s.rng.int(3, 6); g++) glyphs += glyph(s.rng, sx + 5, sy + 8 + g * 30, 14);
        const color = s.ink(s.rng.int(0, 3));
        signs += `<rect x="${f(sx)}" y="${f(sy)}" width="24" height="${f(30 * 6)}" fill="none" stroke="${color}" stroke-width="2"/><path d="${glyphs}" stroke="${color}" stroke-width="2.4" fill="none"/>`;
      }
      x += bw + (s.pixel ? 0 : s.rng.range(0, 10));
    }
    const fill = layer === 0 ? s.plan.palette.sky[1] : '#05030a';
    s.add(`<g fill="${fill}" opacity="${layer === 0 ? 0.75 : 1}">${bodies}</g>`);
    s.add(`<g opacity="${layer === 0 ? 0.5 : 0.95}">${windows}</g>`, `<g>${signs}</g>`);
  }
}

function drawRain(s: Scene): void {
  let d = '';
  const slant = s.rng.range(-0.25, 0.05);
  for (let i = 0; i < (s.pixel ? 30 : 220); i++) {
    const x = s.rng.range(-100, W);
    const y = s.rng.range(-50, W);
    const l = s.rng.range(20, 70);
    d += `M${f(x)} ${f(y)}l${f(l * slant)} ${f(l)}`;
  }
  s.add(`<path d="${d}" stroke="${s.ink(1)}" stroke-width="${s.pixel ? 6 : 1.2}" opacity="0.35"/>`);
}

/** Flow field: particles follow an angle field made of a few seeded sine waves. */
function drawFlow(s: Scene, dense: boolean): void {
  const k = [s.rng.range(0.002, 0.006), s.rng.range(0.002, 0.006), s.rng.range(0.001, 0.004)];
  const p = [s.rng.range(0, 6.28), s.rng.range(0, 6.28), s.rng.range(0, 6.28)];
  const swirl = s.rng.range(0.8, 1.6);
  const angle = (x: number, y: number) =>
    swirl *
    Math.PI *
    (Math.sin(x * (k[0] as number) + (p[0] as number)) +
      Math.cos(y * (k[1] as number) + (p[1] as number)) +
      0.6 * Math.sin((x + y) * (k[2] as number) + (p[2] as number)));
  const groups: string[][] = [[], [], []];
  const lines = s.pixel ? 14 : dense ? s.rng.int(260, 340) : s.rng.int(120, 180);
  const bottom = s.plan.motifs.includes('grid') || s.plan.motifs.includes('skyline') ? s.horizon : W;
  for (let i = 0; i < lines; i++) {
    let x = s.rng.range(-50, W + 50);
    let y = s.rng.range(0, bottom);
    let d = `M${f(x)} ${f(y)}`;
    const steps = s.rng.int(30, 110);
    for (let j = 0; j < steps; j++) {
      const a = angle(x, y);
      x += Math.cos(a) * 7;
      y += Math.sin(a) * 7;
      if (y > bottom) break;
      d += `L${f(x)} ${f(y)}`;
    }
    const width = s.pixel ? 8 : s.rng.range(0.8, dense ? 3.4 : 2.6);
    (groups[i % 3] as string[]).push(
      `<path d="${d}" stroke-width="${f(width)}" opacity="${f(s.rng.range(0.25, 0.85))}"/>`,
    );
  }
  for (const [i, g] of groups.entries()) {
    s.add(`<g fill="none" stroke="${s.ink(i)}" stroke-linecap="round">${g.join('')}</g>`);
  }
}

/** Circuit traces: 45°/90° walks on a lattice ending in pads. */
function drawCircuit(s: Scene): void {
  let d = '';
  let pads = '';
  const step = s.pixel ? 64 : 32;
  const maxY = s.plan.motifs.includes('skyline') || s.plan.motifs.includes('grid') ? s.horizon : W;
  for (let i = 0; i < (s.pixel ? 8 : s.rng.int(26, 44)); i++) {
    let x = Math.round(s.rng.range(0, W) / step) * step;
    let y = Math.round(s.rng.range(0, maxY) / step) * step;
    let dir = s.rng.int(0, 7);
    d += `M${x} ${y}`;
    pads += `<circle cx="${x}" cy="${y}" r="${s.pixel ? 14 : 5}" fill="none" stroke-width="2"/>`;
    for (let j = s.rng.int(3, 10); j > 0; j--) {
      if (s.rng.chance(0.35)) dir = (dir + (s.rng.chance(0.5) ? 1 : 7)) % 8;
      const a = (dir * Math.PI) / 4;
      const n = s.rng.int(1, 4);
      x += Math.round(Math.cos(a)) * step * n;
      y += Math.round(Math.sin(a)) * step * n;
      d += `L${x} ${y}`;
    }
    pads += `<circle cx="${x}" cy="${y}" r="${s.pixel ? 12 : 4.5}"/>`;
  }
  s.add(
    `<g stroke="${s.ink(1)}" fill="${s.ink(1)}" opacity="0.75"><path d="${d}" fill="none" stroke-width="${s.pixel ? 10 : 2}" stroke-linejoin="round"/>${pads}</g>`,
  );
}

/** Central (or rule-of-thirds) emblem: orb, rotating dashed rings, polygon, glyph ring. */
function drawEmblem(s: Scene): void {
  const cx = s.rng.pick([W / 2, W / 2, W * 0.38, W * 0.62]);
  const scenic = s.plan.motifs.includes('skyline') || s.plan.motifs.includes('grid') || s.plan.motifs.includes('sun');
  const cy = scenic ? s.horizon * s.rng.range(0.42, 0.55) : s.rng.range(W * 0.42, W * 0.55);
  const r = s.rng.range(120, 190) * (scenic ? 0.8 : 1);
  s.defs.push(
    `<radialGradient id="orb" cx="40%" cy="35%"><stop offset="0" stop-color="#fff"/><stop offset="0.25" stop-color="${s.ink(1)}"/><stop offset="0.7" stop-color="${s.ink(0)}" stop-opacity="0.55"/><stop offset="1" stop-color="${s.ink(2)}" stop-opacity="0"/></radialGradient>`,
  );
  s.defs.push(haze('orbhaze', s.ink(0), 0.25));
  s.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 2.2)}" fill="url(#orbhaze)"/>`);
  const parts: string[] = [`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.62)}" fill="url(#orb)"/>`];
  for (let i = 0; i < (s.pixel ? 2 : 4); i++) {
    const rr = r * (0.8 + i * 0.22);
    const dash = `${f(s.rng.range(10, 120))} ${f(s.rng.range(8, 40))}`;
    parts.push(
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rr)}" fill="none" stroke="${s.ink(i % 4)}" stroke-width="${s.pixel ? 10 : f(s.rng.range(1.5, 5))}" stroke-dasharray="${s.pixel ? '' : dash}" transform="rotate(${f(s.rng.range(0, 360))} ${f(cx)} ${f(cy)})"/>`,
    );
  }
  const sides = s.rng.pick([3, 4, 6, 8]);
  const rot = s.rng.range(0, Math.PI);
  const poly = Array.from({ length: sides }, (_, i) => {
    const a = rot + (i * 2 * Math.PI) / sides;
    return `${f(cx + Math.cos(a) * r * 0.95)},${f(cy + Math.sin(a) * r * 0.95)}`;
  }).join(' ');
  parts.push(`<polygon points="${poly}" fill="none" stroke="${s.ink(3)}" stroke-width="${s.pixel ? 8 : 2.5}"/>`);
  if (!s.pixel) {
    let ring = '';
    const n = s.rng.int(14, 22);
    for (let i = 0; i < n; i++) {
      const a = (i * 2 * Math.PI) / n;
      ring += glyph(s.rng, cx + Math.cos(a) * r * 1.55 - 6, cy + Math.sin(a) * r * 1.55 - 8, 12);
    }
    parts.push(`<path d="${ring}" stroke="${s.ink(1)}" stroke-width="2" fill="none" opacity="0.9"/>`);
  }
  s.add(`<g>${parts.join('')}</g>`);
}

/** A tunnel of rotating frames shrinking towards a vanishing point, joined by spokes. */
function drawTunnel(s: Scene): void {
  const cx = W / 2 + s.rng.range(-90, 90);
  const cy = (s.plan.motifs.includes('grid') ? s.horizon * 0.6 : W * 0.47) + s.rng.range(-60, 60);
  const sides = s.rng.pick([4, 4, 6, 8]);
  const twist = s.rng.range(-0.12, 0.12);
  const shrink = s.rng.range(0.8, 0.86);
  const frames = s.pixel ? 7 : 16;
  const corners: Array<Array<[number, number]>> = [];
  let rings = '';
  for (let i = 0; i < frames; i++) {
    const r = W * 0.62 * shrink ** i;
    const rot = Math.PI / sides + i * twist;
    const pts = Array.from({ length: sides }, (_, k): [number, number] => {
      const a = rot + (k * 2 * Math.PI) / sides;
      return [cx + Math.cos(a) * r, cy + Math.sin(a) * r];
    });
    corners.push(pts);
    const width = s.pixel ? 8 : Math.max(0.8, 7 * shrink ** i);
    rings += `<polygon points="${pts.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" stroke="${s.ink(i % 4)}" stroke-width="${f(width)}" opacity="${f(1 - (i / frames) * 0.55)}"/>`;
  }
  let spokes = '';
  for (let k = 0; k < sides; k++) {
    spokes += corners
      .map(
        (pts, i) => `${i === 0 ? 'M' : 'L'}${f((pts[k] as [number, number])[0])} ${f((pts[k] as [number, number])[1])}`,
      )
      .join('');
  }
  s.defs.push(haze('tunnelcore', '#ffffff', 0.55));
  // Over a horizon grid the tunnel stays in the sky.
  const grid = s.plan.motifs.includes('grid');
  if (grid) s.defs.push(`<clipPath id="sky-only"><rect width="${W}" height="${f(s.horizon)}"/></clipPath>`);
  s.add(
    `<g${grid ? ' clip-path="url(#sky-only)"' : ''}>`,
    `<path d="${spokes}" fill="none" stroke="${s.ink(2)}" stroke-width="${s.pixel ? 6 : 1.5}" opacity="0.6"/>`,
    `<g fill="none" stroke-linejoin="round">${rings}</g>`,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(W * 0.62 * shrink ** frames * 2.5)}" fill="url(#tunnelcore)"/>`,
    '</g>',
  );
}

/** Big translucent shapes for the abstract style. */
function drawShapes(s: Scene): void {
  const parts: string[] = [];
  for (let i = 0; i < s.rng.int(7, 12); i++) {
    const x = s.rng.range(0, W);
    const y = s.rng.range(0, W);
    const r = s.rng.range(60, 320);
    const ink = s.ink(i % 4);
    switch (s.rng.int(0, 3)) {
      case 0:
        parts.push(
          `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${ink}" opacity="${f(s.rng.range(0.08, 0.22))}"/>`,
        );
        break;
      case 1: {
        const a = s.rng.range(0, 6.28);
        const b = a + s.rng.range(1, 4);
        parts.push(
          `<path d="M${f(x + Math.cos(a) * r)} ${f(y + Math.sin(a) * r)}A${f(r)} ${f(r)} 0 ${b - a > Math.PI ? 1 : 0} 1 ${f(x + Math.cos(b) * r)} ${f(y + Math.sin(b) * r)}" fill="none" stroke="${ink}" stroke-width="${f(s.rng.range(3, 18))}" stroke-linecap="round" opacity="0.8"/>`,
        );
        break;
      }
      case 2: {
        const pts = Array.from({ length: 3 }, () => `${f(x + s.rng.range(-r, r))},${f(y + s.rng.range(-r, r))}`).join(
          ' ',
        );
        parts.push(
          `<polygon points="${pts}" fill="${ink}" opacity="${f(s.rng.range(0.1, 0.25))}" stroke="${ink}" stroke-width="2"/>`,
        );
        break;
      }
      default: {
        let rings = '';
        for (let j = 1; j <= 5; j++) rings += `<circle cx="${f(x)}" cy="${f(y)}" r="${f((r * j) / 5)}"/>`;
        parts.push(`<g fill="none" stroke="${ink}" stroke-width="1.5" opacity="0.6">${rings}</g>`);
      }
    }
  }
  s.add(`<g>${parts.join('')}</g>`);
}

function drawGlitch(s: Scene): void {
  let bars = '';
  for (let i = 0; i < s.rng.int(4, 8); i++) {
    bars += `<rect x="${f(s.rng.range(-100, W))}" y="${f(s.rng.range(0, W))}" width="${f(s.rng.range(80, 420))}" height="${f(s.rng.range(2, 10))}" fill="${s.ink(s.rng.int(0, 3))}" opacity="${f(s.rng.range(0.3, 0.7))}"/>`;
  }
  s.add(`<g>${bars}</g>`);
}

/** HUD frame: corner brackets, a readout of bars, a tick ruler. */
function drawHud(s: Scene): void {
  const c = s.ink(1);
  const m = 28;
  const l = 56;
  let d = `M${m} ${m + l}V${m}H${m + l}M${W - m - l} ${m}H${W - m}V${m + l}M${m} ${W - m - l}V${W - m}H${m + l}M${W - m - l} ${W - m}H${W - m}V${W - m - l}`;
  for (let i = 0; i < 24; i++) d += `M${f(W - m - 200 + i * 8)} ${m + 14}v${i % 4 === 0 ? 14 : 7}`;
  let bars = '';
  for (let i = 0; i < 6; i++) {
    bars += `<rect x="${m + 16}" y="${f(W - m - 30 - i * 12)}" width="${f(s.rng.range(20, 110))}" height="6" fill="${s.ink(i % 2 ? 0 : 1)}" opacity="0.75"/>`;
  }
  s.add(`<g><path d="${d}" stroke="${c}" stroke-width="3" fill="none" opacity="0.85"/>${bars}</g>`);
}

function drawFinish(s: Scene): void {
  s.defs.push(
    '<pattern id="scan" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="1.3" fill="#000" opacity="0.22"/></pattern>',
    '<radialGradient id="vignette" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.75"/></radialGradient>',
  );
  if (!s.pixel) s.add(`<rect width="${W}" height="${W}" fill="url(#scan)"/>`);
  s.add(`<rect width="${W}" height="${W}" fill="url(#vignette)"/>`);
}

/** The subject icon, large and centred over a halo in the palette's first ink. */
function drawIcon(s: Scene, icon: string): void {
  const cy = Math.min(W * 0.5, s.horizon - W * 0.08);
  s.defs.push(haze('iconHalo', s.ink(0), 0.55));
  s.add(
    `<circle cx="${W / 2}" cy="${f(cy)}" r="${f(W * 0.36)}" fill="url(#iconHalo)"/>`,
    iconSvg(icon, W / 2, cy, W * 0.46),
  );
}

/** A radial gradient from `color` at `opacity` to transparent: a cheap stand-in for a big blur. */
function haze(id: string, color: string, opacity: number): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="0.5" stop-color="${color}" stop-opacity="${f(opacity / 3)}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

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

/** Honest description of what was drawn (SPEC §3 `revisedPrompt`). */
export function describeArt(prompt: string, plan: ArtPlan): string {
  const motifs = plan.motifs.map((m) => MOTIF_LABELS[m]);
  const list =
    motifs.length > 1 ? `${motifs.slice(0, -1).join(', ')} and ${motifs.at(-1)}` : (motifs[0] ?? 'abstract forms');
  const style = plan.style === plan.requestedStyle ? plan.style : `${plan.style} (for "${plan.requestedStyle}")`;
  const subject = plan.icon ? ` The subject is the Twemoji "${plan.icon.replace(/-/g, ' ')}" (${ICON_CREDIT}).` : '';
  return `Procedural ${style} artwork inspired by "${prompt}": ${list} in the ${plan.palette.name} palette.${subject} Drawn by the built-in generative art engine, not an AI image model.`;
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

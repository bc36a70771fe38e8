/**
 * The scenery of the embedded image generator (procedural.ts): the scene being drawn, the sky, stars,
 * sun, mountains, grid, skyline and rain, and the small helpers the figures share.
 */
import type { ArtPlan } from './art-plan';
import { f, type Rng, W } from './art-random';

export interface Scene {
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
export function glyph(rng: Rng, x: number, y: number, size: number): string {
  const point = () => `${f(x + rng.int(0, 2) * (size / 2))} ${f(y + rng.int(0, 3) * (size / 2.25))}`;
  let d = '';
  for (let i = rng.int(2, 4); i > 0; i--) d += `M${point()}L${point()}${rng.chance(0.4) ? `L${point()}` : ''}`;
  return d;
}

export function drawBackground(s: Scene): void {
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

export function drawStars(s: Scene): void {
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

export function drawSun(s: Scene): void {
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

export function drawMountains(s: Scene): void {
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

export function drawGrid(s: Scene): void {
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

export function drawSkyline(s: Scene): void {
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

export function drawRain(s: Scene): void {
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

/** A radial gradient from `color` at `opacity` to transparent: a cheap stand-in for a big blur. */
export function haze(id: string, color: string, opacity: number): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="0.5" stop-color="${color}" stop-opacity="${f(opacity / 3)}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

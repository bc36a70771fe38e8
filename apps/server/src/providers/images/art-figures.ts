/**
 * The figures of the embedded image generator (procedural.ts): flow fields, circuits, the emblem, the
 * tunnel, abstract shapes, glitch bars, the HUD frame, the finish and the subject icon.
 */

import { f, W } from './art-random';
import { glyph, haze, type Scene } from './art-scene';
import { iconSvg } from './icon-art';

/** Flow field: particles follow an angle field made of a few seeded sine waves. */
export function drawFlow(s: Scene, dense: boolean): void {
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
export function drawCircuit(s: Scene): void {
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
export function drawEmblem(s: Scene): void {
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
export function drawTunnel(s: Scene): void {
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
export function drawShapes(s: Scene): void {
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

export function drawGlitch(s: Scene): void {
  let bars = '';
  for (let i = 0; i < s.rng.int(4, 8); i++) {
    bars += `<rect x="${f(s.rng.range(-100, W))}" y="${f(s.rng.range(0, W))}" width="${f(s.rng.range(80, 420))}" height="${f(s.rng.range(2, 10))}" fill="${s.ink(s.rng.int(0, 3))}" opacity="${f(s.rng.range(0.3, 0.7))}"/>`;
  }
  s.add(`<g>${bars}</g>`);
}

/** HUD frame: corner brackets, a readout of bars, a tick ruler. */
export function drawHud(s: Scene): void {
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

export function drawFinish(s: Scene): void {
  s.defs.push(
    '<pattern id="scan" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="1.3" fill="#000" opacity="0.22"/></pattern>',
    '<radialGradient id="vignette" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.75"/></radialGradient>',
  );
  if (!s.pixel) s.add(`<rect width="${W}" height="${W}" fill="url(#scan)"/>`);
  s.add(`<rect width="${W}" height="${W}" fill="url(#vignette)"/>`);
}

/** The subject icon, large and centred over a halo in the palette's first ink. */
export function drawIcon(s: Scene, icon: string): void {
  const cy = Math.min(W * 0.5, s.horizon - W * 0.08);
  s.defs.push(haze('iconHalo', s.ink(0), 0.55));
  s.add(
    `<circle cx="${W / 2}" cy="${f(cy)}" r="${f(W * 0.36)}" fill="url(#iconHalo)"/>`,
    iconSvg(icon, W / 2, cy, W * 0.46),
  );
}

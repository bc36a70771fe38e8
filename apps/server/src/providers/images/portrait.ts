/**
 * Deterministic avatar portraits (the studio's default appearance, stored as the
 * avatar's thumbnail). DiceBear draws the character, seeded by the avatar's name and id; this
 * module frames it in a dark neon badge coloured by agent type. Same input → same bytes.
 *
 * | agent type | DiceBear style | look                                   | neon       | design licence            |
 * |------------|----------------|----------------------------------------|------------|---------------------------|
 * | HACKER     | bottts         | robot, cyan/green/violet plating       | #00ff9f    | Pablo Stanley, free use   |
 * | CREATOR    | lorelei        | illustrated face, neon-tinted hair     | #ff2fd6    | Lisa Wischofsky, CC0 1.0  |
 * | HUSTLER    | avataaars      | blazer and shades, always              | #ffb400    | Pablo Stanley, free use   |
 */

import type { AgentType } from '@app/domain/avatar';
import * as avataaars from '@dicebear/avataaars';
import * as bottts from '@dicebear/bottts';
import { createAvatar } from '@dicebear/core';
import * as lorelei from '@dicebear/lorelei';
import sharp from 'sharp';

/** Edge of a portrait in pixels. */
export const PORTRAIT_SIZE = 256;

/** Neon colours per agent type: `primary` glows, `secondary` accents (hex, no '#'). */
export const PORTRAIT_COLORS = {
  HACKER: { primary: '00ff9f', secondary: '00e5ff' },
  CREATOR: { primary: 'ff2fd6', secondary: '8a5cff' },
  HUSTLER: { primary: 'ffb400', secondary: 'ff4d6d' },
} as const satisfies Record<AgentType, { primary: string; secondary: string }>;

/** What a portrait is derived from. */
export interface PortraitInput {
  /** Avatar name (SPEC §3 Avatar.name). */
  name: string;
  /** Avatar id; with the name it seeds the drawing, so two avatars named alike still differ. */
  id: string | number;
  agentType: AgentType;
}

/** The DiceBear character (transparent background) as an SVG string. */
function character(input: PortraitInput): string {
  const seed = `${input.name}#${input.id}`;
  switch (input.agentType) {
    case 'HACKER':
      return createAvatar(bottts, {
        seed,
        backgroundColor: ['transparent'],
        baseColor: ['00e5ff', '00ff9f', '7c4dff', '1de9b6', '304ffe', '00b8d4'],
      }).toString();
    case 'HUSTLER':
      return createAvatar(avataaars, {
        seed,
        backgroundColor: ['transparent'],
        accessories: ['sunglasses', 'wayfarers'],
        accessoriesProbability: 100,
        accessoriesColor: ['262e33', 'ffb400', 'ff4d6d'],
        clothing: ['blazerAndShirt', 'blazerAndSweater'],
        clothesColor: ['262e33', '3c4f5c', 'ff4d6d', 'ffb400'],
        facialHairProbability: 30,
        // Human skin tones only (the style's defaults include a cartoon yellow).
        skinColor: ['614335', 'ae5d29', 'd08b5b', 'edb98a', 'ffdbb4'],
        mouth: ['smile', 'twinkle', 'default'],
        eyebrows: ['raisedExcited', 'defaultNatural', 'upDownNatural'],
      }).toString();
    default:
      return createAvatar(lorelei, {
        seed,
        backgroundColor: ['transparent'],
        hairColor: ['ff2fd6', '8a5cff', '00e5ff', '2b1d3a', 'f5f5f5'],
        beardProbability: 0,
      }).toString();
  }
}

/**
 * The portrait as SVG: dark backdrop, neon glow and ring in the agent type's colours, HUD corner
 * marks, scanlines, and the character on a lit disc. 256 × 256 user units.
 */
export function portraitSvg(input: PortraitInput): string {
  const { primary, secondary } = PORTRAIT_COLORS[input.agentType];
  const avatar = character(input).replace(/^<\?xml[^>]*>\s*/, '');
  const s = PORTRAIT_SIZE;
  const c = s / 2;
  const corner = (x: number, y: number, dx: number, dy: number) =>
    `<path d="M${x} ${y + dy * 18}V${y}H${x + dx * 18}" fill="none" stroke="#${secondary}" stroke-width="3" stroke-linecap="square" opacity="0.9"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
<defs>
  <radialGradient id="pf-bg" cx="50%" cy="42%" r="75%">
    <stop offset="0" stop-color="#${primary}" stop-opacity="0.35"/>
    <stop offset="0.45" stop-color="#1a0b2e"/>
    <stop offset="1" stop-color="#05040a"/>
  </radialGradient>
  <radialGradient id="pf-disc" cx="50%" cy="35%" r="70%">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.92"/>
    <stop offset="0.55" stop-color="#${primary}" stop-opacity="0.55"/>
    <stop offset="1" stop-color="#${secondary}" stop-opacity="0.35"/>
  </radialGradient>
  <pattern id="pf-scan" width="4" height="4" patternUnits="userSpaceOnUse">
    <rect width="4" height="1" fill="#000" opacity="0.18"/>
  </pattern>
  <pattern id="pf-grid" width="16" height="16" patternUnits="userSpaceOnUse">
    <path d="M16 0H0V16" fill="none" stroke="#${secondary}" stroke-width="0.6" opacity="0.22"/>
  </pattern>
  <filter id="pf-glow" x="-30%" y="-30%" width="160%" height="160%">
    <feGaussianBlur stdDeviation="5" result="b"/>
    <feMerge><feMergeNode in="b"/><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge>
  </filter>
  <clipPath id="pf-clip"><circle cx="${c}" cy="${c}" r="92"/></clipPath>
</defs>
<rect width="${s}" height="${s}" fill="url(#pf-bg)"/>
<rect width="${s}" height="${s}" fill="url(#pf-grid)"/>
<circle cx="${c}" cy="${c}" r="104" fill="none" stroke="#${primary}" stroke-width="3" stroke-dasharray="48 10 6 10" filter="url(#pf-glow)"/>
<circle cx="${c}" cy="${c}" r="92" fill="url(#pf-disc)"/>
<g clip-path="url(#pf-clip)">
  <svg x="${c - 88}" y="${c - 84}" width="176" height="176">${avatar}</svg>
</g>
<circle cx="${c}" cy="${c}" r="92" fill="none" stroke="#${secondary}" stroke-width="2" opacity="0.9"/>
${corner(10, 10, 1, 1)}${corner(s - 10, 10, -1, 1)}${corner(10, s - 10, 1, -1)}${corner(s - 10, s - 10, -1, -1)}
<rect width="${s}" height="${s}" fill="url(#pf-scan)"/>
</svg>`;
}

/** WebP quality of the stored portrait: ~17 KB where a lossless PNG took ~80 KB, with no visible difference. */
const PORTRAIT_WEBP_QUALITY = 90;

/**
 * Renders the portrait. It is the largest picture of the marketplace and avatar pages (their largest
 * contentful paint), hence WebP rather than PNG (as uploaded images are, lib/images.ts).
 * @returns `svg` (string) and `webp` (256 × 256 WebP bytes); identical for identical input
 */
export async function renderPortrait(input: PortraitInput): Promise<{ svg: string; webp: Buffer }> {
  const svg = portraitSvg(input);
  const webp = await sharp(Buffer.from(svg)).webp({ quality: PORTRAIT_WEBP_QUALITY }).toBuffer();
  return { svg, webp };
}

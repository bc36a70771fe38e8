/**
 * What the embedded image generator (procedural.ts) draws for a prompt: the styles, the palettes and
 * the motifs the prompt's words call in, the plan decided from them, and its honest description.
 */

import type { Rng } from './art-random';
import { ICON_CREDIT, matchIcon, promptColours } from './icon-art';

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
export type Motif = keyof typeof MOTIF_WORDS;

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

/** What the generator decided to draw; also used for `revisedPrompt`. */
export interface ArtPlan {
  style: ProceduralStyle;
  /** Style id as requested (may be unknown and mapped to digital_art). */
  requestedStyle: string;
  palette: Palette;
  motifs: Motif[];
  /** The Twemoji icon showing the prompt's subject, or null when no noun matched. */
  icon: string | null;
}

/**
 * Decides palette and motifs from the prompt words and the style. Deterministic.
 * @param prompt normalised prompt
 */
export function planArt(prompt: string, style: string, rng: Rng): ArtPlan {
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
  // The subject as an icon: it becomes the focal point instead of the emblem.
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

/** Honest description of what was drawn (SPEC §3 `revisedPrompt`). */
export function describeArt(prompt: string, plan: ArtPlan): string {
  const motifs = plan.motifs.map((m) => MOTIF_LABELS[m]);
  const list =
    motifs.length > 1 ? `${motifs.slice(0, -1).join(', ')} and ${motifs.at(-1)}` : (motifs[0] ?? 'abstract forms');
  const style = plan.style === plan.requestedStyle ? plan.style : `${plan.style} (for "${plan.requestedStyle}")`;
  const subject = plan.icon ? ` The subject is the Twemoji "${plan.icon.replace(/-/g, ' ')}" (${ICON_CREDIT}).` : '';
  return `Procedural ${style} artwork inspired by "${prompt}": ${list} in the ${plan.palette.name} palette.${subject} Drawn by the built-in generative art engine, not an AI image model.`;
}

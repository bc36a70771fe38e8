/**
 * The subject of a procedural picture (so a picture shows what was asked for): the prompt's nouns matched against the
 * Twemoji icon set shipped on npm (`@iconify-json/twemoji`, graphics © Twitter, Inc and other
 * contributors, licensed CC BY 4.0 — https://creativecommons.org/licenses/by/4.0/; credited in
 * `revisedPrompt` and in the SVG's metadata), and a palette from the prompt's colour words.
 */
import { createRequire } from 'node:module';

/** Attribution of the icon set, shown with every picture that uses one. */
export const ICON_CREDIT = 'Twemoji icon © Twitter, Inc and other contributors, CC BY 4.0';

interface IconSet {
  prefix: string;
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

let iconSet: IconSet | undefined;
function icons(): IconSet {
  iconSet ??= createRequire(import.meta.url)('@iconify-json/twemoji/icons.json') as IconSet;
  return iconSet;
}

/** Words that never name a subject (request words, art words, glue). */
const IGNORE = new Set(
  'a an the of in on at with and or for to from by my your our me us it this that some one draw paint make create generate render image picture art artwork piece nft mint style please neon digital dark light bright big small little cute huge tiny beautiful night day under over above near into its is are was very'.split(
    ' ',
  ),
);

/** Word → icon name where the plain word is not an icon name itself. */
const SYNONYMS: Record<string, string> = {
  kitten: 'cat',
  kitty: 'cat',
  puppy: 'dog',
  doggo: 'dog',
  sea: 'water-wave',
  ocean: 'water-wave',
  waves: 'water-wave',
  wave: 'water-wave',
  city: 'cityscape',
  skyline: 'cityscape',
  sunset: 'sunset',
  sunrise: 'sunrise',
  dawn: 'sunrise',
  moon: 'crescent-moon',
  stars: 'star',
  space: 'milky-way',
  galaxy: 'milky-way',
  robot: 'robot',
  bot: 'robot',
  car: 'automobile',
  coffee: 'hot-beverage',
  cafe: 'hot-beverage',
  bakery: 'croissant',
  bread: 'bread',
  cake: 'birthday-cake',
  music: 'musical-notes',
  song: 'musical-note',
  book: 'open-book',
  flower: 'blossom',
  flowers: 'bouquet',
  tree: 'deciduous-tree',
  forest: 'evergreen-tree',
  snow: 'snowflake',
  winter: 'snowflake',
  fire: 'fire',
  heart: 'red-heart',
  love: 'red-heart',
  money: 'money-bag',
  bitcoin: 'coin',
  crypto: 'coin',
  ethereum: 'gem-stone',
  diamond: 'gem-stone',
  gem: 'gem-stone',
  house: 'house',
  home: 'house-with-garden',
  castle: 'castle',
  mountain: 'snow-capped-mountain',
  mountains: 'snow-capped-mountain',
  volcano: 'volcano',
  island: 'desert-island',
  beach: 'beach-with-umbrella',
  rocket: 'rocket',
  ship: 'ship',
  boat: 'sailboat',
  plane: 'airplane',
  dragon: 'dragon',
  unicorn: 'unicorn',
  alien: 'alien',
  ghost: 'ghost',
  skull: 'skull',
  pizza: 'pizza',
  sushi: 'sushi',
  ramen: 'steaming-bowl',
  guitar: 'guitar',
  game: 'video-game',
  gaming: 'video-game',
  phone: 'mobile-phone',
  computer: 'laptop',
  code: 'laptop',
  hacker: 'laptop',
  wizard: 'mage',
  witch: 'mage',
  knight: 'crossed-swords',
  sword: 'crossed-swords',
  owl: 'owl',
  whale: 'spouting-whale',
  storm: 'cloud-with-lightning-and-rain',
  rain: 'cloud-with-rain',
  lightning: 'high-voltage',
  sun: 'sun',
  planet: 'ringed-planet',
  earth: 'globe-showing-europe-africa',
  world: 'globe-showing-europe-africa',
  frog: 'frog',
};

const SKIN = /-(?:light|medium-light|medium|medium-dark|dark)-skin-tone$/;

function exists(name: string): boolean {
  const set = icons();
  return Boolean(set.icons[name] || set.aliases?.[name]);
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('es') && /(?:ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The icon for one word: a synonym, the word itself, `<word>-face`, or the shortest name with it as a token. */
function iconForWord(word: string): string | null {
  const candidates = [SYNONYMS[word], word, SYNONYMS[singular(word)], singular(word), `${singular(word)}-face`];
  for (const c of candidates) if (c && exists(c)) return c;
  const token = singular(word);
  if (token.length < 3) return null;
  let best: string | null = null;
  for (const name of Object.keys(icons().icons)) {
    if (SKIN.test(name)) continue;
    const parts = name.split('-');
    if (!parts.includes(token)) continue;
    if (!best || parts.length < best.split('-').length || (parts.length === best.split('-').length && name < best)) {
      best = name;
    }
  }
  return best;
}

/** The icon matched from a prompt's nouns (first matching word wins), or null. */
export function matchIcon(prompt: string): { name: string; word: string } | null {
  const words = (prompt.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => w.length >= 3 && !IGNORE.has(w));
  for (const word of words.slice(0, 30)) {
    if (COLOUR_HEX[word]) continue;
    const name = iconForWord(word);
    if (name) return { name, word };
  }
  return null;
}

/** The icon as an SVG group of `size` user units centred at (cx, cy); `data-icon` names it. */
export function iconSvg(name: string, cx: number, cy: number, size: number): string {
  const set = icons();
  const icon = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ''];
  if (!icon) return '';
  const w = icon.width ?? set.width ?? 16;
  const h = icon.height ?? set.height ?? 16;
  const scale = size / Math.max(w, h);
  const x = cx - (w * scale) / 2;
  const y = cy - (h * scale) / 2;
  return `<g data-icon="${set.prefix}:${name}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(4)})">${icon.body}</g>`;
}

/** Colour words → CSS colours (same table as the task slots). */
export const COLOUR_HEX: Record<string, string> = {
  red: '#ff3b3b',
  crimson: '#dc143c',
  orange: '#ff8c1a',
  amber: '#ffb300',
  yellow: '#ffe03b',
  gold: '#ffd700',
  golden: '#ffd700',
  green: '#3bff6f',
  lime: '#c6ff3b',
  emerald: '#2ecc71',
  teal: '#1de9b6',
  cyan: '#00f0ff',
  turquoise: '#40e0d0',
  blue: '#3b8bff',
  navy: '#3949ab',
  indigo: '#5c6bff',
  purple: '#b04bff',
  violet: '#8a5cff',
  magenta: '#ff2bd6',
  pink: '#ff4d8d',
  rose: '#f06292',
  brown: '#a1775b',
  white: '#ffffff',
  silver: '#c0c0c0',
  grey: '#9e9e9e',
  gray: '#9e9e9e',
};

/** The colours named in a prompt, in order (at most 4). */
export function promptColours(prompt: string): string[] {
  const out: string[] = [];
  for (const w of prompt.toLowerCase().match(/[a-z]+/g) ?? []) {
    const c = COLOUR_HEX[w];
    if (c && !out.includes(c)) out.push(c);
    if (out.length === 4) break;
  }
  return out;
}

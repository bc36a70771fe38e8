/**
 * Deterministic "randomness" for the persona engine: the same input always gives the same
 * choice (no Math.random), yet different inputs spread over the variants.
 */

/** 32-bit FNV-1a hash of a string (UTF-16 code units), as an unsigned integer. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mulberry32 generator: returns a function giving floats in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks an index in 0..length-1 from a seed string. Throws on an empty range. */
export function pickIndex(seed: string, length: number): number {
  if (length <= 0) throw new RangeError('pickIndex: empty range');
  return hashString(seed) % length;
}

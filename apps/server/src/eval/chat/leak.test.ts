/**
 * The frozen test split stays unseen: no sentence of it (three words or more) may appear in the
 * intent examples or in the engine's code and tests, where tuning would have put it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDialogues, probeOf, splitOf } from './dialogue-set';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.resolve(here, '../..');
/** Where the engine lives: the persona provider and the chat module that calls it. */
const ENGINE_DIRS = [path.join(serverSrc, 'providers/ai'), path.join(serverSrc, 'modules/chat')];

function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The sentences of a message with at least three words, normalised. */
export function sentencesOf(message: string): string[] {
  return message
    .split(/[.!?\n;:—–]+/)
    .map(normalize)
    .filter((s) => s.split(' ').length >= 3);
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else if (/\.(?:ts|json)$/.test(name)) out.push(full);
  }
  return out;
}

describe('the dialogue set', () => {
  const dialogues = loadDialogues();

  it('has at least 150 dialogues in eight categories, three or more paraphrases per probe', () => {
    expect(dialogues.length).toBeGreaterThanOrEqual(150);
    expect(new Set(dialogues.map((d) => d.category)).size).toBe(8);
    const perProbe = new Map<string, number>();
    for (const d of dialogues) perProbe.set(probeOf(d.id), (perProbe.get(probeOf(d.id)) ?? 0) + 1);
    const thin = [...perProbe].filter(([, n]) => n < 3).map(([p]) => p);
    expect(thin).toEqual([]);
  });

  it('splits by the hash of the id, about 60 % development and 40 % test, in every category', () => {
    const test = dialogues.filter((d) => splitOf(d.id) === 'test');
    expect(test.length / dialogues.length).toBeGreaterThan(0.3);
    expect(test.length / dialogues.length).toBeLessThan(0.5);
    for (const category of new Set(dialogues.map((d) => d.category))) {
      expect(test.some((d) => d.category === category)).toBe(true);
    }
    expect(splitOf('mem-name-1')).toBe(splitOf('mem-name-1'));
  });

  it('keeps every test-split sentence out of intents.json and the engine source', () => {
    const corpus = filesUnder(path.resolve(serverSrc, 'providers/ai'))
      .concat(ENGINE_DIRS.slice(1).flatMap(filesUnder))
      .map((file) => ({ file: path.relative(serverSrc, file), text: ` ${normalize(readFileSync(file, 'utf8'))} ` }));
    expect(corpus.some((c) => c.file.endsWith('intents.json'))).toBe(true);
    const leaks: string[] = [];
    for (const d of dialogues) {
      if (splitOf(d.id) !== 'test') continue;
      for (const [message] of d.turns) {
        for (const sentence of sentencesOf(message)) {
          const hit = corpus.find((c) => c.text.includes(` ${sentence} `));
          if (hit) leaks.push(`${d.id}: "${sentence}" in ${hit.file}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});

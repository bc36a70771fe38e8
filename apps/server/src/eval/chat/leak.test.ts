/**
 * The frozen test split and the held-out sets stay unseen: no sentence of them (three words or more)
 * may appear in the intent examples or in the engine's code and tests, where tuning would have put it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  HELDOUT_DIR,
  HELDOUT2_DIR,
  HELDOUT3_DIR,
  HELDOUT4_DIR,
  HELDOUT5_DIR,
  loadDialogues,
  probeOf,
  splitOf,
} from './dialogue-set';

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

/** intents.json and every source file of the engine, normalised, with their paths for the report. */
function engineCorpus(): { file: string; text: string }[] {
  return filesUnder(path.resolve(serverSrc, 'providers/ai'))
    .concat(ENGINE_DIRS.slice(1).flatMap(filesUnder))
    .map((file) => ({ file: path.relative(serverSrc, file), text: ` ${normalize(readFileSync(file, 'utf8'))} ` }));
}

/** "id: sentence in file" for every sentence of these dialogues found in the corpus. */
function leaksOf(dialogues: { id: string; turns: [string, unknown?][] }[], corpus: { file: string; text: string }[]) {
  const leaks: string[] = [];
  for (const d of dialogues) {
    for (const [message] of d.turns) {
      for (const sentence of sentencesOf(message)) {
        const hit = corpus.find((c) => c.text.includes(` ${sentence} `));
        if (hit) leaks.push(`${d.id}: "${sentence}" in ${hit.file}`);
      }
    }
  }
  return leaks;
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
    const corpus = engineCorpus();
    expect(corpus.some((c) => c.file.endsWith('intents.json'))).toBe(true);
    const leaks = leaksOf(
      dialogues.filter((d) => splitOf(d.id) === 'test'),
      corpus,
    );
    expect(leaks).toEqual([]);
  });
});

describe('the held-out set', () => {
  const heldout = loadDialogues(HELDOUT_DIR);
  const categories = new Set(loadDialogues().map((d) => d.category));

  it('has at least 120 dialogues, 12 or more in each category of the dialogue set, three or more per probe', () => {
    expect(heldout.length).toBeGreaterThanOrEqual(120);
    for (const category of categories) {
      expect(heldout.filter((d) => d.category === category).length, category).toBeGreaterThanOrEqual(12);
    }
    expect([...new Set(heldout.map((d) => d.category))].filter((c) => !categories.has(c))).toEqual([]);
    const perProbe = new Map<string, number>();
    for (const d of heldout) perProbe.set(probeOf(d.id), (perProbe.get(probeOf(d.id)) ?? 0) + 1);
    expect([...perProbe].filter(([, n]) => n < 3).map(([p]) => p)).toEqual([]);
  });

  it('shares no dialogue id with the dialogue set', () => {
    const ids = new Set(loadDialogues().map((d) => d.id));
    expect(heldout.filter((d) => ids.has(d.id)).map((d) => d.id)).toEqual([]);
  });

  it('keeps every sentence out of intents.json and the engine source', () => {
    const corpus = engineCorpus();
    expect(corpus.some((c) => c.file.endsWith('intents.json'))).toBe(true);
    expect(leaksOf(heldout, corpus)).toEqual([]);
  });

  it('finds a sentence that does appear in the engine source (the check can fail)', () => {
    const corpus = [
      { file: 'engine.ts', text: ` ${normalize('// reply when the user says: Paint me a whale made of stars!')} ` },
    ];
    const planted = [{ id: 'planted-1', turns: [['paint me a whale made of stars'] as [string]] }];
    expect(leaksOf(planted, corpus)).toEqual(['planted-1: "paint me a whale made of stars" in engine.ts']);
  });
});

describe('the second held-out set', () => {
  it('keeps every sentence out of intents.json and the engine source', () => {
    const heldout2 = loadDialogues(HELDOUT2_DIR);
    expect(heldout2.length).toBeGreaterThan(0);
    const corpus = engineCorpus();
    expect(corpus.some((c) => c.file.endsWith('intents.json'))).toBe(true);
    expect(leaksOf(heldout2, corpus)).toEqual([]);
  });
});

describe('the third held-out set', () => {
  it('keeps every sentence out of intents.json and the engine source', () => {
    const heldout3 = loadDialogues(HELDOUT3_DIR);
    expect(heldout3.length).toBeGreaterThan(0);
    const corpus = engineCorpus();
    expect(corpus.some((c) => c.file.endsWith('intents.json'))).toBe(true);
    expect(leaksOf(heldout3, corpus)).toEqual([]);
  });
});

describe('the fourth held-out set', () => {
  it('keeps every sentence out of intents.json and the engine source', () => {
    const heldout4 = loadDialogues(HELDOUT4_DIR);
    expect(heldout4.length).toBeGreaterThan(0);
    const corpus = engineCorpus();
    expect(corpus.some((c) => c.file.endsWith('intents.json'))).toBe(true);
    expect(leaksOf(heldout4, corpus)).toEqual([]);
  });
});

describe('the fifth held-out set', () => {
  it('keeps every sentence out of intents.json and the engine source', () => {
    const heldout5 = loadDialogues(HELDOUT5_DIR);
    expect(heldout5.length).toBeGreaterThan(0);
    const corpus = engineCorpus();
    expect(corpus.some((c) => c.file.endsWith('intents.json'))).toBe(true);
    expect(leaksOf(heldout5, corpus)).toEqual([]);
  });
});

/** Every folder of dialogues beside this file (dialogues/, heldout*, probes/), whatever is in them. */
function dialogueFolders(): string[] {
  return readdirSync(here)
    .map((name) => path.join(here, name))
    .filter((full) => statSync(full).isDirectory());
}

/**
 * Corpus sentences (three words or more) that a dialogue message contains, or that contain one of a
 * dialogue's sentences, as "folder: corpus sentence" — the dialogue's own text is never reported,
 * so the frozen sets are scanned without being shown to whoever reads the failure.
 */
function corpusCollisions(corpus: string[], folders: { name: string; dialogues: { turns: [string, unknown?][] }[] }[]) {
  const mine = corpus.flatMap(sentencesOf);
  const whole = ` ${corpus.map(normalize).join(' | ')} `;
  const out = new Set<string>();
  for (const { name, dialogues } of folders) {
    for (const d of dialogues) {
      for (const [message] of d.turns) {
        const text = ` ${normalize(message)} `;
        for (const s of mine) if (text.includes(` ${s} `)) out.add(`${name}: "${s}"`);
        for (const s of sentencesOf(message)) {
          if (!whole.includes(` ${s} `)) continue;
          const own = corpus.find((c) => ` ${normalize(c)} `.includes(` ${s} `)) ?? '';
          out.add(`${name}: "${normalize(own)}"`);
        }
      }
    }
  }
  return [...out];
}

describe('the feelings corpus', () => {
  const file = path.join(serverSrc, 'providers/ai/persona/feeling-corpus.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string | string[]>;
  const sentences = Object.values(data)
    .filter((v): v is string[] => Array.isArray(v))
    .flat();

  it('shares no sentence of three words or more with any dialogue set, in either direction', () => {
    expect(sentences.length).toBeGreaterThanOrEqual(1000);
    const folders = dialogueFolders().map((dir) => ({ name: path.basename(dir), dialogues: loadDialogues(dir) }));
    expect(folders.map((f) => f.name)).toContain('probes');
    expect(corpusCollisions(sentences, folders)).toEqual([]);
  });

  it('finds a planted collision either way (the check can fail)', () => {
    const planted = [{ name: 'set', dialogues: [{ turns: [['ok so the kettle broke again, typical'] as [string]] }] }];
    expect(corpusCollisions(['the kettle broke again'], planted)).toEqual(['set: "the kettle broke again"']);
    expect(
      corpusCollisions(
        ['honestly the kettle broke again today and I cried'],
        [{ name: 'set', dialogues: [{ turns: [['The kettle broke again!'] as [string]] }] }],
      ),
    ).toEqual(['set: "honestly the kettle broke again today and i cried"']);
  });
});

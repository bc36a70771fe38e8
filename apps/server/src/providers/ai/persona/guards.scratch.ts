import { readFileSync } from 'node:fs';
import { guardAct } from './guards';
import { loadExamples } from './intent-classifier';
const probe = JSON.parse(readFileSync('/tmp/chatlane/probe.json', 'utf8')) as Record<string, string[]>;
const all = [...loadExamples(), ...Object.entries(probe).flatMap(([act, ts]) => ts.map((text) => ({ text, act })))];
const hits = new Map<string, number>();
for (const e of all) { const g = guardAct(e.text); if (g) { hits.set(g, (hits.get(g) ?? 0) + 1); if (g !== e.act) console.log(`FP "${e.text}" ${e.act} → ${g}`); } }
console.log([...hits]);

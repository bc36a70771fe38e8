import { readFileSync } from 'node:fs';
import { DIALOGUE_ACTS, type DialogueAct, evaluateIntentClassifier, loadExamples, splitExamples, trainIntentClassifier } from './intent-classifier';

const mode = process.argv[2] ?? 'all';
const probe = JSON.parse(readFileSync('/tmp/chatlane/probe.json', 'utf8')) as Record<string, string[]>;
const { train } = splitExamples(loadExamples());
if (mode === 'all' || mode === 'held') {
  const r = await evaluateIntentClassifier();
  console.log(`HELD ${(r.accuracy * 100).toFixed(1)}% (${r.total})`);
  if (process.argv.includes('-v')) for (const e of r.errors) console.log(`   H "${e.text}" ${e.actual} → ${e.predicted} ${e.confidence.toFixed(2)}`);
}
if (mode === 'all' || mode === 'probe') {
  const m = await trainIntentClassifier(train);
  let ok = 0, n = 0;
  const errs: string[] = [];
  for (const [act, texts] of Object.entries(probe)) for (const t of texts) {
    const p = await m.predict(t); n++;
    if (p.act === act) ok++; else errs.push(`   P "${t}" ${act} → ${p.act} ${p.confidence.toFixed(2)}`);
  }
  console.log(`PROBE ${(ok / n * 100).toFixed(1)}% (${n})`);
  if (process.argv.includes('-v')) console.log(errs.join('\n'));
}
if (mode === 'all' || mode === 'cv') {
  let ok = 0, n = 0;
  for (let f = 0; f < 5; f++) {
    const tr = train.filter((_, i) => i % 5 !== f), te = train.filter((_, i) => i % 5 === f);
    const m = await trainIntentClassifier(tr);
    for (const e of te) { n++; const p = await m.predict(e.text); if (p.act === e.act) ok++; else if (process.argv.includes('-c')) console.log(`   C "${e.text}" ${e.act} → ${p.act} ${p.confidence.toFixed(2)}`); }
  }
  console.log(`CV5 ${(ok / n * 100).toFixed(1)}% (${n})`);
}
void DIALOGUE_ACTS; void (null as unknown as DialogueAct);

import { INTENTS } from '@app/domain/chat';
import { loadExamples, splitExamples, type LabelledExample } from './intent-classifier';
import { textFeatures } from './text-features';
const { train, heldOut } = splitExamples(loadExamples());
function nb(tr: LabelledExample[], alpha: number) {
  const counts = new Map<string, number[]>(); const tot = INTENTS.map(() => 0); const prior = INTENTS.map(() => 0);
  for (const e of tr) { const k = INTENTS.indexOf(e.intent); prior[k]++; for (const f of textFeatures(e.text)) { let c = counts.get(f); if (!c) { c = INTENTS.map(() => 0); counts.set(f, c); } c[k]++; tot[k]++; } }
  const V = counts.size;
  return (text: string) => { const s = prior.map((p) => Math.log(p)); for (const f of textFeatures(text)) { const c = counts.get(f); if (!c) continue; for (let k = 0; k < s.length; k++) s[k] += Math.log((c[k] + alpha) / (tot[k] + alpha * V)); } let b = 0; s.forEach((v, k) => { if (v > s[b]) b = k; }); return INTENTS[b]; };
}
for (const a of [0.01, 0.05, 0.1, 0.3, 1]) {
  let c = 0, n = 0;
  for (let f = 0; f < 5; f++) { const tr: LabelledExample[] = [], te: LabelledExample[] = []; train.forEach((e, i) => ((i % 5 === f) ? te : tr).push(e)); const m = nb(tr, a); for (const e of te) { n++; if (m(e.text) === e.intent) c++; } }
  console.log('nb', a, (c / n).toFixed(3));
}

import { loadExamples, splitExamples, trainIntentClassifier, DEFAULT_TRAINING, type LabelledExample } from './intent-classifier';
const { train } = splitExamples(loadExamples());
for (const epochs of [20, 40]) for (const th of [0, 0.2, 0.25, 0.3, 0.35, 0.4]) {
  let c = 0, n = 0; const t0 = performance.now();
  for (let f = 0; f < 5; f++) {
    const tr: LabelledExample[] = [], te: LabelledExample[] = [];
    train.forEach((e, i) => ((i % 5 === f) ? te : tr).push(e));
    const m = trainIntentClassifier(tr, { ...DEFAULT_TRAINING, epochs });
    for (const e of te) { n++; const p = m.predict(e.text); const it = p.confidence < th ? 'other' : p.bestGuess; if (it === e.intent) c++; }
  }
  console.log(epochs, th, (c / n).toFixed(3), ((performance.now() - t0) / 5).toFixed(0) + 'ms/train');
}

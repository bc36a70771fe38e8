import { evaluateIntentClassifier } from './intent-classifier';
const t0 = performance.now();
const e = evaluateIntentClassifier();
console.log('ms', (performance.now() - t0).toFixed(1), 'acc', e.accuracy, e.total, e.trained);
console.log(e.recall);
for (const x of e.errors) console.log(x);

import { evaluateIntentClassifier } from '/work/wt/chat/apps/server/src/providers/ai/persona/intent-classifier';

const t = performance.now();
const r = await evaluateIntentClassifier();
console.log(r.accuracy, r.total, performance.now() - t);
for (const [k, v] of Object.entries(r.recall)) if (v < 1) console.log(k, v.toFixed(2));
for (const e of r.errors) console.log(JSON.stringify(e));

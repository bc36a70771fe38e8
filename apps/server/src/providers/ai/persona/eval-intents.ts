/**
 * Prints the intent classifier's accuracy on the held-out examples (every 5th example per intent
 * of `intents.json`), per-intent recall, the confusion matrix and the misclassified examples.
 * Run: `npm run eval:intents -w apps/server`. Exits 1 if accuracy falls below the tested threshold.
 */
import { INTENTS } from '@app/domain/chat';
import { evaluateIntentClassifier, HELD_OUT_ACCURACY_THRESHOLD } from './intent-classifier';

const started = performance.now();
const result = evaluateIntentClassifier();
const ms = performance.now() - started;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(
  `intent accuracy (held-out): ${pct(result.accuracy)} — ${Math.round(result.accuracy * result.total)}/${result.total} correct; trained on ${result.trained} examples in ${ms.toFixed(0)} ms`,
);
console.log('\nrecall per intent:');
for (const intent of INTENTS) console.log(`  ${intent.padEnd(14)} ${pct(result.recall[intent])}`);

const short = (i: string) => i.slice(0, 6).padStart(6);
console.log(`\nconfusion (rows = actual, columns = predicted):\n${' '.repeat(16)}${INTENTS.map(short).join(' ')}`);
for (const actual of INTENTS) {
  console.log(
    `  ${actual.padEnd(14)}${INTENTS.map((p) => String(result.confusion[actual][p] || '.').padStart(6)).join(' ')}`,
  );
}
if (result.errors.length) {
  console.log('\nmisclassified:');
  for (const e of result.errors) {
    console.log(`  "${e.text}" — ${e.actual} → ${e.predicted} (p=${e.confidence.toFixed(2)})`);
  }
}
if (result.accuracy < HELD_OUT_ACCURACY_THRESHOLD) {
  console.error(`\nFAIL: below the ${pct(HELD_OUT_ACCURACY_THRESHOLD)} threshold`);
  process.exitCode = 1;
}

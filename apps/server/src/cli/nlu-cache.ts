/**
 * Trains the offline persona engine's intent classifier and writes its cache file (run by the
 * server build), so a fresh install's first chat message loads the model (~0.2 s) instead of
 * training it (several seconds). Exit code 1 on failure; a read-only install simply skips it.
 */
import { getIntentClassifier, nluCacheFile } from '../providers/ai/persona/intent-classifier';

try {
  const started = performance.now();
  await getIntentClassifier();
  console.log(`[build] intent classifier cached (${(performance.now() - started).toFixed(0)} ms) → ${nluCacheFile()}`);
  process.exit(0);
} catch (err) {
  console.error(`[build] intent classifier not cached: ${(err as Error).message}`);
  process.exit(1);
}

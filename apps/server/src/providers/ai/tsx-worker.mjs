/**
 * Starts a TypeScript worker entry from the sources (tsx, vitest): registers tsx's loader in this
 * worker thread, then imports `workerData.tsxEntry` (a file URL). Node 20 does not apply
 * `--import tsx` given in a worker's execArgv to the worker's own entry ("Unknown file extension
 * .ts"), hence this plain-JavaScript step. The compiled server never uses it: its workers are
 * bundled JavaScript (scripts/build.mjs).
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.tsxEntry);

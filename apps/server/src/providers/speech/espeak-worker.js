// @ts-check
/**
 * Worker thread that owns the eSpeak NG WebAssembly engine (see espeak.ts).
 *
 * Plain JavaScript on purpose: Node 20 cannot load a .ts file as a worker entry without a
 * loader, and vitest/tsx loaders do not follow into worker threads.
 *
 * Protocol (structured clone):
 *   main → worker  { id: number, text: string, voice: { name, pitch, range, rate, volume } }
 *   worker → main  { type: 'ready', sampleRate }                          once, after init
 *                  { type: 'result', id, pcm: Int16Array }                 pcm is transferred
 *                  { type: 'result', id, cancelled: true }
 *                  { type: 'result', id, error: string }
 * Cancellation: main stores `id` into slot `id % slots` of the shared Int32Array in
 * workerData.cancelBuffer; the synthesis callback polls it and stops early.
 *
 * The engine is not reentrant and synthesis is synchronous, so requests run one at a time in
 * arrival order (the message queue serialises them).
 */
import { parentPort, workerData } from 'node:worker_threads';
import initEspeak from '@echogarden/espeak-ng-emscripten';

if (!parentPort) throw new Error('espeak-worker.js must run as a worker thread');
const port = parentPort;
const cancelled = new Int32Array(workerData.cancelBuffer);

const espeak = await initEspeak();
const engine = new espeak.eSpeakNGWorker();
/** @type {string | undefined} */
let currentVoice;

port.postMessage({ type: 'ready', sampleRate: engine.get_samplerate() });

port.on(
  'message',
  (
    /** @type {{ id: number, text: string, voice: { name: string, pitch: number, range: number, rate: number, volume: number } }} */ msg,
  ) => {
    const { id, text, voice } = msg;
    const isCancelled = () => Atomics.load(cancelled, id % cancelled.length) === id;
    if (isCancelled()) {
      port.postMessage({ type: 'result', id, cancelled: true });
      return;
    }
    try {
      // Loading a voice reads its files from the in-memory FS; skip it when unchanged.
      if (currentVoice !== voice.name) {
        const rc = engine.set_voice(voice.name);
        if (rc !== 0) throw new Error(`eSpeak NG rejected voice "${voice.name}" (code ${rc})`);
        currentVoice = voice.name;
      }
      engine.set_rate(voice.rate);
      engine.set_pitch(voice.pitch);
      engine.set_range(voice.range);
      engine.set_volume(voice.volume);

      /** @type {Int16Array[]} */
      const chunks = [];
      let total = 0;
      // The callback gets a copy of each audio block; returning true aborts synthesis.
      engine.synthesize(text, (/** @type {Int16Array} */ samples) => {
        if (samples && samples.length > 0) {
          chunks.push(samples);
          total += samples.length;
        }
        return isCancelled();
      });
      if (isCancelled()) {
        port.postMessage({ type: 'result', id, cancelled: true });
        return;
      }
      const pcm = new Int16Array(total);
      let offset = 0;
      for (const chunk of chunks) {
        pcm.set(chunk, offset);
        offset += chunk.length;
      }
      port.postMessage({ type: 'result', id, pcm }, [pcm.buffer]);
    } catch (error) {
      currentVoice = undefined;
      port.postMessage({ type: 'result', id, error: error instanceof Error ? error.message : String(error) });
    }
  },
);

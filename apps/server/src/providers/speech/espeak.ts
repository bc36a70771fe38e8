/**
 * Embedded text-to-speech: eSpeak NG compiled to WebAssembly (npm
 * `@echogarden/espeak-ng-emscripten`), in-process, no network and no downloads (DESIGN §2).
 *
 * The engine runs in one worker thread (espeak-worker.js), started lazily on the first request
 * and shared by every {@link EspeakTtsProvider} in the process. Synthesis is synchronous CPU work
 * (roughly 30 ms per second of audio on one core, so ~1.5 s for {@link MAX_TTS_CHARS}); keeping
 * it off the main thread keeps the HTTP event loop responsive. The engine is not reentrant: the
 * worker runs requests one at a time in arrival order. An aborted request is skipped if still
 * queued, or stopped at the next audio block if running. The worker does not keep the process
 * alive while idle, and is respawned if it dies.
 *
 * Output: RIFF/WAVE, 16-bit PCM, mono, at the engine's sample rate (22,050 Hz). Not bit-exact
 * between runs: eSpeak adds a little random aspiration noise, so lengths vary by a few samples.
 *
 * One voice per agent type (eSpeak NG parameters; pitch and range 0..99, rate in words/minute).
 * F0 is the median measured on the test sentence by `estimatePitch` (espeak.test.ts):
 *
 * | agent type | voice id  | eSpeak voice | pitch | range | rate | character                         | measured F0 |
 * |------------|-----------|--------------|-------|-------|------|-----------------------------------|-------------|
 * | HACKER     | 'hacker'  | en-us+m3     | 25    | 30    | 190  | low, flat, clipped and fast       | 77 Hz       |
 * | CREATOR    | 'creator' | en-us+f2     | 35    | 65    | 160  | mid, warm, unhurried, melodic     | 168 Hz      |
 * | HUSTLER    | 'hustler' | en-us+f5     | 70    | 90    | 205  | high, wide swings, fast: salesy   | 259 Hz      |
 */
import { Worker } from 'node:worker_threads';
import type { AgentType } from '@app/domain/avatar';
import {
  MAX_TTS_CHARS,
  prepareTtsText,
  resolveVoiceProfile,
  SpeechProviderError,
  type TtsProvider,
  type TtsRequest,
  type TtsResult,
  type VoiceProfile,
} from './types';
import { encodeWav } from './wav';

/** Longest text accepted (characters, after whitespace is collapsed); re-exported from ./types. */
export { MAX_TTS_CHARS };

/** eSpeak NG voice settings. */
export interface EspeakVoice {
  /** eSpeak voice name with optional '+variant' (variants live in espeak-ng-data/voices/!v). */
  name: string;
  /** Base pitch, 0..99 (eSpeak default 50). */
  pitch: number;
  /** Pitch range (intonation swing), 0..99 (default 50); 0 is monotone. */
  range: number;
  /** Speaking rate in words per minute, 80..450 (default 175). */
  rate: number;
  /** Amplitude, 0..200 (default 100). */
  volume: number;
}

/** The voice of each agent type; see the table in this module's docstring. */
export const VOICES = {
  HACKER: { name: 'en-us+m3', pitch: 25, range: 30, rate: 190, volume: 100 },
  CREATOR: { name: 'en-us+f2', pitch: 35, range: 65, rate: 160, volume: 100 },
  HUSTLER: { name: 'en-us+f5', pitch: 70, range: 90, rate: 205, volume: 100 },
} as const satisfies Record<AgentType, EspeakVoice>;

/** Product voice ids (SPEC §7 `voice`: 'hacker' | 'creator' | 'hustler') → agent type. */
export const VOICE_ID_TO_AGENT_TYPE = {
  hacker: 'HACKER',
  creator: 'CREATOR',
  hustler: 'HUSTLER',
} as const satisfies Record<VoiceProfile, AgentType>;

/** Sample rate of the embedded engine's output (Hz). */
export const ESPEAK_SAMPLE_RATE = 22_050;

// ---------------------------------------------------------------------------------------------
// The shared engine (one worker thread per process)

type WorkerReply =
  | { type: 'ready'; sampleRate: number }
  | { type: 'result'; id: number; pcm?: Int16Array; cancelled?: boolean; error?: string };

interface Pending {
  resolve: (pcm: Int16Array) => void;
  reject: (error: unknown) => void;
}

/** Slots in the shared cancellation table; more than the requests that can queue up at once. */
const CANCEL_SLOTS = 256;

class EspeakEngine {
  private readonly worker: Worker;
  private readonly cancelled = new Int32Array(new SharedArrayBuffer(CANCEL_SLOTS * 4));
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private dead = false;
  /** Resolves with the sample rate once the WebAssembly module is initialised. */
  readonly ready: Promise<number>;

  constructor(private readonly onDeath: (engine: EspeakEngine) => void) {
    this.worker = new Worker(new URL('./espeak-worker.js', import.meta.url), {
      workerData: { cancelBuffer: this.cancelled.buffer },
      // Plain JavaScript: no loader needed, and the parent's flags (tsx, --input-type...) may not fit.
      execArgv: [],
    });
    this.ready = new Promise<number>((resolve, reject) => {
      const onReady = (msg: WorkerReply) => {
        if (msg.type === 'ready') {
          this.worker.off('message', onReady);
          resolve(msg.sampleRate);
        }
      };
      this.worker.on('message', onReady);
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => reject(new Error(`eSpeak worker exited during start-up (code ${code})`)));
    });
    // Avoid an unhandled rejection when nobody awaits `ready` (the error also reaches callers).
    this.ready.catch(() => {});
    this.worker.on('message', (msg: WorkerReply) => this.onMessage(msg));
    this.worker.on('error', (error) => this.die(error));
    this.worker.on('exit', (code) => this.die(new Error(`eSpeak worker exited (code ${code})`)));
    // Keep the process alive while starting (someone is waiting for it); idle afterwards must not.
    this.ready.then(
      () => {
        if (this.pending.size === 0) this.worker.unref();
      },
      () => {},
    );
  }

  /** Synthesises `text` with `voice`; resolves with mono 16-bit PCM. */
  async synthesize(text: string, voice: EspeakVoice, signal?: AbortSignal): Promise<Int16Array> {
    signal?.throwIfAborted();
    await this.ready;
    signal?.throwIfAborted();
    if (this.dead) throw new Error('eSpeak worker is not running');
    const id = this.nextId++;
    // Ids wrap far beyond any realistic uptime; stay inside int32 for Atomics.
    if (this.nextId > 0x7fff_ffff) this.nextId = 1;
    return new Promise<Int16Array>((resolve, reject) => {
      const onAbort = () => {
        Atomics.store(this.cancelled, id % CANCEL_SLOTS, id);
        settle();
        reject(signal?.reason);
      };
      const settle = () => {
        signal?.removeEventListener('abort', onAbort);
        if (this.pending.delete(id) && this.pending.size === 0) this.worker.unref();
      };
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, {
        resolve: (pcm) => {
          settle();
          resolve(pcm);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.worker.postMessage({ id, text, voice });
    });
  }

  /** True when no synthesis is pending. */
  get idle(): boolean {
    return this.pending.size === 0;
  }

  /** Stops the worker; pending requests fail. */
  async close(): Promise<void> {
    this.die(new Error('eSpeak engine closed'));
    await this.worker.terminate();
  }

  private onMessage(msg: WorkerReply): void {
    if (msg.type !== 'result') return;
    const pending = this.pending.get(msg.id);
    if (!pending) return; // aborted earlier
    if (msg.pcm) pending.resolve(msg.pcm);
    else if (msg.cancelled) pending.reject(new Error('eSpeak synthesis cancelled'));
    else pending.reject(new Error(msg.error ?? 'eSpeak synthesis failed'));
  }

  private die(error: unknown): void {
    if (this.dead) return;
    this.dead = true;
    for (const pending of [...this.pending.values()]) pending.reject(error);
    this.onDeath(this);
  }
}

/**
 * How long the engine may sit unused before its worker is stopped (ours): the worker holds the
 * WebAssembly engine and 24 MB of voice data, ~40–60 MB of the process, for voices nobody may ask
 * for again. The next request starts a new one (~0.9 s of CPU, bench/tts.bench.ts).
 */
export const ESPEAK_IDLE_RELEASE_MS = 5 * 60_000;

let sharedEngine: EspeakEngine | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let idleReleaseMs = ESPEAK_IDLE_RELEASE_MS;

function getEngine(): EspeakEngine {
  clearTimeout(idleTimer);
  if (!sharedEngine) {
    sharedEngine = new EspeakEngine((engine) => {
      if (sharedEngine === engine) sharedEngine = null;
    });
  }
  return sharedEngine;
}

/** After a request settles: stop the engine if nothing uses it for {@link ESPEAK_IDLE_RELEASE_MS}. */
function releaseWhenIdle(engine: EspeakEngine): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (sharedEngine === engine && engine.idle) {
      sharedEngine = null;
      void engine.close();
    }
  }, idleReleaseMs);
  idleTimer.unref();
}

/** Tests: changes how long an unused engine is kept (ms); returns the previous value. */
export function setEspeakIdleReleaseMs(ms: number): number {
  const previous = idleReleaseMs;
  idleReleaseMs = ms;
  return previous;
}

/** Whether the embedded engine's worker is running (tests, bench/memory.bench.mjs). */
export function espeakEngineRunning(): boolean {
  return sharedEngine !== null;
}

// ---------------------------------------------------------------------------------------------

/**
 * Picks the eSpeak voice for a request: a product voice id ('hacker' | 'creator' | 'hustler',
 * case-insensitive, agent type names accepted) wins; any other `voice` (e.g. an OpenAI or
 * ElevenLabs voice id saved on the client) falls back to `agentType`, then to CREATOR.
 */
export function espeakVoiceFor(req: Pick<TtsRequest, 'voice' | 'agentType'>): EspeakVoice {
  return VOICES[VOICE_ID_TO_AGENT_TYPE[resolveVoiceProfile(req)]];
}

/** Embedded {@link TtsProvider} backed by eSpeak NG (WebAssembly). Name 'espeak-ng'. */
export class EspeakTtsProvider implements TtsProvider {
  readonly name = 'espeak-ng';

  /** @param options.maxChars text limit (default {@link MAX_TTS_CHARS}) */
  constructor(private readonly options: { maxChars?: number } = {}) {}

  /**
   * Synthesises speech as WAV (16-bit PCM mono, 22,050 Hz).
   * @returns `{ audio, contentType: 'audio/wav', durationMs }`
   * @throws {SpeechInputError} empty text, or longer than the limit (400)
   * @throws {SpeechProviderError} the engine failed to start or to synthesise (502)
   * @throws the signal's reason when aborted
   */
  async synthesize(req: TtsRequest, opts: { signal?: AbortSignal } = {}): Promise<TtsResult> {
    const text = prepareTtsText(req.text, this.options.maxChars ?? MAX_TTS_CHARS);
    const voice = espeakVoiceFor(req);
    const engine = getEngine();
    let pcm: Int16Array;
    let sampleRate: number;
    try {
      sampleRate = await engine.ready;
      pcm = await engine.synthesize(text, voice, opts.signal);
    } catch (error) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      throw new SpeechProviderError(this.name, 'speech synthesis failed', { cause: error });
    } finally {
      releaseWhenIdle(engine);
    }
    return {
      audio: encodeWav(pcm, sampleRate),
      contentType: 'audio/wav',
      durationMs: Math.round((pcm.length / sampleRate) * 1000),
    };
  }

  /**
   * Starts the engine now instead of on the first request (≈0.1–0.3 s: loads the 24 MB voice
   * data into the worker), e.g. when a page that can speak opens. It is stopped again after
   * {@link ESPEAK_IDLE_RELEASE_MS} without use.
   * @throws {SpeechProviderError} the engine cannot start
   */
  async warmUp(): Promise<void> {
    const engine = getEngine();
    try {
      await engine.ready;
    } catch (error) {
      throw new SpeechProviderError(this.name, 'engine failed to start', { cause: error });
    } finally {
      releaseWhenIdle(engine);
    }
  }

  /**
   * Stops the shared engine (graceful shutdown, tests). Pending requests fail; a later request
   * starts a new engine.
   */
  async close(): Promise<void> {
    clearTimeout(idleTimer);
    const engine = sharedEngine;
    sharedEngine = null;
    await engine?.close();
  }
}

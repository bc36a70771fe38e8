/**
 * The offline persona engine (DESIGN §2 "chat") run in a worker thread, with a deadline per message.
 *
 * The engine runs many regular expressions and NLP passes over each message. On the request thread
 * one super-linear pattern meeting an unlucky input would stall the event loop, and with it every
 * user of the server. Here the engine lives in one long-lived worker (persona-worker.ts), started on
 * the first chat request; it loads the engine and its intent classifier once. Requests go to it
 * one at a time in arrival order (the machine has 2 cores; the engine answers in well under
 * 100 ms). A request that is not answered within {@link PERSONA_DEADLINE_MS}, or whose worker dies,
 * fails with a {@link ChatProviderError} (the route answers 502 in words and stores nothing); the
 * worker is terminated and a fresh one serves the requests queued behind it. An aborted request is
 * dropped from the queue; one already running is left to finish, unanswered. The worker does not
 * keep the process alive while idle.
 *
 * The worker's code: `dist/persona-worker.js` beside the compiled server (an esbuild entry of
 * scripts/build.mjs); from the TypeScript sources (tsx, vitest) `persona-worker.ts` with the tsx
 * loader. `createPersonaProvider` (persona/persona-provider.ts) is the same engine in-process, for
 * the engine's tests and the chat eval.
 */
import { Worker } from 'node:worker_threads';
import {
  type ChatCallOptions,
  type ChatProvider,
  ChatProviderError,
  type ChatReply,
  type ChatRequest,
  type ChatStreamEvent,
} from './types';

/** The persona engine's name (`PERSONA_PROVIDER_NAME` of persona/persona-provider.ts), known before it loads. */
export const PERSONA_ENGINE_NAME = 'persona-engine';

/**
 * Longest the engine may work on one message (ms, from when the worker receives it) before the
 * request fails and the worker is replaced. The engine answers in well under 100 ms (p99 ~9 ms,
 * bench/README.md "Persona engine"; the first message also loads its language model, ~1 s); only a
 * defect such as a regular expression that backtracks super-linearly on some input comes near it.
 */
export const PERSONA_DEADLINE_MS = 10_000;

/**
 * Longest a worker may take to start (ms): load the engine and its intent classifier and answer its
 * warm-up message. About 1–3 s with the classifier's cache; training it without one adds seconds.
 */
export const PERSONA_START_DEADLINE_MS = 60_000;

/**
 * V8 heap limits of the worker. The engine holds ~70 MB of heap with its models (bench/README.md
 * "Persona engine"), and the longest messages, history and attachments the routes accept stay
 * well inside 256 MB; a message that needed more fails alone (the worker runs out of memory and
 * is replaced) instead of the server. The small young generation keeps the worker ~20 MB smaller
 * resident than V8's default, at no measurable cost per reply (400 replies: 2.1–2.5 s either way).
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 };

/** What persona-worker.ts receives as `workerData`. */
export interface PersonaWorkerData {
  /** See {@link IsolatedPersonaOptions.engineUrl}. */
  engineUrl?: string;
}

/** One request sent to the worker. */
export interface PersonaWorkerRequest {
  id: number;
  request: ChatRequest;
}

/** What the worker posts: once `ready`, then one `reply` or `failed` per request. */
export type PersonaWorkerMessage =
  | { type: 'ready' }
  | { type: 'reply'; id: number; reply: ChatReply; chunks: string[] }
  | { type: 'failed'; id: number; error: Error };

/** A reply with its word chunks (`wordChunks` of the engine, made in the worker). */
interface Answer {
  reply: ChatReply;
  chunks: string[];
}

export interface IsolatedPersonaOptions {
  /** Deadline per message (ms); {@link PERSONA_DEADLINE_MS} by default. */
  deadlineMs?: number;
  /** Deadline of a worker's start (ms); {@link PERSONA_START_DEADLINE_MS} by default. */
  startDeadlineMs?: number;
  /**
   * Tests only: a module (file URL) whose `composePersonaReply` the worker uses instead of the
   * engine's, e.g. one that stalls or crashes on a marker message. Never set by the server.
   */
  engineUrl?: URL;
}

/** The persona engine in a worker, as a {@link ChatProvider}; `close()` stops the worker. */
export interface IsolatedPersonaProvider extends ChatProvider {
  /** Terminates the worker; pending and later requests fail with a ChatProviderError. */
  close(): Promise<void>;
}

// The compiled server runs dist/*.js, beside which the build puts persona-worker.js. The sources
// (tsx, vitest) run .ts files: there tsx-worker.mjs registers tsx in the worker, then loads the .ts entry.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './tsx-worker.mjs' : './persona-worker.js', import.meta.url);
const SOURCE_ENTRY = new URL('./persona-worker.ts', import.meta.url).href;

interface Job {
  request: ChatRequest;
  signal: AbortSignal | undefined;
  onAbort: () => void;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

function settle(job: Job, outcome: { answer: Answer } | { error: unknown }): void {
  if (job.settled) return;
  job.settled = true;
  job.signal?.removeEventListener('abort', job.onAbort);
  if ('answer' in outcome) job.resolve(outcome.answer);
  else job.reject(outcome.error);
}

const failure = (detail: string, cause?: unknown) => new ChatProviderError(PERSONA_ENGINE_NAME, detail, { cause });

/** The worker, its queue and the request it is working on. */
class PersonaWorkerQueue {
  private worker: Worker | null = null;
  private ready = false;
  private startTimer: NodeJS.Timeout | undefined;
  private readonly queue: Job[] = [];
  private current: { job: Job; id: number; timer: NodeJS.Timeout } | null = null;
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly deadlineMs: number,
    private readonly startDeadlineMs: number,
    private readonly engineUrl: URL | undefined,
  ) {}

  /** Queues `request`; resolves with the worker's answer. */
  answer(request: ChatRequest, signal: AbortSignal | undefined): Promise<Answer> {
    signal?.throwIfAborted();
    if (this.closed) return Promise.reject(failure('the offline engine was shut down'));
    return new Promise<Answer>((resolve, reject) => {
      const job: Job = { request, signal, resolve, reject, settled: false, onAbort: () => {} };
      // A queued job is skipped when its turn comes; a running one is answered to nobody.
      job.onAbort = () => settle(job, { error: signal?.reason });
      signal?.addEventListener('abort', job.onAbort, { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  /** Sends the next queued request to a ready worker, starting one if none runs. */
  private pump(): void {
    if (this.current || this.closed) return;
    while (this.queue[0]?.settled) this.queue.shift();
    const job = this.queue[0];
    if (!job) {
      this.worker?.unref();
      return;
    }
    if (!this.worker) this.start();
    if (!this.worker || !this.ready) return;
    this.queue.shift();
    const id = this.nextId++;
    try {
      this.worker.postMessage({ id, request: job.request } satisfies PersonaWorkerRequest);
    } catch (error) {
      // Something in the request cannot be copied to another thread (not JSON-like data).
      settle(job, { error: failure('the message could not be handed to the offline engine', error) });
      this.pump();
      return;
    }
    this.worker.ref();
    const timer = setTimeout(() => {
      const worker = this.worker;
      this.failCurrent(failure(`the offline engine took longer than ${this.deadlineMs / 1000} s on this message`));
      if (worker) this.drop(worker);
      this.pump();
    }, this.deadlineMs);
    this.current = { job, id, timer };
  }

  private start(): void {
    const data: PersonaWorkerData = { engineUrl: this.engineUrl?.href };
    const worker = new Worker(WORKER_URL, {
      name: 'persona-engine',
      workerData: FROM_SOURCE ? { ...data, tsxEntry: SOURCE_ENTRY } : data,
      // Plain JavaScript first in both cases: the parent's flags (tsx's, --input-type…) must not apply.
      execArgv: [],
      resourceLimits: RESOURCE_LIMITS,
    });
    this.worker = worker;
    this.ready = false;
    this.startTimer = setTimeout(
      () => this.lost(worker, new Error(`not ready after ${this.startDeadlineMs / 1000} s`)),
      this.startDeadlineMs,
    );
    worker.on('message', (msg: PersonaWorkerMessage) => this.onMessage(worker, msg));
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`the worker exited (code ${code})`)));
  }

  private onMessage(worker: Worker, msg: PersonaWorkerMessage): void {
    if (worker !== this.worker) return;
    if (msg.type === 'ready') {
      this.ready = true;
      clearTimeout(this.startTimer);
      this.pump();
      return;
    }
    const current = this.current;
    if (!current || current.id !== msg.id) return;
    clearTimeout(current.timer);
    this.current = null;
    settle(
      current.job,
      msg.type === 'reply'
        ? { answer: { reply: msg.reply, chunks: msg.chunks } }
        : { error: failure('the offline engine failed on this message', msg.error) },
    );
    this.pump();
  }

  /** The worker crashed, exited or did not start in time. */
  private lost(worker: Worker, cause: unknown): void {
    if (worker !== this.worker) return;
    const wasReady = this.ready;
    this.drop(worker);
    if (this.current) {
      this.failCurrent(failure('the offline engine stopped on this message', cause));
    } else if (!wasReady) {
      // The engine cannot load: fail what waits for it rather than restart in a loop; the next
      // request tries again.
      for (const job of this.queue.splice(0))
        settle(job, { error: failure('the offline engine could not start', cause) });
    }
    this.pump();
  }

  private failCurrent(error: ChatProviderError): void {
    const current = this.current;
    if (!current) return;
    clearTimeout(current.timer);
    this.current = null;
    settle(current.job, { error });
  }

  /** Forgets `worker` and terminates it (whatever it is doing). */
  private drop(worker: Worker): void {
    if (worker !== this.worker) return;
    this.worker = null;
    this.ready = false;
    clearTimeout(this.startTimer);
    void worker.terminate().catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    const error = failure('the offline engine was shut down');
    this.failCurrent(error);
    for (const job of this.queue.splice(0)) settle(job, { error });
    if (worker) {
      this.drop(worker);
      await worker.terminate().catch(() => {});
    }
  }
}

/**
 * The offline persona engine in a worker thread, as a {@link ChatProvider} named 'persona-engine':
 * the same replies as `createPersonaProvider()`, with `stream()` yielding the reply's word chunks
 * then the final reply. Fails with a {@link ChatProviderError} past the deadline or when the worker
 * dies; an aborted signal rejects with its reason. Nothing starts before the first request.
 */
export function createIsolatedPersonaProvider(options: IsolatedPersonaOptions = {}): IsolatedPersonaProvider {
  const engine = new PersonaWorkerQueue(
    options.deadlineMs ?? PERSONA_DEADLINE_MS,
    options.startDeadlineMs ?? PERSONA_START_DEADLINE_MS,
    options.engineUrl,
  );
  return {
    name: PERSONA_ENGINE_NAME,
    async reply(req: ChatRequest, opts?: ChatCallOptions): Promise<ChatReply> {
      return (await engine.answer(req, opts?.signal)).reply;
    },
    async *stream(req: ChatRequest, opts?: ChatCallOptions): AsyncIterable<ChatStreamEvent> {
      const { reply, chunks } = await engine.answer(req, opts?.signal);
      for (const text of chunks) {
        opts?.signal?.throwIfAborted();
        yield { type: 'delta', text };
      }
      opts?.signal?.throwIfAborted();
      yield { type: 'final', reply };
    },
    close: () => engine.close(),
  };
}

/**
 * Gives memory back when the server goes quiet. V8 collects the old generation only when it nears
 * its limit, so after busy work (start-up: migrations, the demo catalogue's portraits; a burst of
 * requests) the heap can hold tens of MB of garbage for hours while the process sits idle —
 * resident memory a small machine pays for (bench/memory.bench.mjs: ~70 MB at idle after start).
 * This runs one full collection once no request has arrived for `quietMs` and the heap has grown
 * by `minGrowthBytes` since the last one. It never runs while requests are coming in, and a full
 * collection of this heap takes tens of ms, so nobody waits for it.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

export interface IdleGcOptions {
  /** How long without a request before collecting, in ms (default 2 000). */
  quietMs?: number;
  /** Heap growth since the last collection that makes one worth it, in bytes (default 8 MiB). */
  minGrowthBytes?: number;
  /** The collector; default V8's full GC (`gc()`, exposed for this module only). */
  collect?: () => void;
  /** Heap in use, in bytes; default `v8.getHeapStatistics().used_heap_size`. */
  heapUsed?: () => number;
}

export interface IdleGc {
  /** Call on every request: postpones collection until the server is quiet again. */
  activity(): void;
  /** Checks once (the timer calls this every `quietMs / 2`); returns whether it collected. */
  tick(): boolean;
  stop(): void;
}

/** V8's `gc()`: without `--expose-gc` on the command line, exposed through a fresh context. */
function fullGc(): (() => void) | null {
  if (typeof globalThis.gc === 'function') return globalThis.gc;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

/** Starts the idle collector (see module docs). A process where `gc()` cannot be had gets a no-op. */
export function startIdleGc(opts: IdleGcOptions = {}): IdleGc {
  const quietMs = opts.quietMs ?? 2_000;
  const minGrowth = opts.minGrowthBytes ?? 8 * 1024 * 1024;
  const collect = opts.collect ?? fullGc();
  const heapUsed = opts.heapUsed ?? (() => v8.getHeapStatistics().used_heap_size);
  let requests = 0;
  let seen = 0;
  let quietTicks = 0;
  let baseline = 0;
  const tick = () => {
    if (!collect) return false;
    // Ticks come every quietMs / 2: two in a row without a request make quietMs of quiet.
    quietTicks = requests === seen ? quietTicks + 1 : 0;
    seen = requests;
    if (quietTicks < 2 || heapUsed() - baseline < minGrowth) return false;
    collect();
    baseline = heapUsed();
    return true;
  };
  const timer = setInterval(tick, quietMs / 2);
  timer.unref();
  return {
    activity() {
      requests++;
    },
    tick,
    stop() {
      clearInterval(timer);
    },
  };
}

/**
 * An in-process lock per key: callers with the same key run one after another, others in parallel.
 * Guards chain mirroring that must not run twice at once (pricing a series, listing a skill on chain,
 * creating a template series) — the chain writes are idempotent checks-then-writes, so two overlapping
 * runs could both write. One process serves the embedded default; with several instances the writes
 * stay correct (each re-reads the chain first) and at worst repeat (DESIGN §5).
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `fn` after every earlier call with the same key has settled; resolves with its result. */
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(fn, fn);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/**
 * Crash-safe state of the embedded anvil (ADR 008).
 *
 * anvil's own `--state` file is rewritten in place, so a `kill -9` during a rewrite leaves it
 * truncated (even 0 bytes) and anvil then refuses to start. Here the server owns the state files:
 * - `state.json` — the newest good snapshot, written from `anvil_dumpState` to a temporary file,
 *   fsynced, then renamed over the old one (a rename is atomic: the file is always whole);
 * - `state.prev.json` — the snapshot before it (a rotated copy);
 * - `state.exit.json` — anvil's own dump on a clean SIGTERM (`--dump-state`); may be truncated if the
 *   process group is killed during it.
 * On start every candidate is parsed; the valid one with the highest block wins; a broken one is moved
 * aside to `<name>.corrupt` (never deleted silently, never a reason not to start).
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/** File names inside the chain state folder. */
export const STATE_FILES = {
  current: 'state.json',
  previous: 'state.prev.json',
  exit: 'state.exit.json',
} as const;

export interface StateCandidate {
  file: string;
  /** `best_block_number` of the snapshot. */
  block: number;
}

/**
 * Parses an anvil state snapshot (the JSON `--load-state` reads).
 * @returns the snapshot's block number, or null when the text is not a whole, valid snapshot
 */
export function snapshotBlock(text: string): number | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { best_block_number?: unknown; accounts?: unknown; block?: unknown };
    if (!parsed || typeof parsed !== 'object' || typeof parsed.accounts !== 'object' || !parsed.block) return null;
    const n = parsed.best_block_number;
    const block = typeof n === 'number' ? n : typeof n === 'string' ? Number(BigInt(n)) : Number.NaN;
    return Number.isFinite(block) ? block : null;
  } catch {
    return null;
  }
}

/**
 * Picks the newest valid snapshot in `dir`, moves broken ones aside to `<name>.corrupt`, and makes
 * the chosen one `state.json` (atomically), so the next rotation starts from it.
 * @returns the path to load (`--load-state`), or null when there is no valid snapshot (fresh chain)
 */
export function prepareStateForLoad(dir: string, log: (msg: string) => void = () => {}): string | null {
  const valid: StateCandidate[] = [];
  let best: { candidate: StateCandidate; text: string } | null = null;
  for (const name of [STATE_FILES.exit, STATE_FILES.current, STATE_FILES.previous]) {
    const file = path.join(dir, name);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const block = snapshotBlock(text);
    if (block === null) {
      renameSync(file, `${file}.corrupt`);
      log(`chain state ${name} is truncated or invalid; moved aside to ${name}.corrupt`);
      continue;
    }
    const candidate = { file, block };
    valid.push(candidate);
    if (!best || block > best.candidate.block) best = { candidate, text };
  }
  for (const stale of [`${STATE_FILES.current}.tmp`, `${STATE_FILES.previous}.tmp`]) {
    rmSync(path.join(dir, stale), { force: true });
  }
  if (!best) return null;
  const current = path.join(dir, STATE_FILES.current);
  if (best.candidate.file !== current) writeSnapshot(dir, best.text);
  // The exit dump is folded into state.json: a stale one must never win over later snapshots.
  rmSync(path.join(dir, STATE_FILES.exit), { force: true });
  return current;
}

/**
 * Writes a snapshot crash-safely: temp file, fsync, hard-link `state.json` as `state.prev.json`,
 * rename the temp file over `state.json`, fsync the folder. A kill at any point leaves at least one whole
 * snapshot (the previous `state.json` or `state.prev.json`).
 */
export function writeSnapshot(dir: string, text: string): void {
  const current = path.join(dir, STATE_FILES.current);
  const tmp = `${current}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeFileSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if (existsSync(current)) {
    // A hard link keeps state.json in place the whole time (no moment without it); the old
    // snapshot becomes state.prev.json by an atomic rename of the link.
    const prevTmp = path.join(dir, `${STATE_FILES.previous}.tmp`);
    rmSync(prevTmp, { force: true });
    linkSync(current, prevTmp);
    renameSync(prevTmp, path.join(dir, STATE_FILES.previous));
  }
  renameSync(tmp, current);
  try {
    const dfd = openSync(dir, 'r');
    try {
      fsyncSync(dfd);
    } finally {
      closeSync(dfd);
    }
  } catch {
    // Folders cannot be fsynced on every platform (Windows); the rename is still atomic.
  }
}

/** Decodes `anvil_dumpState`'s result (hex of gzipped JSON) into the JSON `--load-state` reads. */
export function decodeDump(hex: string): string {
  const bytes = Buffer.from(hex.startsWith('0x') ? hex.slice(2) : hex, 'hex');
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
}

async function rpc<T>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error || body.result === undefined) throw new Error(`${method}: ${body.error?.message ?? 'no result'}`);
  return body.result;
}

/**
 * Saves anvil's state to `dir` whenever the chain moved, checking every `intervalMs`, and on demand.
 * Saves never overlap; a failed save is reported through `log` and retried on the next tick.
 */
export class StateSaver {
  private timer: NodeJS.Timeout | null = null;
  private lastBlock: string | null = null;
  private running: Promise<void> | null = null;
  /** Earliest time of the next periodic save: a snapshot grows with the chain, so saving is spaced
   * to at least 4× the last save's duration (a few % of one core at most). */
  private notBefore = 0;

  constructor(
    private readonly rpcUrl: string,
    private readonly dir: string,
    private readonly intervalMs: number,
    private readonly log: (msg: string) => void = () => {},
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.running || Date.now() < this.notBefore) return;
      this.save().catch((err) => this.log(`chain state save failed: ${err}`));
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Saves now if the block number changed since the last save (or always with `force`). */
  save(force = false): Promise<void> {
    if (this.running) return this.running.then(() => this.save(force));
    this.running = (async () => {
      const block = await rpc<string>(this.rpcUrl, 'eth_blockNumber');
      if (!force && block === this.lastBlock) return;
      const started = Date.now();
      const text = decodeDump(await rpc<string>(this.rpcUrl, 'anvil_dumpState'));
      if (snapshotBlock(text) === null) throw new Error('anvil_dumpState returned no valid snapshot');
      writeSnapshot(this.dir, text);
      this.lastBlock = block;
      this.notBefore = Date.now() + 3 * (Date.now() - started);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Stops the timer and waits for a save in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}

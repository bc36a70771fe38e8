import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startAnvil } from '../../src/providers/chain/anvil';
import { prepareStateForLoad, STATE_FILES, snapshotBlock, writeSnapshot } from '../../src/providers/chain/anvil-state';

const root = mkdtempSync(path.join(os.tmpdir(), 'anvil-state-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const here = path.dirname(fileURLToPath(import.meta.url));

async function blockNumber(rpcUrl: string): Promise<number> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
  });
  return Number(((await res.json()) as { result: string }).result);
}

const snapshot = (block: number) =>
  JSON.stringify({ block: { number: block }, accounts: {}, best_block_number: block, blocks: [], transactions: [] });

describe('crash-safe anvil state', () => {
  it('skips a truncated or empty state file, keeps it aside and loads the newest valid one', () => {
    const dir = mkdtempSync(path.join(root, 'pick-'));
    writeFileSync(path.join(dir, STATE_FILES.current), '');
    writeFileSync(path.join(dir, STATE_FILES.previous), snapshot(7));
    writeFileSync(path.join(dir, STATE_FILES.exit), snapshot(9).slice(0, 30));
    const warnings: string[] = [];
    const load = prepareStateForLoad(dir, (m) => warnings.push(m));
    expect(load).toBe(path.join(dir, STATE_FILES.current));
    expect(snapshotBlock(readFileSync(load!, 'utf8'))).toBe(7);
    expect(existsSync(path.join(dir, `${STATE_FILES.current}.corrupt`))).toBe(true);
    expect(existsSync(path.join(dir, `${STATE_FILES.exit}.corrupt`))).toBe(true);
    expect(warnings).toHaveLength(2);
  });

  it('prefers the clean-exit dump when it is newer, and folds it into state.json', () => {
    const dir = mkdtempSync(path.join(root, 'exit-'));
    writeFileSync(path.join(dir, STATE_FILES.current), snapshot(5));
    writeFileSync(path.join(dir, STATE_FILES.exit), snapshot(6));
    const load = prepareStateForLoad(dir);
    expect(snapshotBlock(readFileSync(load!, 'utf8'))).toBe(6);
    expect(snapshotBlock(readFileSync(path.join(dir, STATE_FILES.previous), 'utf8'))).toBe(5);
    expect(existsSync(path.join(dir, STATE_FILES.exit))).toBe(false);
  });

  it('starts a fresh chain when no snapshot is valid', async () => {
    const dir = mkdtempSync(path.join(root, 'none-'));
    writeFileSync(path.join(dir, STATE_FILES.current), '');
    expect(prepareStateForLoad(dir)).toBeNull();
    const node = await startAnvil({ stateDir: dir, log: () => {} });
    try {
      expect(await blockNumber(node.rpcUrl)).toBe(0);
    } finally {
      await node.stop();
    }
  });

  it('rotates: the previous snapshot stays whole while a new one is written', () => {
    const dir = mkdtempSync(path.join(root, 'rotate-'));
    writeSnapshot(dir, snapshot(1));
    writeSnapshot(dir, snapshot(2));
    expect(snapshotBlock(readFileSync(path.join(dir, STATE_FILES.current), 'utf8'))).toBe(2);
    expect(snapshotBlock(readFileSync(path.join(dir, STATE_FILES.previous), 'utf8'))).toBe(1);
  });

  it('survives kill -9 of the process group (server and anvil) during writes, three times', async () => {
    const dir = mkdtempSync(path.join(root, 'kill-'));
    let lastStart = -1;
    for (let round = 0; round < 3; round++) {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../fixtures/anvil-writer.ts'), dir], {
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stderr.on('data', (c: Buffer) => {
        err += c.toString();
      });
      const ready = await new Promise<{ rpcUrl: string; block: number }>((resolve, reject) => {
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /ready (\S+) (\d+)/.exec(out);
          if (m) resolve({ rpcUrl: m[1]!, block: Number(m[2]) });
        });
        child.once('exit', (code) => reject(new Error(`writer exited ${code}: ${err}`)));
      });
      // Every restart loads a state at least as new as the one the previous run started from.
      expect(ready.block).toBeGreaterThanOrEqual(Math.max(lastStart, 0));
      if (round > 0) expect(ready.block).toBeGreaterThan(lastStart);
      lastStart = ready.block;
      // Let it write (and save) for a while, then kill everything at once — mid-save more often than not.
      const target = ready.block + 15 + Math.floor(Math.random() * 30);
      while ((await blockNumber(ready.rpcUrl).catch(() => 0)) < target) await new Promise((r) => setTimeout(r, 25));
      // …and until a snapshot past the start is saved (on a loaded machine the first save can come
      // late), so the next start must load a newer state than this one did.
      const savedBlock = () => {
        try {
          return snapshotBlock(readFileSync(path.join(dir, STATE_FILES.current), 'utf8')) ?? -1;
        } catch {
          return -1;
        }
      };
      const saveBy = Date.now() + 30_000;
      while (savedBlock() <= ready.block && Date.now() < saveBy) await new Promise((r) => setTimeout(r, 25));
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
      // anvil is in the same process group; give the kernel a moment to reap it.
      await new Promise((r) => setTimeout(r, 200));
      expect(statSync(path.join(dir, STATE_FILES.current)).size).toBeGreaterThan(0);
    }
  }, 120_000);
});

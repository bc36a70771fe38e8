/**
 * The chain-write outbox (ADR 008) on a real anvil and a real database (PGlite, or
 * PostgreSQL with TEST_DB_DRIVER=postgres): nonces under two writers, the signed transaction stored
 * before broadcast, re-broadcast, re-submission after a rollback (anvil snapshot/revert), revert
 * reasons, RPC outage and the out-of-gas report.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { type Address, encodeFunctionData, getAddress, type Hex, keccak256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { avatars, chainIntents, users } from '../../src/db/schema';
import { chainIntentKinds } from '../../src/modules/blockchain/chain-intents';
import { enqueueAvatarMint } from '../../src/modules/blockchain/mint-service';
import { ChainOutbox } from '../../src/modules/chain-outbox/outbox-writer';
import { avatarNftAbi } from '../../src/providers/chain/abis';
import { ChainService } from '../../src/providers/chain/chain-service';
import type { ChainRuntime } from '../../src/providers/chain/index';
import { openTestDatabase, usePostgres } from '../helpers/app';
import { startTestChain } from '../helpers/chain';

let chain: ChainRuntime;
beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => chain?.close());

const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const;
const rpc = (method: string, params: unknown[] = []) =>
  chain.service.publicClient.request({ method, params } as never) as Promise<unknown>;
const someone = () => getAddress(`0x${randomBytes(20).toString('hex')}`) as Address;

/** Two connections to one fresh database (two "processes"); on PGlite the same instance twice. */
async function twoConnections(): Promise<{ a: Database; b: Database; close(): Promise<void> }> {
  if (!usePostgres) {
    const a = await openTestDatabase();
    return { a, b: a, close: () => a.close() };
  }
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.href });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base.href);
  url.pathname = `/${name}`;
  const a = await openDatabase({ url: url.href });
  const b = await openDatabase({ url: url.href });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      const c = new pg.Client({ connectionString: base.href });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function outboxOn(
  db: Database['db'],
  service = chain.service,
  opts: Partial<ConstructorParameters<typeof ChainOutbox>[0]> = {},
) {
  return new ChainOutbox({ db, chain: service, kinds: chainIntentKinds(service), rebroadcastMs: 0, ...opts });
}

const transfer = (key: string, to = someone(), value = 1n) => ({
  key,
  kind: 'call',
  params: { to, data: '0x', value: value.toString(), label: 'transfer' },
});

async function intent(db: Database['db'], key: string) {
  const [row] = await db.select().from(chainIntents).where(eq(chainIntents.key, key));
  return row!;
}

/** An RPC in front of anvil that can refuse eth_sendRawTransaction or everything (an outage). */
async function flakyRpc(target: string) {
  const state = { refuseSend: false, down: false, sends: 0 };
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const c of req) body += c;
    const msg = JSON.parse(body) as { method: string; id: number };
    if (state.down) {
      res.writeHead(503).end('down');
      return;
    }
    if (msg.method === 'eth_sendRawTransaction') {
      state.sends++;
      if (state.refuseSend) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32000, message: 'upstream unavailable' } }),
        );
        return;
      }
    }
    const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    res.writeHead(upstream.status, { 'content-type': 'application/json' });
    res.end(await upstream.text());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, state, close: () => new Promise((r) => server.close(r)) };
}

describe('chain outbox writer', () => {
  it('stores the signed transaction and its hash before broadcasting, waits out an RPC outage, then confirms', async () => {
    const database = await openTestDatabase();
    const proxy = await flakyRpc(chain.rpcUrl);
    try {
      const service = new ChainService(
        { kind: 'anvil', rpcUrl: proxy.url, privateKey: ANVIL_KEY },
        chain.service.addresses,
      );
      const outbox = outboxOn(database.db, service);
      const to = someone();
      await outbox.enqueue(database.db, transfer('t1', to, 5n));
      proxy.state.refuseSend = true;
      await outbox.tick();
      const stored = await intent(database.db, 't1');
      expect(stored.status).toBe('signed');
      expect(stored.rawTx).toMatch(/^0x02/);
      expect(stored.txHash).toBe(keccak256(stored.rawTx as Hex));
      expect(stored.error).toMatch(/upstream unavailable/);
      expect(await chain.service.publicClient.getBalance({ address: to })).toBe(0n);
      expect((await outbox.health()).lastError).toMatch(/upstream unavailable/);

      // A full outage: nothing is lost, nothing fails, the intent waits.
      proxy.state.refuseSend = false;
      proxy.state.down = true;
      await outbox.tick().catch(() => undefined);
      expect((await intent(database.db, 't1')).status).toBe('signed');
      expect((await outbox.health()).rpcReachable).toBe(false);

      proxy.state.down = false;
      expect(await outbox.drain()).toBe(true);
      const done = await intent(database.db, 't1');
      expect(done).toMatchObject({ status: 'confirmed', txHash: stored.txHash, confirmations: 1 });
      expect(await chain.service.publicClient.getBalance({ address: to })).toBe(5n);
    } finally {
      await proxy.close();
      await database.close();
    }
  });

  it('gives every intent one nonce with two writers on one database, each transaction on chain once', async () => {
    const conns = await twoConnections();
    try {
      const w1 = outboxOn(conns.a.db);
      const w2 = outboxOn(conns.b.db);
      const targets = Array.from({ length: 16 }, () => someone());
      for (const [i, to] of targets.entries()) await w1.enqueue(conns.a.db, transfer(`n${i}`, to, BigInt(i + 1)));
      await Promise.all([w1.drain(), w2.drain(), w1.drain(), w2.drain()]);
      const rows = await conns.a.db.select().from(chainIntents);
      expect(rows.every((r) => r.status === 'confirmed')).toBe(true);
      const nonces = rows.map((r) => r.nonce!).sort((x, y) => x - y);
      expect(new Set(nonces).size).toBe(rows.length);
      expect(nonces.at(-1)! - nonces[0]!).toBe(rows.length - 1); // contiguous: no gap, no reuse
      for (const [i, to] of targets.entries()) {
        expect(await chain.service.publicClient.getBalance({ address: to })).toBe(BigInt(i + 1));
      }
    } finally {
      await conns.close();
    }
  });

  it('re-broadcasts a stored transaction the node dropped', async () => {
    const database = await openTestDatabase();
    await rpc('evm_setAutomine', [false]);
    try {
      const outbox = outboxOn(database.db);
      const to = someone();
      await outbox.enqueue(database.db, transfer('rb', to, 7n));
      await outbox.tick();
      const signed = await intent(database.db, 'rb');
      expect(signed.status).toBe('signed');
      await rpc('anvil_dropTransaction', [signed.txHash]);
      await outbox.tick(); // no receipt: broadcast again (rebroadcastMs 0)
      await rpc('evm_mine');
      await outbox.tick();
      const done = await intent(database.db, 'rb');
      expect(done).toMatchObject({ status: 'confirmed', txHash: signed.txHash });
      expect(done.attempts).toBeGreaterThanOrEqual(2);
      expect(await chain.service.publicClient.getBalance({ address: to })).toBe(7n);
    } finally {
      await rpc('evm_setAutomine', [true]);
      await database.close();
    }
  });

  it('after a rollback sends lost transactions again and re-reads token ids from the new receipts, never twice', async () => {
    const database = await openTestDatabase();
    const db = database.db;
    try {
      const outbox = outboxOn(db);
      chain.service.outbox = outbox;
      const [user] = await db.insert(users).values({ id: 'u-rb', email: 'rb@x.io', firstName: 'rb' }).returning();
      const made = await db
        .insert(avatars)
        .values([1, 2, 3].map((i) => ({ ownerId: user!.id, name: `RB${i}` })))
        .returning();
      await outbox.drain(); // initialise the signer before the snapshot
      const snapshot = await rpc('evm_snapshot');
      for (const a of made) await enqueueAvatarMint(db, chain.service, a.id);
      expect(await outbox.drain()).toBe(true);
      const before = await db.select().from(avatars);
      expect(before.every((a) => a.tokenId !== null && a.verificationStatus === 'verified')).toBe(true);

      // The chain loses every mint (as a restart from an older state file would).
      await rpc('evm_revert', [snapshot]);
      // Another transaction takes the first lost nonce: that mint must be signed again, not duplicated.
      const chainNonce = await chain.service.publicClient.getTransactionCount({ address: chain.service.account });
      await chain.service.wallet.sendTransaction({
        account: chain.service.wallet.account!,
        chain: chain.service.chain,
        to: someone(),
        value: 1n,
        nonce: chainNonce,
      });
      expect(await outbox.reconcile()).toBe(3);
      expect(await outbox.drain()).toBe(true);

      const after = await db.select().from(avatars);
      const intents = await db.select().from(chainIntents).where(eq(chainIntents.kind, 'avatar.mint'));
      expect(intents.every((i) => i.status === 'confirmed')).toBe(true);
      expect(intents.some((i) => (i.confirmations ?? 0) >= 2)).toBe(true);
      const ids = after.map((a) => a.tokenId);
      expect(new Set(ids).size).toBe(3);
      for (const a of after) {
        // DB and chain agree: each token's series is its avatar, and each series has exactly one token.
        const token = (await chain.service.publicClient.readContract({
          address: chain.service.addresses.avatarNFT,
          abi: ChainService.abis.avatarNftAbi,
          functionName: 'avatarOf',
          args: [BigInt(a.tokenId!)],
        })) as { avatarId: bigint };
        expect(Number(token.avatarId)).toBe(a.id);
        const series = (await chain.service.publicClient.readContract({
          address: chain.service.addresses.avatarNFT,
          abi: ChainService.abis.avatarNftAbi,
          functionName: 'seriesOf',
          args: [BigInt(a.id)],
        })) as { minted: number };
        expect(Number(series.minted)).toBe(1);
      }
    } finally {
      chain.service.outbox = null;
      await database.close();
    }
  });

  it('records a revert reason and never sends a call that reverts in simulation', async () => {
    const database = await openTestDatabase();
    try {
      const outbox = outboxOn(database.db);
      // Transferring a token that does not exist reverts (ERC721NonexistentToken).
      const data = encodeFunctionData({
        abi: avatarNftAbi,
        functionName: 'safeTransferFrom',
        args: [chain.service.account, someone(), 999_999n],
      });
      await outbox.enqueue(database.db, {
        key: 'bad',
        kind: 'call',
        params: { to: chain.service.addresses.avatarNFT, data, value: '0', label: 'safeTransferFrom' },
      });
      await outbox.drain();
      const row = await intent(database.db, 'bad');
      expect(row.status).toBe('failed');
      expect(row.txHash).toBeNull();
      expect(row.error).toBeTruthy();
      await expect(outbox.waitFor(row.id, 1000)).rejects.toThrow(/safeTransferFrom reverted/);
    } finally {
      await database.close();
    }
  });

  it('reports the key out of gas in health and keeps the intent waiting until it is funded', async () => {
    const database = await openTestDatabase();
    const account = chain.service.account;
    const balance = await chain.service.publicClient.getBalance({ address: account });
    try {
      const outbox = outboxOn(database.db);
      await rpc('anvil_setBalance', [account, '0x0']);
      const health = await outbox.health();
      expect(health).toMatchObject({ lowBalance: true, balanceWei: '0', rpcReachable: true });
      await outbox.enqueue(database.db, transfer('gas', someone(), 1n));
      await outbox.tick();
      await outbox.tick();
      // Refused for lack of gas (in estimation or at broadcast): it waits, with the reason recorded.
      const waiting = await intent(database.db, 'gas');
      expect(['queued', 'signed']).toContain(waiting.status);
      expect(waiting.error).toMatch(/insufficient funds/i);
      expect((await outbox.health()).lastError).toMatch(/insufficient funds/i);
      await rpc('anvil_setBalance', [account, `0x${balance.toString(16)}`]);
      expect(await outbox.drain()).toBe(true);
      expect((await intent(database.db, 'gas')).status).toBe('confirmed');
    } finally {
      await rpc('anvil_setBalance', [account, `0x${balance.toString(16)}`]);
      await database.close();
    }
  });
});

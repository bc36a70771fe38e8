import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_WALLET_ADDRESS } from '@app/domain/blockchain';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { onChainTasks } from '../../src/db/schema';
import { startChain } from '../../src/providers/chain/index';
import { createTestApp, signIn, usePostgres } from '../helpers/app';

const dir = mkdtempSync(path.join(os.tmpdir(), 'avatars-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One "start" of the product on the same data dir: embedded database + anvil with its state file. */
async function boot() {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '5999' });
  const database = await openDatabase({ dataDir: path.join(dir, 'db') });
  const chain = await startChain(config, database.db);
  const t = await createTestApp({}, { database, chain });
  return {
    t,
    db: database.db,
    chain: chain!,
    async stop() {
      await t.app.close();
      await chain!.close();
      await database.close();
    },
  };
}

describe.skipIf(usePostgres)('restart of the embedded chain and database', () => {
  it('finds the same contracts, tokens and tasks after a restart', async () => {
    const first = await boot();
    const s = await signIn(first.t.app, { email: 'restart@x.io' });
    const created = (
      await first.t.app.inject({
        method: 'POST',
        url: '/api/avatars',
        headers: { cookie: s.cookie },
        payload: { name: 'PERSIST' },
      })
    ).json();
    const v = await first.t.app.inject({
      method: 'POST',
      url: '/api/blockchain/verify-task',
      headers: { cookie: s.cookie },
      payload: { avatarId: created.id, taskType: 'avatar_create', userWalletAddress: DEMO_WALLET_ADDRESS },
    });
    expect(v.json().success).toBe(true);
    expect(await first.t.app.chainOutbox!.drain()).toBe(true);
    const avatar = (
      await first.t.app.inject({ url: `/api/avatars/${created.id}`, headers: { cookie: s.cookie } })
    ).json();
    const addresses = first.chain.service.addresses;
    await first.stop();

    const second = await boot();
    try {
      expect(second.chain.service.addresses).toEqual(addresses);
      expect(await second.chain.service.ownerOf(avatar.tokenId)).toBe(second.chain.service.account);
      const [row] = await second.db
        .select()
        .from(onChainTasks)
        .where(eq(onChainTasks.taskId, `avatar_create:${avatar.id}`));
      const requestHash = (row!.verificationData as { requestHash: `0x${string}` }).requestHash;
      expect(await second.chain.service.isExperienceAwarded(requestHash)).toBe(true);
      const history = await second.t.app.inject({
        url: `/api/blockchain/user-history?walletAddress=${DEMO_WALLET_ADDRESS}`,
      });
      expect(history.json()[0]).toMatchObject({ taskId: `avatar_create:${avatar.id}`, status: 'verified' });
      // the chain keeps working after the restart: a new avatar gets the next token
      const s2 = await signIn(second.t.app, { email: 'restart@x.io' });
      const next = (
        await second.t.app.inject({
          method: 'POST',
          url: '/api/avatars',
          headers: { cookie: s2.cookie },
          payload: { name: 'AFTER' },
        })
      ).json();
      expect(await second.t.app.chainOutbox!.drain()).toBe(true);
      const minted = (
        await second.t.app.inject({ url: `/api/avatars/${next.id}`, headers: { cookie: s2.cookie } })
      ).json();
      expect(minted.tokenId).toBe(avatar.tokenId + 1);
    } finally {
      await second.stop();
    }
  });
});

/**
 * Training XP cannot be farmed — keyboard mash and repeats earn nothing (rule in
 * packages/domain training.ts `isXpWorthyMessage`), real messages still do, under the daily cap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => t?.close());

describe('XP from chat', { timeout: 180_000 }, () => {
  it('gives no XP for "asdfghjkl" or repeats, and XP for a real message', async () => {
    const { cookie } = await signIn(t.app, { email: 'farm@x.io' });
    const avatar = (
      await t.app.inject({ method: 'POST', url: '/api/avatars', headers: { cookie }, payload: { name: 'FARM' } })
    ).json();
    const say = async (message: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/avatar/chat',
          headers: { cookie },
          payload: { avatarId: avatar.id, message },
        })
      ).json().avatar.experiencePoints as number;
    const mash = await say('asdfghjkl');
    expect(mash).toBe(0);
    expect(await say('lol lol lol lol lol lol')).toBe(0);
    expect(await say('aaaaaaaaaaaa')).toBe(0);
    expect(await say('how do I write a smart contract?')).toBeGreaterThan(0);
  });
});

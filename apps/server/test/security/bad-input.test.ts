/**
 * The bad inputs a security audit found answering 5xx now get 4xx and change nothing:
 * NUL bytes in text fields, integer ids past 2^31−1, JSON nested 5,000 deep, truncated multipart,
 * and speech-to-text routes that answered 503 before looking at the (garbage) audio.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../../src/db/schema';
import { createTestApp, multipart, signIn, type TestApp } from '../helpers/app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signIn(t.app, { email: 'bad-input@x.io' }));
}, 180_000);
afterAll(async () => t?.close());

const send = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: method as 'POST',
    url,
    headers: { cookie, ...headers },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });

describe('no 5xx from bad input', { timeout: 120_000 }, () => {
  it('NUL bytes in text fields are 400 and store nothing', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/teams', { name: 'TEAM\u0000X' }],
      ['POST', '/api/avatars', { name: 'NUL\u0000', agentType: 'HACKER' }],
      ['PATCH', '/api/profile', { firstName: 'a\u0000b' }],
      ['POST', '/api/waitlist', { email: 'a\u0000@b.io' }],
    ] as const) {
      const res = await send(method, url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
    }
    expect(await t.database.db.select().from(teams)).toHaveLength(0);
    expect((await send('GET', '/api/marketplace/avatars?q=a%00b')).statusCode).toBe(400);
  });

  it('integer ids past 2^31−1 are 400 (not 500), in paths and bodies', async () => {
    for (const [method, url] of [
      ['GET', '/api/avatars/2147483648'],
      ['DELETE', '/api/teams/2147483648'],
      ['GET', '/api/tasks/2147483648/download'],
      ['GET', '/api/avatar-details/99999999999'],
    ]) {
      const res = await send(method!, url!);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
    }
    const chat = await send('POST', '/api/avatar/chat', { avatarId: 2147483648, message: 'hello there' });
    expect(chat.statusCode, chat.body).toBe(400);
  });

  it('JSON nested 5,000 deep is 400', async () => {
    for (const payload of ['['.repeat(5000) + ']'.repeat(5000), `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`]) {
      const res = await send('POST', '/api/teams', payload, { 'content-type': 'application/json' });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('truncated multipart is 400', async () => {
    const head =
      '--b0\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello';
    for (const url of ['/api/attachments/text', '/api/avatar/speech-to-text', '/api/profile/upload-image']) {
      const res = await send('POST', url, head, { 'content-type': 'multipart/form-data; boundary=b0' });
      expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
    }
  });

  it('speech-to-text refuses garbage audio with 4xx although no provider is configured', async () => {
    const garbage = multipart('audio', 'a.webm', Buffer.from('this is not audio at all'), 'audio/webm');
    for (const url of ['/api/avatar/speech-to-text', '/api/voice/realtime']) {
      const res = await send('POST', url, garbage.payload, garbage.headers);
      expect([400, 415, 422], `${url} ${res.body}`).toContain(res.statusCode);
    }
    const empty = await send('POST', '/api/avatar/speech-to-text', undefined, {});
    expect(empty.statusCode).toBe(400);
  });
});

/**
 * Voice routes (SPEC §7): status, text-to-speech in the agent-type voices (pitch measured
 * from the samples), recording checks (413/400), speech-to-text and the realtime exchange against a
 * local OpenAI-compatible test double, and 503 without a speech-to-text provider. The voice panel's
 * document attachments are in attachment-routes.test.ts.
 */
import type { AgentType } from '@app/domain/avatar';
import { MAX_SPEECH_TEXT_CHARS, VOICE_INTERACTION_TYPE } from '@app/domain/voice';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { trainingInteractions } from '../../src/db/schema';
import { EspeakTtsProvider } from '../../src/providers/speech/espeak';
import { MAX_TTS_CHARS } from '../../src/providers/speech/types';
import { decodeWav, estimatePitch } from '../../src/providers/speech/wav';
import { type FakeAiApi, startFakeAiApi } from '../fixtures/fake-ai-api';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { form } from '../helpers/multipart';

let t: TestApp;
let api: FakeAiApi;
let spokenWav: Buffer;

/** Env that points speech-to-text at the test double. */
const sttEnv = () => ({ STT_PROVIDER: 'openai-compatible', STT_BASE_URL: api.baseURL, STT_MODEL: 'whisper-test' });

beforeAll(async () => {
  api = await startFakeAiApi({ transcript: 'Hello avatar, what can you do?' });
  // A real recording to upload: speech from the embedded engine.
  const r = await new EspeakTtsProvider().synthesize({ text: 'Hello avatar, what can you do?', voice: 'creator' });
  spokenWav = r.audio;
});
afterEach(async () => {
  await t?.close();
  api.options.transcript = 'Hello avatar, what can you do?';
  api.options.failWith = undefined;
  api.requests.length = 0;
});
afterAll(async () => {
  await api.close();
  // The eSpeak engine is shared by every provider of this process: stop its worker thread.
  await new EspeakTtsProvider().close();
});

async function newAvatar(cookie: string, body: { name: string; agentType?: AgentType; description?: string }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/avatars', headers: { cookie }, payload: body });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string; agentType: AgentType };
}

const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

function medianPitch(wav: Buffer): number {
  const pcm = decodeWav(wav);
  return estimatePitch(pcm.samples, pcm.sampleRate).medianHz;
}

describe('GET /api/voice/status', () => {
  it('reports the embedded TTS and no STT by default, for signed-in users only', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/voice/status' })).statusCode).toBe(401);
    const s = await signIn(t.app, { email: 'status@x.io' });
    const res = await t.app.inject({ method: 'GET', url: '/api/voice/status', headers: { cookie: s.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ configured: true, tts: 'espeak-ng', stt: null });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ tts: 'espeak-ng', stt: null });
  });

  it('names the speech-to-text provider when one is configured', async () => {
    t = await createTestApp(sttEnv());
    const s = await signIn(t.app, { email: 'status2@x.io' });
    const res = await t.app.inject({ method: 'GET', url: '/api/voice/status', headers: { cookie: s.cookie } });
    expect(res.json()).toEqual({ configured: true, tts: 'espeak-ng', stt: 'openai-compatible' });
  });
});

describe('text-to-speech', () => {
  it('speaks each agent type in its own voice: valid WAV, pitch HACKER < CREATOR < HUSTLER', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'tts@x.io' });
    const text = 'Neural link established. I am ready for the next mission, operator.';
    const pitch: Record<string, number> = {};
    for (const agentType of ['HACKER', 'CREATOR', 'HUSTLER'] as const) {
      await newAvatar(s.cookie, { name: `Voice ${agentType}`, agentType });
      // SPEC §7 {text, voiceId (optional), avatarName}: the voice follows the named avatar's type.
      const res = await post('/api/voice/text-to-speech', s.cookie, { text, avatarName: `voice ${agentType}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/wav');
      expect(res.headers['cache-control']).toBe('no-store');
      const wav = decodeWav(res.rawPayload);
      expect(wav.channels).toBe(1);
      expect(wav.samples.length / wav.sampleRate).toBeGreaterThan(2); // seconds of speech
      expect(Number(res.headers['x-audio-duration-ms'])).toBeGreaterThan(2000);
      pitch[agentType] = medianPitch(res.rawPayload);
    }
    expect(pitch.CREATOR! / pitch.HACKER!).toBeGreaterThan(1.2);
    expect(pitch.HUSTLER! / pitch.CREATOR!).toBeGreaterThan(1.2);

    // voiceId wins over the avatar's type.
    const res = await post('/api/voice/text-to-speech', s.cookie, {
      text,
      avatarName: 'Voice HACKER',
      voiceId: 'hustler',
    });
    expect(medianPitch(res.rawPayload) / pitch.HACKER!).toBeGreaterThan(1.5);
  });

  it('POST /api/avatar/speech speaks for an owned avatar, with the voice id of SPEC §7', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'speech@x.io' });
    const hacker = await newAvatar(s.cookie, { name: 'Cipher', agentType: 'HACKER' });
    const text = 'Smart contract audit complete. No reentrancy found.';
    const own = await post('/api/avatar/speech', s.cookie, { text, avatarId: hacker.id, voice: 'hacker' });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('audio/wav');
    // Missing or unknown voice → the avatar's type.
    const fallback = await post('/api/avatar/speech', s.cookie, { text, avatarId: String(hacker.id) });
    expect(Math.abs(medianPitch(fallback.rawPayload) - medianPitch(own.rawPayload))).toBeLessThan(15);
    const hustler = await post('/api/avatar/speech', s.cookie, { text, avatarId: hacker.id, voice: 'hustler' });
    expect(medianPitch(hustler.rawPayload) / medianPitch(own.rawPayload)).toBeGreaterThan(1.5);

    const other = await signIn(t.app, { email: 'other@x.io' });
    expect((await post('/api/avatar/speech', other.cookie, { text, avatarId: hacker.id })).statusCode).toBe(403);
    expect((await post('/api/avatar/speech', s.cookie, { text, avatarId: 99_999 })).statusCode).toBe(404);
  });

  it('limits the text (400) and needs a session (401)', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'limits@x.io' });
    expect(MAX_SPEECH_TEXT_CHARS).toBe(MAX_TTS_CHARS);
    const long = 'a'.repeat(MAX_SPEECH_TEXT_CHARS + 1);
    for (const body of [{ text: long, avatarName: 'x' }, { text: '   ', avatarName: 'x' }, { avatarName: 'x' }]) {
      const res = await post('/api/voice/text-to-speech', s.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Invalid request');
    }
    const ok = await post('/api/voice/text-to-speech', s.cookie, { text: 'b '.repeat(400), avatarName: 'nobody' });
    expect(ok.statusCode).toBe(200); // an unknown name speaks with the default voice
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/voice/text-to-speech',
      payload: { text: 'hi', avatarName: 'x' },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('is rate-limited', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'rate@x.io' });
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) {
      codes.push((await post('/api/voice/text-to-speech', s.cookie, { text: 'hi', avatarName: 'x' })).statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('voice input without a speech-to-text provider', () => {
  it('answers 503 with a clear JSON error, never a made-up transcript', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'nostt@x.io' });
    await newAvatar(s.cookie, { name: 'Muse' });
    const stt = form({}, { field: 'audio', name: 'a.wav', data: spokenWav, type: 'audio/wav' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/avatar/speech-to-text',
      headers: { cookie: s.cookie, ...stt.headers },
      payload: stt.payload,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatch(/browser with speech recognition.*speech-to-text provider/);
    const rt = form(
      { avatarName: 'Muse', personality: '' },
      { field: 'audio', name: 'a.wav', data: spokenWav, type: 'audio/wav' },
    );
    const realtime = await t.app.inject({
      method: 'POST',
      url: '/api/voice/realtime',
      headers: { cookie: s.cookie, ...rt.headers },
      payload: rt.payload,
    });
    expect(realtime.statusCode).toBe(503);
    expect(realtime.headers['content-type']).toMatch(/^application\/json/);
    expect(realtime.headers['x-transcript']).toBeUndefined();
  });
});

describe('voice input with an OpenAI-compatible speech-to-text server', () => {
  const upload = (url: string, cookie: string, fields: Record<string, string>, data: Buffer, name = 'voice.wav') => {
    const body = form(fields, { field: 'audio', name, data, type: 'audio/wav' });
    return t.app.inject({ method: 'POST', url, headers: { cookie, ...body.headers }, payload: body.payload });
  };

  it('POST /api/avatar/speech-to-text returns the transcript', async () => {
    t = await createTestApp(sttEnv());
    const s = await signIn(t.app, { email: 'stt@x.io' });
    const res = await upload('/api/avatar/speech-to-text', s.cookie, {}, spokenWav);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: 'Hello avatar, what can you do?' });
    const sent = api.requests.find((r) => r.path === '/v1/audio/transcriptions');
    expect(sent?.fields).toMatchObject({ model: 'whisper-test', language: 'en' });
    expect(sent?.file?.type).toBe('audio/wav');
    expect(sent?.file?.bytes.equals(spokenWav)).toBe(true);
  });

  it('POST /api/voice/realtime: transcript → the avatar’s reply (stored as voice training) → speech', async () => {
    t = await createTestApp(sttEnv());
    const s = await signIn(t.app, { email: 'realtime@x.io' });
    const avatar = await newAvatar(s.cookie, { name: 'Neon Muse', agentType: 'CREATOR', description: 'An artist' });
    api.options.transcript = 'Hello Neon Muse, what can you do? Ünïcode ✓';
    const res = await upload(
      '/api/voice/realtime',
      s.cookie,
      { avatarName: 'neon muse', personality: 'An artist' },
      spokenWav,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    const transcript = decodeURIComponent(String(res.headers['x-transcript']));
    expect(transcript).toBe('Hello Neon Muse, what can you do? Ünïcode ✓');
    const replyText = decodeURIComponent(String(res.headers['x-reply-text']));
    expect(replyText.length).toBeGreaterThan(10);
    const progress = JSON.parse(decodeURIComponent(String(res.headers['x-avatar-progress'])));
    expect(progress).toMatchObject({ id: avatar.id, totalInteractions: 1 });
    expect(progress.experiencePoints).toBeGreaterThan(0);
    // The body is the reply spoken in the CREATOR voice.
    expect(decodeWav(res.rawPayload).samples.length).toBeGreaterThan(22_050);

    const rows = await t.database.db
      .select()
      .from(trainingInteractions)
      .where(eq(trainingInteractions.avatarId, avatar.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      interactionType: VOICE_INTERACTION_TYPE,
      userInput: transcript,
      avatarResponse: replyText,
      userId: s.user.id,
    });

    // avatarId picks the avatar exactly; the spoken exchange is part of the conversation history.
    const byId = await upload(
      '/api/voice/realtime',
      s.cookie,
      { avatarId: String(avatar.id), avatarName: 'x' },
      spokenWav,
    );
    expect(byId.statusCode).toBe(200);
    expect(JSON.parse(decodeURIComponent(String(byId.headers['x-avatar-progress']))).totalInteractions).toBe(2);
  });

  it('refuses unknown avatars, empty transcripts and upstream failures clearly', async () => {
    t = await createTestApp(sttEnv());
    const s = await signIn(t.app, { email: 'rt-errors@x.io' });
    await newAvatar(s.cookie, { name: 'Bolt', agentType: 'HUSTLER' });
    expect((await upload('/api/voice/realtime', s.cookie, { avatarName: 'Nobody' }, spokenWav)).statusCode).toBe(404);
    const other = await signIn(t.app, { email: 'rt-other@x.io' });
    expect((await upload('/api/voice/realtime', other.cookie, { avatarName: 'Bolt' }, spokenWav)).statusCode).toBe(404);
    expect((await upload('/api/voice/realtime', s.cookie, { avatarId: 'abc' }, spokenWav)).statusCode).toBe(400);

    api.options.transcript = '   ';
    const silent = await upload('/api/voice/realtime', s.cookie, { avatarName: 'Bolt' }, spokenWav);
    expect(silent.statusCode).toBe(422);
    expect(silent.json().error).toMatch(/No speech was recognised/);
    const sttSilent = await upload('/api/avatar/speech-to-text', s.cookie, {}, spokenWav);
    expect(sttSilent.json()).toEqual({ text: '' });

    api.options.failWith = 500;
    const failed = await upload('/api/voice/realtime', s.cookie, { avatarName: 'Bolt' }, spokenWav);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toMatch(/^openai-compatible: /); // exposed, secret-free provider message
    const rows = await t.database.db.select().from(trainingInteractions);
    expect(rows).toHaveLength(0);
  });

  it('checks recordings by size (413) and by magic bytes (400)', async () => {
    t = await createTestApp({ ...sttEnv(), MAX_AUDIO_BYTES: '4096' });
    const s = await signIn(t.app, { email: 'audio@x.io' });
    await newAvatar(s.cookie, { name: 'Rex', agentType: 'HACKER' });
    const tooBig = await upload('/api/avatar/speech-to-text', s.cookie, {}, spokenWav);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatch(/too large/);
    const rtBig = await upload('/api/voice/realtime', s.cookie, { avatarName: 'Rex' }, spokenWav);
    expect(rtBig.statusCode).toBe(413);

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notAudio = await upload('/api/avatar/speech-to-text', s.cookie, {}, Buffer.concat([png, Buffer.alloc(2000)]));
    expect(notAudio.statusCode).toBe(400);
    expect(notAudio.json().error).toMatch(/Unsupported audio/);
    // The declared type and name are not trusted: a "wav" of text is refused.
    const fake = await upload('/api/avatar/speech-to-text', s.cookie, {}, Buffer.from('hello '.repeat(300)), 'x.wav');
    expect(fake.statusCode).toBe(400);
    const empty = await upload('/api/avatar/speech-to-text', s.cookie, {}, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const missing = form({ avatarName: 'Rex' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/voice/realtime',
      headers: { cookie: s.cookie, ...missing.headers },
      payload: missing.payload,
    });
    expect(noFile.statusCode).toBe(400);
    const json = await post('/api/avatar/speech-to-text', s.cookie, { audio: 'x' });
    expect(json.statusCode).toBe(400);
    expect(api.requests).toHaveLength(0); // nothing bad reached the provider
  });
});

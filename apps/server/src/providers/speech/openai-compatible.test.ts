import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAiApi, startFakeAiApi } from '../../../test/fixtures/fake-ai-api';
import { OpenAiCompatibleSttProvider } from './openai-compatible';
import { SpeechProviderError } from './types';
import { encodeWav } from './wav';

/** 0.5 s of a 220 Hz tone as WAV: real bytes with a real container, no speech needed here. */
const WAV = encodeWav(
  Int16Array.from({ length: 8000 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 16000))),
  16000,
);

let api: FakeAiApi;
beforeAll(async () => {
  api = await startFakeAiApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  api.options.failWith = undefined;
  api.options.delayMs = undefined;
  api.options.transcript = 'mint me a neon fox';
});

describe('OpenAiCompatibleSttProvider', () => {
  it('posts the audio as multipart to {baseURL}/audio/transcriptions and returns the transcript', async () => {
    const stt = new OpenAiCompatibleSttProvider({
      baseURL: `${api.baseURL}/`,
      apiKey: 'sk-local',
      model: 'Systran/faster-whisper-small',
    });
    const result = await stt.transcribe(WAV, { filename: 'speech.wav', contentType: 'audio/wav', language: 'en' });
    expect(result).toEqual({ text: 'mint me a neon fox' });
    const [request] = api.requests;
    expect(request?.path).toBe('/v1/audio/transcriptions');
    expect(request?.headers.authorization).toBe('Bearer sk-local');
    expect(request?.fields).toEqual({ model: 'Systran/faster-whisper-small', response_format: 'json', language: 'en' });
    expect(request?.file?.name).toBe('speech.wav');
    expect(request?.file?.type).toBe('audio/wav');
    expect(request?.file?.bytes.equals(WAV)).toBe(true);
  });

  it('sends no Authorization header without a key, and whisper-1 as the default model', async () => {
    const stt = new OpenAiCompatibleSttProvider({ baseURL: api.baseURL });
    await stt.transcribe(WAV, { filename: 'a.webm', contentType: 'audio/webm' });
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
    expect(api.requests[0]?.fields?.model).toBe('whisper-1');
  });

  it('trims the transcript; silence gives an empty string', async () => {
    api.options.transcript = '   ';
    const stt = new OpenAiCompatibleSttProvider({ baseURL: api.baseURL });
    await expect(stt.transcribe(WAV, { filename: 'a.wav', contentType: 'audio/wav' })).resolves.toEqual({ text: '' });
  });

  it.each([401, 429, 500])('maps HTTP %i to a 502 SpeechProviderError carrying the upstream status', async (status) => {
    api.options.failWith = status;
    const stt = new OpenAiCompatibleSttProvider({ baseURL: api.baseURL, apiKey: 'sk-secret-value' });
    const error = await stt.transcribe(WAV, { filename: 'a.wav', contentType: 'audio/wav' }).catch((e) => e);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect(error).toMatchObject({ statusCode: 502, provider: 'openai-compatible', upstreamStatus: status });
    expect(error.message).toContain(`HTTP ${status}`);
    expect(error.message).not.toContain('sk-secret-value');
  });

  it('maps an unreachable server to SpeechProviderError (network error)', async () => {
    const stt = new OpenAiCompatibleSttProvider({ baseURL: 'http://127.0.0.1:1/v1' });
    await expect(stt.transcribe(WAV, { filename: 'a.wav', contentType: 'audio/wav' })).rejects.toMatchObject({
      name: 'SpeechProviderError',
      message: 'openai-compatible: speech-to-text failed (network error)',
    });
  });

  it('maps a body without text to SpeechProviderError', async () => {
    const stt = new OpenAiCompatibleSttProvider({
      baseURL: api.baseURL,
      fetch: async () => Response.json({ transcript: 'wrong field' }),
    });
    await expect(stt.transcribe(WAV, { filename: 'a.wav', contentType: 'audio/wav' })).rejects.toThrow(
      /response has no text/,
    );
  });

  it('times out as a SpeechProviderError, and rethrows the caller’s abort reason', async () => {
    api.options.delayMs = 2_000;
    const slow = new OpenAiCompatibleSttProvider({ baseURL: api.baseURL, timeoutMs: 100 });
    await expect(slow.transcribe(WAV, { filename: 'a.wav', contentType: 'audio/wav' })).rejects.toThrow(/timed out/);
    const stt = new OpenAiCompatibleSttProvider({ baseURL: api.baseURL });
    const reason = new Error('request closed');
    const controller = new AbortController();
    const pending = stt.transcribe(WAV, { filename: 'a.wav', contentType: 'audio/wav', signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});

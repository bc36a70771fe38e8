import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_MP3, type FakeAiApi, startFakeAiApi } from '../../../test/fixtures/fake-ai-api';
import { OPENAI_VOICES, OpenAiSttProvider, OpenAiTtsProvider } from './openai';
import { SpeechInputError, SpeechProviderError } from './types';
import { encodeWav } from './wav';

let api: FakeAiApi;
beforeAll(async () => {
  api = await startFakeAiApi({ transcript: 'show me the market' });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  api.options.failWith = undefined;
});

const settings = () => ({ apiKey: 'sk-test', baseURL: api.baseURL, maxRetries: 0 });

describe('OpenAiTtsProvider (AI SDK generateSpeech, against a local double)', () => {
  it('maps product voices to OpenAI voices, sends style instructions, returns MP3', async () => {
    const tts = new OpenAiTtsProvider(settings());
    const result = await tts.synthesize({ text: '  Ready   to hack. ', voice: 'hacker' });
    expect(result).toEqual({ audio: FAKE_MP3, contentType: 'audio/mpeg' });
    const [request] = api.requests;
    expect(request?.path).toBe('/v1/audio/speech');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.json).toMatchObject({
      model: 'gpt-4o-mini-tts',
      input: 'Ready to hack.',
      voice: OPENAI_VOICES.hacker,
      response_format: 'mp3',
    });
    expect(String(request?.json?.instructions)).toMatch(/terse/);
  });

  it('honours an OpenAI voiceId, and falls back to the agent type for ids it does not know', async () => {
    const tts = new OpenAiTtsProvider({ ...settings(), model: 'tts-1' });
    await tts.synthesize({ text: 'Hi', voice: 'echo', agentType: 'HUSTLER' });
    await tts.synthesize({ text: 'Hi', voice: 'EXAVITQu4vr4xnSDxMaL', agentType: 'HUSTLER' });
    expect(api.requests.map((r) => r.json?.voice)).toEqual(['echo', OPENAI_VOICES.hustler]);
    // tts-1 takes no instructions.
    expect(api.requests[0]?.json?.instructions).toBeUndefined();
  });

  it('validates text before calling the API', async () => {
    const tts = new OpenAiTtsProvider(settings());
    await expect(tts.synthesize({ text: 'x'.repeat(1001), voice: 'creator' })).rejects.toBeInstanceOf(SpeechInputError);
    expect(api.requests).toHaveLength(0);
  });

  it('maps API failures to SpeechProviderError with the upstream status', async () => {
    api.options.failWith = 401;
    const tts = new OpenAiTtsProvider(settings());
    await expect(tts.synthesize({ text: 'Hi', voice: 'creator' })).rejects.toMatchObject({
      name: 'SpeechProviderError',
      statusCode: 502,
      provider: 'openai',
      upstreamStatus: 401,
      message: 'openai: text-to-speech failed (HTTP 401)',
    });
  });
});

describe('OpenAiSttProvider (AI SDK transcribe, against a local double)', () => {
  const wav = encodeWav(new Int16Array(1600), 16000);

  it('uploads the audio with the model and language and returns the transcript', async () => {
    const stt = new OpenAiSttProvider(settings());
    await expect(stt.transcribe(wav, { filename: 'a.wav', contentType: 'audio/wav', language: 'en' })).resolves.toEqual(
      {
        text: 'show me the market',
      },
    );
    const [request] = api.requests;
    expect(request?.path).toBe('/v1/audio/transcriptions');
    expect(request?.fields).toMatchObject({ model: 'gpt-4o-mini-transcribe', language: 'en' });
    expect(request?.file?.bytes.equals(wav)).toBe(true);
  });

  it('maps API failures to SpeechProviderError', async () => {
    api.options.failWith = 500;
    const stt = new OpenAiSttProvider(settings());
    const error = await stt.transcribe(wav, { filename: 'a.wav', contentType: 'audio/wav' }).catch((e) => e);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect(error).toMatchObject({ upstreamStatus: 500, message: 'openai: speech-to-text failed (HTTP 500)' });
  });
});

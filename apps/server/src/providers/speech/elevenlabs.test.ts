import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_MP3, type FakeAiApi, startFakeAiApi } from '../../../test/fixtures/fake-ai-api';
import { ELEVENLABS_VOICES, ElevenLabsSttProvider, ElevenLabsTtsProvider } from './elevenlabs';
import { SpeechProviderError } from './types';
import { encodeWav } from './wav';

let api: FakeAiApi;
beforeAll(async () => {
  api = await startFakeAiApi({ transcript: 'buy the skill' });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  api.options.failWith = undefined;
});

// The ElevenLabs SDK has no base URL setting: the double's fetch redirects api.elevenlabs.io to it.
const settings = () => ({ apiKey: 'el-test', fetch: api.fetch, maxRetries: 0 });

describe('ElevenLabsTtsProvider (AI SDK generateSpeech, against a local double)', () => {
  it('uses the agent voice, honours an ElevenLabs voiceId, returns MP3', async () => {
    const tts = new ElevenLabsTtsProvider(settings());
    await expect(tts.synthesize({ text: 'Deal of the day!', voice: 'hustler' })).resolves.toEqual({
      audio: FAKE_MP3,
      contentType: 'audio/mpeg',
    });
    await tts.synthesize({ text: 'Hi', voice: 'pNInz6obpgDQGcFmaJgB' });
    await tts.synthesize({ text: 'Hi', voice: 'onyx', agentType: 'HACKER' });
    expect(api.requests.map((r) => r.path)).toEqual([
      `/v1/text-to-speech/${ELEVENLABS_VOICES.hustler}`,
      '/v1/text-to-speech/pNInz6obpgDQGcFmaJgB',
      `/v1/text-to-speech/${ELEVENLABS_VOICES.hacker}`,
    ]);
    expect(api.requests[0]?.headers['xi-api-key']).toBe('el-test');
    expect(api.requests[0]?.json).toMatchObject({ text: 'Deal of the day!', model_id: 'eleven_flash_v2_5' });
  });

  it('maps API failures to SpeechProviderError', async () => {
    api.options.failWith = 429;
    const tts = new ElevenLabsTtsProvider(settings());
    await expect(tts.synthesize({ text: 'Hi', voice: 'creator' })).rejects.toMatchObject({
      name: 'SpeechProviderError',
      provider: 'elevenlabs',
      upstreamStatus: 429,
    });
  });
});

describe('ElevenLabsSttProvider (AI SDK transcribe, against a local double)', () => {
  const wav = encodeWav(new Int16Array(1600), 16000);

  it('uploads to /v1/speech-to-text with scribe_v1, no audio-event tags, the language hint', async () => {
    const stt = new ElevenLabsSttProvider(settings());
    await expect(stt.transcribe(wav, { filename: 'a.wav', contentType: 'audio/wav', language: 'en' })).resolves.toEqual(
      {
        text: 'buy the skill',
      },
    );
    const [request] = api.requests;
    expect(request?.path).toBe('/v1/speech-to-text');
    expect(request?.fields).toMatchObject({ model_id: 'scribe_v1', tag_audio_events: 'false', language_code: 'en' });
  });

  it('maps API failures to SpeechProviderError', async () => {
    api.options.failWith = 503;
    const stt = new ElevenLabsSttProvider(settings());
    const error = await stt.transcribe(wav, { filename: 'a.wav', contentType: 'audio/wav' }).catch((e) => e);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect(error.upstreamStatus).toBe(503);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { startFakeAiApi } from '../../../test/fixtures/fake-ai-api';
import { ConfigError } from '../../config';
import { EspeakTtsProvider } from './espeak';
import { createSpeechProviders } from './index';
import { SpeechNotConfiguredError } from './types';

describe('createSpeechProviders', () => {
  it('defaults to embedded eSpeak NG and no STT (empty strings count as unset)', () => {
    const speech = createSpeechProviders({ TTS_PROVIDER: '', OPENAI_API_KEY: '' });
    expect(speech.tts).toBeInstanceOf(EspeakTtsProvider);
    expect(speech.stt).toBeNull();
    expect(speech.status()).toEqual({ configured: true, tts: 'espeak-ng', stt: null });
  });

  it('selects remote providers by env', () => {
    expect(
      createSpeechProviders({ TTS_PROVIDER: 'openai', STT_PROVIDER: 'openai', OPENAI_API_KEY: 'sk' }).status(),
    ).toEqual({ configured: true, tts: 'openai', stt: 'openai' });
    expect(
      createSpeechProviders({
        TTS_PROVIDER: 'elevenlabs',
        STT_PROVIDER: 'elevenlabs',
        ELEVENLABS_API_KEY: 'el',
      }).status(),
    ).toEqual({ configured: true, tts: 'elevenlabs', stt: 'elevenlabs' });
    expect(
      createSpeechProviders({ STT_PROVIDER: 'openai-compatible', STT_BASE_URL: 'http://localhost:8000/v1' }).status(),
    ).toEqual({ configured: true, tts: 'espeak-ng', stt: 'openai-compatible' });
  });

  it('fails fast with a ConfigError that lists every problem', () => {
    let error: unknown;
    try {
      createSpeechProviders({
        TTS_PROVIDER: 'openai',
        STT_PROVIDER: 'openai-compatible',
        ELEVENLABS_API_KEY: 'unused',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'OPENAI_API_KEY: TTS_PROVIDER=openai needs OPENAI_API_KEY',
      'STT_BASE_URL: STT_PROVIDER=openai-compatible needs STT_BASE_URL (e.g. http://localhost:8000/v1)',
    ]);
    expect(() => createSpeechProviders({ TTS_PROVIDER: 'festival' })).toThrow(/TTS_PROVIDER/);
    expect(() => createSpeechProviders({ STT_PROVIDER: 'openai-compatible', STT_BASE_URL: 'ftp://x' })).toThrow(
      /STT_BASE_URL/,
    );
  });

  describe('openai-compatible STT end to end', () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const cleanup of cleanups) await cleanup();
    });

    it('transcribes speech synthesised by the embedded TTS through a local Whisper-style double', async () => {
      const api = await startFakeAiApi({ transcript: 'Hello avatar' });
      const speech = createSpeechProviders({ STT_PROVIDER: 'openai-compatible', STT_BASE_URL: api.baseURL });
      cleanups.push(
        () => api.close(),
        () => speech.close(),
      );
      expect(speech.stt?.name).toBe('openai-compatible');
      const { audio, contentType } = await speech.tts.synthesize({ text: 'Hello avatar', voice: 'creator' });
      const result = await speech.stt?.transcribe(audio, { filename: 'speech.wav', contentType });
      expect(result).toEqual({ text: 'Hello avatar' });
      expect(api.requests[0]?.file?.bytes.equals(audio)).toBe(true);
    });
  });
});

describe('SpeechNotConfiguredError', () => {
  it('is a 503 whose message tells the user what voice input needs', () => {
    const error = new SpeechNotConfiguredError();
    expect(error).toMatchObject({ statusCode: 503, status: 503, expose: true, code: 'STT_NOT_CONFIGURED' });
    expect(error.message).toMatch(/browser with speech recognition/);
    expect(error.message).toMatch(/speech-to-text provider/);
  });
});

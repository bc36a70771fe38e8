import { describe, expect, it } from 'vitest';
import { AUDIO_SAMPLES, NOT_AUDIO } from '../../test/fixtures/audio-samples';
import { EspeakTtsProvider } from '../providers/speech/espeak';
import { AudioRejectedError, checkAudio, MAX_AUDIO_BYTES, sniffAudio } from './audio-check';

describe('sniffAudio', () => {
  it.each(Object.entries(AUDIO_SAMPLES))('recognises %s by its magic bytes', async (container, bytes) => {
    await expect(sniffAudio(bytes)).resolves.toEqual({ container });
  });

  it.each(Object.entries(NOT_AUDIO))('refuses %s', async (_name, bytes) => {
    await expect(sniffAudio(bytes)).resolves.toBeNull();
  });

  it('recognises a real recording: the embedded TTS output', async () => {
    const tts = new EspeakTtsProvider();
    try {
      const { audio } = await tts.synthesize({ text: 'Testing one two three.', voice: 'hacker' });
      await expect(sniffAudio(audio)).resolves.toEqual({ container: 'wav' });
    } finally {
      await tts.close();
    }
  });

  it('works on a Uint8Array view into a larger buffer', async () => {
    const padded = Buffer.concat([Buffer.alloc(7), AUDIO_SAMPLES.webm]);
    await expect(
      sniffAudio(new Uint8Array(padded.buffer, padded.byteOffset + 7, AUDIO_SAMPLES.webm.length)),
    ).resolves.toEqual({
      container: 'webm',
    });
  });
});

describe('checkAudio', () => {
  it('returns the container with its canonical MIME type and extension', async () => {
    await expect(checkAudio(AUDIO_SAMPLES.webm)).resolves.toEqual({
      container: 'webm',
      contentType: 'audio/webm',
      extension: 'webm',
    });
    await expect(checkAudio(AUDIO_SAMPLES.mp4)).resolves.toEqual({
      container: 'mp4',
      contentType: 'audio/mp4',
      extension: 'm4a',
    });
    await expect(checkAudio(AUDIO_SAMPLES.mpeg)).resolves.toEqual({
      container: 'mpeg',
      contentType: 'audio/mpeg',
      extension: 'mp3',
    });
  });

  it('refuses empty input with 400 and unknown containers with 400', async () => {
    await expect(checkAudio(Buffer.alloc(0))).rejects.toMatchObject({ code: 'AUDIO_EMPTY', statusCode: 400 });
    await expect(checkAudio(NOT_AUDIO.text)).rejects.toMatchObject({
      code: 'AUDIO_UNSUPPORTED',
      statusCode: 400,
      expose: true,
    });
  });

  it(`refuses more than MAX_AUDIO_BYTES (${MAX_AUDIO_BYTES}) with 413, before looking at the content`, async () => {
    expect(MAX_AUDIO_BYTES).toBe(10 * 1024 * 1024);
    const big = Buffer.alloc(MAX_AUDIO_BYTES + 1);
    AUDIO_SAMPLES.wav.copy(big);
    const error = await checkAudio(big).catch((e) => e);
    expect(error).toBeInstanceOf(AudioRejectedError);
    expect(error).toMatchObject({ code: 'AUDIO_TOO_LARGE', statusCode: 413, status: 413 });
    expect(error.message).toBe('Recording too large: limit is 10 MB');
    // Exactly at the limit is accepted.
    await expect(checkAudio(big.subarray(0, MAX_AUDIO_BYTES))).resolves.toMatchObject({ container: 'wav' });
  });

  it('takes the caller’s limits', async () => {
    await expect(checkAudio(AUDIO_SAMPLES.ogg, { maxBytes: 100 })).rejects.toMatchObject({ statusCode: 413 });
    await expect(checkAudio(AUDIO_SAMPLES.ogg, { minBytes: 5000 })).rejects.toMatchObject({
      code: 'AUDIO_TOO_SHORT',
      statusCode: 400,
    });
    await expect(checkAudio(AUDIO_SAMPLES.ogg, { minBytes: 500 })).resolves.toMatchObject({ container: 'ogg' });
  });
});

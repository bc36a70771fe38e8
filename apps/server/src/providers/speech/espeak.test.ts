import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AgentType } from '@app/domain/avatar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ESPEAK_SAMPLE_RATE,
  EspeakTtsProvider,
  espeakEngineRunning,
  espeakVoiceFor,
  MAX_TTS_CHARS,
  setEspeakIdleReleaseMs,
  VOICES,
} from './espeak';
import { SpeechInputError, type TtsResult } from './types';
import { decodeWav, estimatePitch } from './wav';

const tts = new EspeakTtsProvider();
afterAll(() => tts.close());

const SENTENCE = 'Hello there. I am your avatar, and I am ready to help you build something amazing today.';
const AGENT_TYPES: AgentType[] = ['HACKER', 'CREATOR', 'HUSTLER'];

describe('EspeakTtsProvider', () => {
  const results = new Map<AgentType, TtsResult>();
  beforeAll(async () => {
    // Concurrent on purpose: the engine must serialise them and keep each request's voice.
    const all = await Promise.all(
      AGENT_TYPES.map((agentType) => tts.synthesize({ text: SENTENCE, voice: agentType.toLowerCase() })),
    );
    for (const [i, agentType] of AGENT_TYPES.entries()) results.set(agentType, all[i] as TtsResult);
  });

  it.each(AGENT_TYPES)('returns a valid mono 16-bit PCM WAV of real speech for %s', (agentType) => {
    const result = results.get(agentType) as TtsResult;
    expect(result.contentType).toBe('audio/wav');
    expect(result.audio.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(result.audio.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(result.audio.readUInt32LE(4)).toBe(result.audio.length - 8);
    const wav = decodeWav(result.audio);
    expect(wav.channels).toBe(1);
    expect(wav.sampleRate).toBe(ESPEAK_SAMPLE_RATE);
    const seconds = wav.samples.length / wav.sampleRate;
    expect(seconds).toBeGreaterThan(2);
    expect(seconds).toBeLessThan(10);
    expect(result.durationMs).toBe(Math.round(seconds * 1000));
    // Speech, not silence or noise: a healthy share of loud samples and many voiced frames.
    const loud = wav.samples.filter((s) => Math.abs(s) > 1000).length;
    expect(loud / wav.samples.length).toBeGreaterThan(0.2);
    expect(estimatePitch(wav.samples, wav.sampleRate).voicedFrames).toBeGreaterThan(50);
  });

  it('gives the agent types distinct pitch, measured from the samples: HACKER < CREATOR < HUSTLER', () => {
    const [hacker, creator, hustler] = AGENT_TYPES.map((agentType) => {
      const wav = decodeWav((results.get(agentType) as TtsResult).audio);
      return estimatePitch(wav.samples, wav.sampleRate).medianHz;
    }) as [number, number, number];
    console.info(
      `median F0: HACKER ${hacker.toFixed(0)} Hz, CREATOR ${creator.toFixed(0)} Hz, HUSTLER ${hustler.toFixed(0)} Hz`,
    );
    expect(hacker).toBeGreaterThan(60);
    expect(hustler).toBeLessThan(400);
    // Each step at least ~4 semitones (×1.25) apart: clearly different voices, in order.
    expect(creator / hacker).toBeGreaterThan(1.25);
    expect(hustler / creator).toBeGreaterThan(1.25);
  });

  it('maps voice ids and agent types to the VOICES table, falling back to agentType then CREATOR', () => {
    expect(espeakVoiceFor({ voice: 'hacker' })).toBe(VOICES.HACKER);
    expect(espeakVoiceFor({ voice: 'HUSTLER' })).toBe(VOICES.HUSTLER);
    expect(espeakVoiceFor({ voice: 'onyx', agentType: 'HACKER' })).toBe(VOICES.HACKER);
    expect(espeakVoiceFor({ voice: '' })).toBe(VOICES.CREATOR);
  });

  it(`refuses empty text and text over MAX_TTS_CHARS (${MAX_TTS_CHARS}) with a 400 SpeechInputError`, async () => {
    await expect(tts.synthesize({ text: ' \n\t ', voice: 'hacker' })).rejects.toMatchObject({
      name: 'SpeechInputError',
      code: 'TEXT_EMPTY',
      statusCode: 400,
    });
    const tooLong = tts.synthesize({ text: 'a'.repeat(MAX_TTS_CHARS + 1), voice: 'hacker' });
    await expect(tooLong).rejects.toBeInstanceOf(SpeechInputError);
    await expect(tooLong).rejects.toMatchObject({ code: 'TEXT_TOO_LONG' });
    // Exactly at the limit is fine (whitespace runs collapse before counting).
    const atLimit = `${'word '.repeat(MAX_TTS_CHARS / 5 - 1)}last`;
    expect(atLimit.length).toBe(MAX_TTS_CHARS - 1);
    await expect(tts.synthesize({ text: `${atLimit}   `, voice: 'creator' })).resolves.toMatchObject({
      contentType: 'audio/wav',
    });
  });

  it('rejects with the abort reason and stays usable after an aborted request', async () => {
    const controller = new AbortController();
    const long = tts.synthesize({ text: 'This sentence will be cut short. '.repeat(25), voice: 'creator' }, controller);
    controller.abort(new Error('client went away'));
    await expect(long).rejects.toThrow('client went away');
    await expect(
      tts.synthesize({ text: 'Still here.', voice: 'hacker' }, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    const after = await tts.synthesize({ text: 'Still here.', voice: 'hacker' });
    expect(after.durationMs).toBeGreaterThan(300);
  });

  it('restarts the engine after close()', async () => {
    await tts.close();
    const result = await tts.synthesize({ text: 'Back online.', voice: 'creator' });
    expect(decodeWav(result.audio).samples.length).toBeGreaterThan(ESPEAK_SAMPLE_RATE / 4);
  });

  it('stops an engine left unused, and starts a new one for the next request', async () => {
    const previous = setEspeakIdleReleaseMs(100);
    try {
      await tts.synthesize({ text: 'Still here.', voice: 'hustler' });
      expect(espeakEngineRunning()).toBe(true);
      await new Promise((r) => setTimeout(r, 600));
      expect(espeakEngineRunning()).toBe(false);
      const again = await tts.synthesize({ text: 'And back.', voice: 'hacker' });
      expect(decodeWav(again.audio).samples.length).toBeGreaterThan(ESPEAK_SAMPLE_RATE / 4);
    } finally {
      setEspeakIdleReleaseMs(previous);
    }
  });

  it('keeps a process alive while it synthesises, and lets it exit when idle', async () => {
    // A bare script: nothing but the pending synthesis keeps its event loop running.
    const espeakUrl = new URL('./espeak.ts', import.meta.url).href;
    const script = `const { EspeakTtsProvider } = await import(${JSON.stringify(espeakUrl)});
const r = await new EspeakTtsProvider().synthesize({ text: 'Alive.', voice: 'hacker' });
console.log(r.contentType, r.audio.length > 1000);`;
    const cwd = fileURLToPath(new URL('../../..', import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd,
        timeout: 30_000,
      },
    );
    expect(stdout.trim()).toBe('audio/wav true');
  });
});

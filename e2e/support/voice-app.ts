/**
 * The app as the voice e2e tests need it (Playwright `webServer`, run with tsx from the repo root):
 *
 * 1. writes the microphone input — a WAV of {@link VOICE_TRANSCRIPT} spoken by the embedded eSpeak NG
 *    engine — to `E2E_VOICE_WAV`; Chromium plays it as its fake microphone
 *    (`--use-file-for-fake-audio-capture`), so the recording holds real speech;
 * 2. starts the OpenAI-compatible speech-to-text test double (apps/server/test/fixtures) on
 *    127.0.0.1, answering every transcription with {@link VOICE_TRANSCRIPT} after a short delay (so
 *    PROCESSING... is observable);
 * 3. runs `node scripts/start.mjs` (as `npm start` does) with STT pointing at the double, on
 *    `E2E_VOICE_PORT`, with its own data dir and no chain (voice needs none).
 *
 * Playwright stops the whole process group when the run ends.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EspeakTtsProvider } from '../../apps/server/src/providers/speech/espeak';
import { startFakeAiApi } from '../../apps/server/test/fixtures/fake-ai-api';
import { VOICE_TRANSCRIPT } from './voice-constants';

/** How long the test double takes to answer a transcription, ms (PROCESSING... stays visible). */
const STT_DELAY_MS = 1500;

async function main() {
  const wavPath = process.env.E2E_VOICE_WAV;
  const port = process.env.E2E_VOICE_PORT;
  const dataDir = process.env.E2E_VOICE_DATA_DIR;
  if (!wavPath || !port || !dataDir)
    throw new Error('E2E_VOICE_WAV, E2E_VOICE_PORT and E2E_VOICE_DATA_DIR are required');

  const tts = new EspeakTtsProvider();
  const speech = await tts.synthesize({ text: VOICE_TRANSCRIPT, voice: 'creator' });
  await tts.close();
  mkdirSync(path.dirname(wavPath), { recursive: true });
  writeFileSync(wavPath, speech.audio);

  const stt = await startFakeAiApi({ transcript: VOICE_TRANSCRIPT, delayMs: STT_DELAY_MS });
  const app = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: port,
      DATA_DIR: dataDir,
      CHAIN: 'none',
      STT_PROVIDER: 'openai-compatible',
      STT_BASE_URL: stt.baseURL,
      STT_MODEL: 'whisper-e2e',
    },
  });
  const stop = (signal: NodeJS.Signals) => app.kill(signal);
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  app.on('exit', async (code) => {
    await stt.close();
    process.exit(code ?? 0);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

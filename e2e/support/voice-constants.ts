/**
 * Plain values shared by the Playwright config, the voice app launcher and the voice tests (no
 * Playwright import: e2e/support/voice-app.ts runs outside the test runner).
 */
import os from 'node:os';
import path from 'node:path';

/** What the fake microphone says, and what the speech-to-text double hears. */
export const VOICE_TRANSCRIPT = 'Hello avatar, what can you do?';

/** Port of the app started with a speech-to-text provider (e2e/support/voice-app.ts). */
export const VOICE_PORT = Number(process.env.E2E_VOICE_PORT ?? 5057);

/** Where voice-app.ts writes the fake microphone's WAV (Chromium reads it at launch). */
export function voiceWavPath(dataDir: string): string {
  return path.join(dataDir || os.tmpdir(), 'voice-input.wav');
}

/**
 * Chromium flags for a fake microphone that plays `wav` (looped), granted without a prompt, and
 * audio that may play without a gesture of its own.
 */
export function fakeMicrophoneArgs(wav: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
    '--autoplay-policy=no-user-gesture-required',
  ];
}

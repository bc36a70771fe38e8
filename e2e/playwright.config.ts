import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { fakeMicrophoneArgs, VOICE_PORT, voiceWavPath } from './support/voice-constants';

/**
 * End-to-end tests in Debian's Chromium against the app started exactly as a user starts it
 * (`npm start`), on a fresh data directory and its own port.
 */
const port = Number(process.env.E2E_PORT ?? 5055);
/** Signs in as admin whatever spec runs first (the first sign-in would otherwise be admin). */
const E2E_ADMIN_EMAIL = 'e2e-admin@e2e.test';
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'avatars-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// Traces and screenshots of this run only: Playwright empties its output folder when a run starts,
// so a shared one would lose the artefacts of another run going on at the same time.
const resultsDir = process.env.E2E_RESULTS_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'avatars-e2e-results-'));
process.env.E2E_RESULTS_DIR = resultsDir;
// The voice tests run against a second app that has a speech-to-text provider (a local
// test double) and in a Chromium whose fake microphone plays a WAV made by the embedded TTS.
const voiceDataDir = process.env.E2E_VOICE_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'avatars-e2e-voice-'));
process.env.E2E_VOICE_DATA_DIR = voiceDataDir;
const voiceWav = voiceWavPath(voiceDataDir);
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: resultsDir,
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /voice\.spec\.ts/ },
    {
      name: 'voice',
      testMatch: /voice\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: `http://localhost:${VOICE_PORT}`,
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [...chromiumArgs, ...fakeMicrophoneArgs(voiceWav)],
        },
      },
    },
  ],
  webServer: [
    {
      // behind a proxy recording every /api answer when E2E_API_RECORD_DIR is set (scripts/e2e.mjs
      // checks them against the OpenAPI document)
      command: 'node scripts/e2e-recorded.mjs app -- node scripts/start.mjs',
      cwd: '..',
      url: `http://localhost:${port}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      },
    },
    {
      // Started after the first (Playwright sets web servers up one by one), so the web build is fresh.
      command: 'node scripts/e2e-recorded.mjs voice --port-env=E2E_VOICE_PORT -- npx tsx e2e/support/voice-app.ts',
      cwd: '..',
      url: `http://localhost:${VOICE_PORT}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_VOICE_PORT: String(VOICE_PORT),
        E2E_VOICE_DATA_DIR: voiceDataDir,
        E2E_VOICE_WAV: voiceWav,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
      },
    },
  ],
});

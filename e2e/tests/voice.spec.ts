import { expect, type Locator, type Page, test } from '@playwright/test';
import { uniqueEmail } from '../support/auth';
import { expectAudioPlayed, withoutSpeechRecognition } from '../support/voice';
import { VOICE_TRANSCRIPT } from '../support/voice-constants';

/**
 * Voice in Chromium with a fake microphone that speaks a WAV made by the embedded TTS,
 * against an app whose speech-to-text is a local OpenAI-compatible test double (project `voice`
 * in playwright.config.ts). Speech recognition is removed from the page so hold-to-speak records
 * with MediaRecorder, as in a browser without it.
 */

/** Signs in through the dev endpoint with the page's cookies and creates one avatar. */
async function signInWithAvatar(page: Page, name: string, agentType: 'HACKER' | 'CREATOR' | 'HUSTLER') {
  const login = await page.request.post('/api/login/dev', {
    data: { displayName: 'Vox Tester', email: uniqueEmail('voice') },
  });
  expect(login.status()).toBe(200);
  const created = await page.request.post('/api/avatars', {
    data: { name, agentType, description: 'Speaks in neon.' },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: number };
}

const statusLine = (scope: Page | Locator, text: string) => scope.getByRole('status').filter({ hasText: text });

test.beforeEach(async ({ page }) => {
  await withoutSpeechRecognition(page);
});

test('dashboard: hold to speak → PROCESSING... → transcript, spoken reply; too-short recording', async ({ page }) => {
  const name = `Vox ${Date.now().toString(36).slice(-4)}`;
  await signInWithAvatar(page, name, 'CREATOR');
  await page.goto('/');
  const panel = page.getByRole('region', { name: 'Voice chat' });
  await expect(statusLine(panel, 'VOICE READY')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'VOICE_REPLIES' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByText('Recorded and transcribed by the server.')).toBeVisible();

  // Hold, speak (the fake microphone plays the WAV), release.
  const mic = panel.getByRole('button', { name: 'HOLD TO SPEAK' });
  await mic.hover();
  await page.mouse.down();
  await expect(statusLine(panel, 'RECORDING...')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'RELEASE TO SEND' })).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(2500); // speaking time
  await page.mouse.up();
  await expect(statusLine(panel, 'PROCESSING...')).toBeVisible();

  // The transcript (X-Transcript) is the user's message, then the avatar's reply plays.
  const log = page.getByRole('log', { name: `Conversation with ${name}` });
  await expect(log.getByRole('article', { name: 'You said' })).toContainText(VOICE_TRANSCRIPT);
  const reply = log.getByRole('article', { name: `${name} replied` });
  await expect(reply).toHaveCount(1);
  await expect(reply).not.toBeEmpty();
  await expectAudioPlayed(page);
  await expect(statusLine(panel, 'VOICE READY')).toBeVisible({ timeout: 30_000 });
  // The exchange trained the avatar (header XP from X-Avatar-Progress).
  await expect(page.getByRole('definition').filter({ hasText: /^[1-9]\d* XP$/ })).toBeVisible();

  // A tap is too short (SPEC §5): released before the recorder could capture any speech.
  await mic.click();
  await expect(page.getByText('Voice Processing Failed').first()).toBeVisible();
  await expect(page.getByText('Recording too short - please speak for at least 1 second').first()).toBeVisible();
  await expect(log.getByRole('article', { name: 'You said' })).toHaveCount(1);
});

test('dashboard: the voice replies toggle decides whether typed replies are spoken', async ({ page }) => {
  const name = `Echo ${Date.now().toString(36).slice(-4)}`;
  await signInWithAvatar(page, name, 'HUSTLER');
  await page.goto('/');
  const panel = page.getByRole('region', { name: 'Voice chat' });
  const toggle = panel.getByRole('button', { name: 'VOICE_REPLIES' });
  const log = page.getByRole('log', { name: `Conversation with ${name}` });
  const replies = log.getByRole('article', { name: `${name} replied` });
  const player = page.getByTestId('voice-reply-player');

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await panel.getByRole('textbox', { name: `Message ${name}` }).fill('hello there');
  await panel.getByRole('button', { name: 'Send message' }).click();
  await expect(replies).toHaveCount(1);
  await expect(replies.last()).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  // Nothing was synthesised or played.
  await expect(statusLine(panel, 'VOICE READY')).toBeVisible();
  expect(await player.evaluate((el: HTMLAudioElement) => el.currentSrc)).toBe('');

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('textbox', { name: `Message ${name}` }).fill('what can you do?');
  await panel.getByRole('button', { name: 'Send message' }).click();
  await expect(replies).toHaveCount(2);
  await expect(replies.last()).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expectAudioPlayed(page); // POST /api/voice/text-to-speech in the HUSTLER voice
});

test('avatar chat page: voice on, hold the mic → transcript sent as a message, reply spoken', async ({ page }) => {
  const name = `Cipher ${Date.now().toString(36).slice(-4)}`;
  const { id } = await signInWithAvatar(page, name, 'HACKER');
  await page.goto(`/avatar-chat/${id}`);
  await expect(page.getByRole('switch', { name: /VOICE ON/ })).toBeChecked();
  const log = page.getByRole('log', { name: `Conversation with ${name}` });
  await expect(log.getByRole('article', { name: `${name} said` })).toHaveCount(1); // the greeting

  const mic = page.getByRole('button', { name: 'Hold to record' });
  await mic.hover();
  await page.mouse.down();
  await expect(page.getByRole('status').filter({ hasText: 'RECORDING...' })).toBeVisible();
  await page.waitForTimeout(2500); // speaking time
  await page.mouse.up();
  await expect(page.getByRole('status').filter({ hasText: 'PROCESSING...' })).toBeVisible();

  await expect(log.getByRole('article', { name: 'You said' })).toContainText(VOICE_TRANSCRIPT);
  await expect(log.getByRole('article', { name: `${name} said` })).toHaveCount(2);
  await expectAudioPlayed(page); // POST /api/avatar/speech with voice 'hacker'

  // Voice off: the next reply is not spoken.
  await page.getByRole('switch', { name: /VOICE ON/ }).click();
  await expect(page.getByRole('switch', { name: /VOICE OFF/ })).not.toBeChecked();
  await page.getByRole('textbox', { name: `Message ${name}` }).fill('thanks');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(log.getByRole('article', { name: `${name} said` })).toHaveCount(3);
  await expect(page.getByRole('status').filter({ hasText: 'SPEAKING...' })).toHaveCount(0);
});

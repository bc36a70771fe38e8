import { expect, type Page } from '@playwright/test';

/**
 * Makes the page behave like a browser without speech recognition, so hold-to-speak records with
 * MediaRecorder (Chromium's recognition needs Google's online service, unreachable here).
 */
export async function withoutSpeechRecognition(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.SpeechRecognition;
    delete w.webkitSpeechRecognition;
  });
}

/** Resolves once the voice-reply `<audio>` element has played some sound. */
export async function expectAudioPlayed(page: Page) {
  await expect
    .poll(
      () =>
        page.getByTestId('voice-reply-player').evaluate((el: HTMLAudioElement) => ({
          played: el.played.length > 0 && el.played.end(0) > 0,
          src: el.currentSrc.startsWith('blob:'),
        })),
      { timeout: 30_000 },
    )
    .toEqual({ played: true, src: true });
}

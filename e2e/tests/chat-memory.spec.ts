import { expect, test } from '@playwright/test';
import { devSignIn, uniqueEmail } from '../support/auth';

/**
 * Issue 17 acceptance: tell the avatar a fact, reload the page, get it back — from the stored
 * conversation (history on open) and from what the avatar remembers (server-side dialogue state);
 * the dashboard's AI_CHAT shows the same stored conversation.
 */
test('an avatar remembers what it was told across a reload, on /avatar-chat and the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  await devSignIn(page, 'Memory Tester', uniqueEmail('memory'));
  const created = await page.request.post('/api/avatars', { data: { name: 'Mnemo Byte', agentType: 'HACKER' } });
  expect(created.ok()).toBe(true);
  const avatar = (await created.json()) as { id: number; name: string };

  await page.goto(`/avatar-chat/${avatar.id}`);
  const input = page.getByPlaceholder(`Talk to ${avatar.name}...`);
  await input.fill('hi, my name is Priya and I live in Lisbon');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('article').last()).toContainText('Priya', { timeout: 30_000 });

  await page.reload();
  // The stored conversation is back on open, and the memory panel lists the facts.
  await expect(page.getByText('hi, my name is Priya and I live in Lisbon')).toBeVisible();
  await expect(page.getByText('Name: Priya')).toBeVisible();
  await expect(page.getByText('Lives in: Lisbon')).toBeVisible();
  await input.fill("what's my name and where do I live?");
  await page.getByRole('button', { name: 'Send message' }).click();
  const answer = page.getByRole('article').last();
  await expect(answer).toContainText('Priya', { timeout: 30_000 });
  await expect(answer).toContainText('Lisbon');

  // The dashboard's AI_CHAT opens with the same stored conversation.
  await page.goto('/');
  const log = page.getByRole('log', { name: `Conversation with ${avatar.name}` });
  await expect(log.getByText('hi, my name is Priya and I live in Lisbon')).toBeVisible({ timeout: 30_000 });
  await expect(log.getByText("what's my name and where do I live?")).toBeVisible();
});

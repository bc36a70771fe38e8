import { expect, test } from '@playwright/test';
import { devSignIn, uniqueEmail } from '../support/auth';

/**
 * Chat memory: tell the avatar a fact, reload the page, get it back — from the stored
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
  // The avatar's reply (not the user's own message, which also says Priya): the exchange is stored.
  await expect(page.getByRole('article', { name: `${avatar.name} said` }).last()).toContainText('Priya', {
    timeout: 30_000,
  });

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

/**
 * The offline engine understands what people say, not our phrasings: a fact told in passing inside
 * a longer message survives ten other exchanges and a reload; a topic switch mid-task does the new
 * thing in the same turn, and "back to the site" resumes the site that was being discussed.
 */
test('a fact told in passing survives ten exchanges and a reload; a switched-away task can be resumed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await devSignIn(page, 'Passing Facts', uniqueEmail('passing'));
  const created = await page.request.post('/api/avatars', { data: { name: 'Kestrel', agentType: 'CREATOR' } });
  expect(created.ok()).toBe(true);
  const avatar = (await created.json()) as { id: number; name: string };

  await page.goto(`/avatar-chat/${avatar.id}`);
  const input = page.getByPlaceholder(`Talk to ${avatar.name}...`);
  const replies = page.getByRole('article', { name: `${avatar.name} said` });
  const send = async (text: string) => {
    const before = await replies.count();
    await input.fill(text);
    await page.getByRole('button', { name: 'Send message' }).click();
    // The avatar has answered this message once a new reply is on the page and nothing is in flight.
    await expect.poll(() => replies.count(), { timeout: 30_000 }).toBeGreaterThan(before);
    await expect(page.getByText('PROCESSING...')).toHaveCount(0, { timeout: 30_000 });
    return replies.last();
  };

  await send(
    'Busy morning, the kettle broke and the train was late. Oh, and my tortoise is called Humphrey, he is 40!',
  );
  for (const other of [
    'what is 12 times 12',
    'tell me a joke',
    'how many days until friday',
    'do you like jazz?',
    'what is 81 divided by 9',
    'haha nice one',
    'what day is it today?',
    'is tea better than coffee?',
    'what is 7 plus 35',
    'thanks!',
  ]) {
    await send(other);
  }
  await page.reload();
  await expect(page.getByText('Pets: Humphrey (tortoise)')).toBeVisible({ timeout: 30_000 });
  const recalled = await send('sorry, remind me — what is my tortoise called?');
  await expect(recalled).toContainText('Humphrey');

  // Mid-task switch: the new request is done in the same turn, the site is resumed afterwards.
  await send('can you build a website for my ceramics workshop in Frome?');
  const switched = await send('actually scrap that for now, paint me a heron standing in the reeds');
  await expect(switched).toContainText('heron');
  const resumed = await send('ok, back to the website');
  await expect(resumed).toContainText('ceramics workshop');
});

#!/usr/bin/env node
/**
 * Screenshots of a chat with each avatar type and of each agent task's result,
 * at 1280 and 375 px, for people to look at; not a test. Needs a running app (`npm start`).
 *
 *   node scripts/screenshots-chat.mjs [--base=http://localhost:5000] [--out=/tmp/shots-chat]
 *
 * Creates one HACKER, CREATOR and HUSTLER avatar, has five exchanges with each on /avatar-chat/:id
 * (prints them verbatim), starts one task of each type with a concrete request, waits for the
 * results and shoots the dashboard's RECENT_TASKS of each avatar.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from './find-chromium.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const base = arg('base', 'http://localhost:5000');
const out = arg('out', '/tmp/shots-chat');
fs.mkdirSync(out, { recursive: true });

const LINES = [
  'hi, my name is Priya and I live in Lisbon',
  'i feel a bit down today',
  'what is 15% of 240?',
  'what can you do for me?',
  "what's my name and where do I live?",
];
const TASKS = {
  HACKER: ['code_project', 'a python script that prints the first 10 fibonacci numbers'],
  CREATOR: ['mint_art_nft', 'a red fox in the snow under a purple sky'],
  HUSTLER: ['deploy_website', "a landing page for Priya's coffee shop in Lisbon with menu and contact sections"],
};

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(`${base}/api/login`);
await page.getByLabel('Display name').fill('Chat Shooter');
await page.getByLabel('E-mail').fill(`chat.${Date.now().toString(36)}@example.test`);
await page.getByRole('button', { name: 'SIGN_IN' }).click();
await page.waitForURL(`${base}/`);

for (const [type, name] of [
  ['HACKER', 'Zero Cool'],
  ['CREATOR', 'Luma Vale'],
  ['HUSTLER', 'Max Deal'],
]) {
  const avatar = await (await page.request.post(`${base}/api/avatars`, { data: { name, agentType: type } })).json();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${base}/avatar-chat/${avatar.id}`);
  const input = page.getByPlaceholder(`Talk to ${name}...`);
  console.log(`\n${type} (${name}):`);
  for (const line of LINES) {
    const before = await page.getByRole('article').count();
    await input.fill(line);
    await page.getByRole('button', { name: 'Send message' }).click();
    // The reply has arrived when the newest message is not the one just sent.
    await page.waitForFunction(
      ({ n, sent }) => {
        const all = document.querySelectorAll('article');
        return all.length >= n + 2 && !all[all.length - 1].textContent.includes(sent);
      },
      { n: before, sent: line },
      { timeout: 30_000 },
    );
    const reply = (await page.getByRole('article').last().textContent()) ?? '';
    console.log(`  user: ${line}\n  ${name}: ${reply.replace(/\s+/g, ' ').trim()}`);
  }
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `chat-${type.toLowerCase()}-${width}.png`), fullPage: true });
  }
  const [taskType, prompt] = TASKS[type];
  await page.request.post(`${base}/api/avatars/${avatar.id}/tasks`, { data: { taskType, prompt } });
  if (type === 'CREATOR') {
    await page.request.post(`${base}/api/avatars/${avatar.id}/tasks`, {
      data: { taskType: 'farcaster_post', prompt: 'our first generative art drop on Base' },
    });
  }
  for (let i = 0; i < 120; i++) {
    const tasks = await (await page.request.get(`${base}/api/avatars/${avatar.id}/tasks`)).json();
    if (tasks.length && tasks.every((t) => ['done', 'failed', 'draft', 'cancelled'].includes(t.phase))) break;
    await page.waitForTimeout(1000);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${base}/`);
  await page
    .getByRole('button', { name: new RegExp(name) })
    .first()
    .click()
    .catch(() => {});
  await page.waitForTimeout(1500);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
    await page.waitForTimeout(500);
    const tasks = page.getByRole('region', { name: /RECENT_TASKS/ }).first();
    const target = (await tasks.count()) ? tasks : page;
    await target.screenshot({ path: path.join(out, `tasks-${type.toLowerCase()}-${width}.png`) });
  }
}
await browser.close();

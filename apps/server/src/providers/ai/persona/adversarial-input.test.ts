/**
 * Messages shaped to make a backtracking regular expression run for minutes (ReDoS): the offline
 * engine must answer each of them. Every message here once froze the server's event loop — an
 * upper-case sentence after another (a possessive name pattern whose words could split anywhere),
 * "really really really …" between "what can you" and "do" (two alternatives matching the same
 * adverb), a dotted host name with no valid ending (the URL pattern of wink-nlp's English model),
 * openers repeated without spaces ("haha!haha!…"), apostrophes between letters before "my". They
 * are played in a child process, so a hang fails this test instead of stalling the test runner.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/** Each entry: the earlier user messages, then the message that must be answered. */
const CONVERSATIONS: string[][] = [
  [
    'I AM EXTREMELY STRESSED. MY TAILORING SHOP OPENS ON MONDAY AND NOTHING IS READY.',
    'FINE. I NEED A WEBSITE FOR MY TAILORING SHOP IN KUMASI, ASANTE STITCHES. PLEASE BUILD IT.',
  ],
  [`WE SELL ${'HANDMADE WOODEN TOYS AND PUZZLES '.repeat(6)}IN OSLO. MAKE US A SITE.`],
  [`what can u actually${' actually actually'.repeat(30)} what can u do`],
  [`what r u ${'gly really '.repeat(40)}.`],
  [`is this link ok? http://www.${'ab.cd'.repeat(40)}.c0m`],
  [`see //0.a${'pp.p'.repeat(60)}x`],
  [`${'haha!'.repeat(60)}e should i?`],
  [`what ${"'n".repeat(900)}a`],
  [`n${'-Àa'.repeat(600)} here`],
];

describe('adversarial messages', () => {
  it('are all answered (no pattern backtracks for minutes)', async () => {
    const providerUrl = new URL('./persona-provider.ts', import.meta.url).href;
    const script = `const { composePersonaReply } = await import(${JSON.stringify(providerUrl)});
const conversations = ${JSON.stringify(CONVERSATIONS)};
const avatar = { id: 1, name: 'Cipher', agentType: 'HACKER', description: null, personalityTraits: [], skills: [{ name: 'TypeScript', category: 'code', proficiency: 80 }], level: 4, experiencePoints: 0 };
let answered = 0;
for (const messages of conversations) {
  console.error('playing', JSON.stringify(messages.at(-1).slice(0, 60)));
  const history = [];
  let memory;
  for (const message of messages) {
    const reply = await composePersonaReply({ avatar, message, history, memory });
    if (reply.memory) memory = reply.memory;
    history.push({ role: 'user', text: message }, { role: 'avatar', text: reply.response });
    if (!reply.response.trim()) throw new Error('empty reply to ' + message.slice(0, 60));
  }
  answered += 1;
}
console.log('answered', answered);`;
    const cwd = fileURLToPath(new URL('../../../..', import.meta.url));
    // A generous bound: all of them take about 2 s together; one exponential pattern takes hours.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd, timeout: 90_000 },
    );
    expect(stdout.trim()).toBe(`answered ${CONVERSATIONS.length}`);
  }, 120_000);
});

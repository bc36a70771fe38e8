import { afterAll, describe, expect, it } from 'vitest';
import { composePersonaReply, createPersonaProvider } from './persona/persona-provider';
import {
  createIsolatedPersonaProvider,
  type IsolatedPersonaProvider,
  PERSONA_DEADLINE_MS,
  PERSONA_ENGINE_NAME,
} from './persona-isolated';
import { CRASH_MESSAGE, HOG_MESSAGE, STALL_MESSAGE } from './stalling-engine.test-helper';
import { ChatProviderError, type ChatRequest, type ChatStreamEvent, type PersonaAvatar } from './types';

const AVATAR: PersonaAvatar = {
  id: 7,
  name: 'Luma',
  agentType: 'CREATOR',
  description: 'Paints dreams in neon watercolor',
  personalityTraits: ['curious', 'creative'],
  skills: [{ name: 'Digital Art', category: 'creative', proficiency: 60 }],
  level: 2,
  experiencePoints: 900,
};
const NOW = new Date('2026-11-24T10:00:00Z');
const ask = (message: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
  avatar: AVATAR,
  message,
  history: [],
  now: NOW,
  ...extra,
});

async function collect(events: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const out: ChatStreamEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

/** Settles `promise` into a value to inspect (so a rejection is not unhandled while we wait). */
function outcome<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

const providers: IsolatedPersonaProvider[] = [];
function isolated(options: Parameters<typeof createIsolatedPersonaProvider>[0] = {}): IsolatedPersonaProvider {
  const provider = createIsolatedPersonaProvider(options);
  providers.push(provider);
  return provider;
}
afterAll(async () => {
  await Promise.all(providers.map((p) => p.close()));
});

describe('isolated persona engine', () => {
  it('answers as the in-process engine does, streamed and not', async () => {
    const provider = isolated();
    const inProcess = createPersonaProvider();
    expect(provider.name).toBe(PERSONA_ENGINE_NAME);
    expect(PERSONA_DEADLINE_MS).toBe(10_000);
    const memoryReply = await composePersonaReply(ask("hi, I'm Priya and I teach yoga in Leeds"));
    const requests = [
      ask('hello there'),
      ask('paint me a fox in a neon forest'),
      ask('what is 12 * 7?'),
      ask('what do you know about me?', {
        history: [
          { role: 'user', text: "hi, I'm Priya and I teach yoga in Leeds" },
          { role: 'avatar', text: memoryReply.response },
        ],
        memory: memoryReply.memory,
      }),
      ask('', { attachments: [{ kind: 'image', name: 'fox.png' }] }),
    ];
    for (const req of requests) {
      expect(await provider.reply(req)).toEqual(await inProcess.reply(req));
      expect(await collect(provider.stream(req))).toEqual(await collect(inProcess.stream(req)));
    }
  });

  it('fails a message past the deadline, keeps the event loop free meanwhile, and serves the queue with a fresh worker', async () => {
    const deadlineMs = 3000;
    const provider = isolated({
      deadlineMs,
      engineUrl: new URL('./stalling-engine.test-helper.ts', import.meta.url),
    });
    // The worker is up (and the engine loaded) before the clock of the stalled message starts.
    await provider.reply(ask('hello'));

    const sent = performance.now();
    const stalled = outcome(provider.reply(ask(STALL_MESSAGE)));
    const queued = outcome(provider.reply(ask('paint me a fox')));
    let stalledSettled = false;
    void stalled.then(() => {
      stalledSettled = true;
    });
    // The main thread is free while the worker spins: a timer fires before the stalled message ends.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stalledSettled).toBe(false);

    const result = await stalled;
    expect(performance.now() - sent).toBeGreaterThanOrEqual(deadlineMs - 50);
    expect('error' in result && result.error).toBeInstanceOf(ChatProviderError);
    expect('error' in result && (result.error as ChatProviderError).message).toBe(
      'Chat provider persona-engine failed: the offline engine took longer than 3 s on this message',
    );
    expect('error' in result && (result.error as ChatProviderError).statusCode).toBe(502);

    // The message queued behind it is answered, by a new worker, as the engine answers it.
    expect(await queued).toEqual({ value: await composePersonaReply(ask('paint me a fox')) });
    expect((await collect(provider.stream(ask('hello again')))).at(-1)).toEqual({
      type: 'final',
      reply: await composePersonaReply(ask('hello again')),
    });
  });

  it.each([
    ['crashed on', CRASH_MESSAGE],
    ['ran out of memory on', HOG_MESSAGE],
  ])('fails the message a worker %s, and answers the next one', async (_, message) => {
    const provider = isolated({ engineUrl: new URL('./stalling-engine.test-helper.ts', import.meta.url) });
    const failed = provider.reply(ask(message));
    const next = provider.reply(ask('thanks!'));
    await expect(failed).rejects.toThrow(
      new ChatProviderError(PERSONA_ENGINE_NAME, 'the offline engine stopped on this message'),
    );
    expect(await next).toEqual(await composePersonaReply(ask('thanks!')));
  });

  it('drops an aborted request from the queue without waiting for the one ahead', async () => {
    const provider = isolated({
      deadlineMs: 60_000,
      engineUrl: new URL('./stalling-engine.test-helper.ts', import.meta.url),
    });
    await provider.reply(ask('hello'));
    const stalled = outcome(provider.reply(ask(STALL_MESSAGE)));
    const controller = new AbortController();
    const queued = provider.reply(ask('paint me a fox'), { signal: controller.signal });
    controller.abort(new Error('client left'));
    await expect(queued).rejects.toThrow('client left');
    // An already aborted signal is refused at once, streamed or not.
    await expect(provider.reply(ask('hi'), { signal: controller.signal })).rejects.toThrow('client left');
    await expect(collect(provider.stream(ask('hi'), { signal: controller.signal }))).rejects.toThrow('client left');
    // The stalled one is still running (its deadline is a minute away); closing fails it.
    await provider.close();
    const result = await stalled;
    expect('error' in result && result.error).toBeInstanceOf(ChatProviderError);
  });
});

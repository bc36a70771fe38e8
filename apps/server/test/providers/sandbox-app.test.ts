/**
 * The sandbox inside the app: reported by GET /api/health, reachable as `app.sandbox`, and a
 * runaway program (here an endless loop, stopped at its CPU limit) never keeps the server from
 * answering: requests made while it runs are answered before it is stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

// A cold worker on a loaded 2-core machine can take a while: see src/providers/sandbox/test-timeouts.ts.
describe('the sandbox in the app', { timeout: 180_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CHAIN: 'none' });
  });
  afterAll(async () => t.close());

  it('names the sandbox and its runtime versions in /api/health', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().sandbox).toMatch(/^wasm-sandbox \(pyodide \d+\.\d+\.\d+, quickjs-emscripten \d+\.\d+\.\d+\)$/);
    expect(t.app.sandbox.name).toBe(res.json().sandbox);
  });

  it('keeps answering requests while a program loops forever', async () => {
    const events: string[] = [];
    const runaway = t.app.sandbox
      .run({ language: 'javascript', files: { 'main.js': 'let i = 0;\nfor (;;) { i++; }\n' }, entry: 'main.js' })
      .then((r) => {
        events.push('runaway stopped');
        return r;
      });
    // Let the worker start and the loop begin.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ url: '/api/health/live' });
      expect(res.statusCode).toBe(200);
      events.push('answered');
    }
    const result = await runaway;
    expect(events).toEqual(['answered', 'answered', 'answered', 'answered', 'answered', 'runaway stopped']);
    expect(result.timedOut).toBe(true);
    expect(result.stopped?.reason).toBe('cpu-time');
    expect(result.exitCode).toBeNull();
  });
});

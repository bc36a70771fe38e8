/**
 * Waiting, for the scripts that drive a running app (crash tests, the replicas run, the Base
 * rehearsal): a pause, a poll until a value appears, and a wait until a URL answers.
 */

/** Resolves after `ms` milliseconds. */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Calls `fn` every `every` ms until it returns a truthy value, which is returned; a call that throws
 * counts as "not yet".
 * @returns the value, or null when `ms` milliseconds passed without one
 */
export async function until(fn, ms, every = 250) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn().catch(() => null);
    if (v) return v;
    await sleep(every);
  }
  return null;
}

/**
 * Waits until GET `url` answers `status` (default: any 2xx); each try gives up after 5 s.
 * @param opts.timeoutMs how long to wait in all, ms (default 240 000)
 * @param opts.every pause between tries, ms (default 500)
 * @param opts.child the process serving `url`: its exit ends the wait at once
 * @param opts.hint text (or a function giving it) added to the error, e.g. where the log is
 * @throws Error when the time is up, or when `child` exited first
 */
export async function waitForUrl(url, { timeoutMs = 240_000, every = 500, status, child, hint } = {}) {
  const end = Date.now() + timeoutMs;
  const why = (text) => {
    const more = typeof hint === 'function' ? hint() : hint;
    return new Error(more ? `${text}; ${more}` : text);
  };
  while (Date.now() < end) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await res.body?.cancel();
      if (status === undefined ? res.ok : res.status === status) return;
    } catch {
      // not up yet
    }
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw why(`the process behind ${url} exited (${child.exitCode ?? child.signalCode})`);
    }
    await sleep(every);
  }
  throw why(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Waits until the app at `origin` is ready to serve (GET /api/health/ready answers 200).
 * @param opts as {@link waitForUrl}; polled every second unless `opts.every` says otherwise
 */
export function waitReady(origin, opts = {}) {
  return waitForUrl(`${origin}/api/health/ready`, { every: 1000, ...opts, status: 200 });
}

import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('runs the load once and gives every caller, concurrent or later, the same value', async () => {
    let loads = 0;
    const get = loadOnce(async () => {
      loads++;
      return { client: loads };
    });
    const [a, b] = await Promise.all([get(), get()]);
    const c = await get();
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    let loads = 0;
    const get = loadOnce(async () => {
      loads++;
      if (loads === 1) throw new Error('module not found');
      return 'loaded';
    });
    await expect(get()).rejects.toThrow('module not found');
    await expect(get()).resolves.toBe('loaded');
    expect(loads).toBe(2);
  });
});

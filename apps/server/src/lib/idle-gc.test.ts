import { describe, expect, it } from 'vitest';
import { startIdleGc } from './idle-gc';

describe('startIdleGc', () => {
  const MB = 1024 * 1024;
  const setup = () => {
    let heap = 100 * MB;
    const collections: number[] = [];
    const gc = startIdleGc({
      quietMs: 60_000,
      minGrowthBytes: 16 * MB,
      collect: () => {
        collections.push(heap);
        heap = 50 * MB;
      },
      heapUsed: () => heap,
    });
    return {
      gc,
      collections,
      grow: (mb: number) => {
        heap += mb * MB;
      },
    };
  };

  it('collects once the server has been quiet for two ticks and the heap has grown', () => {
    const { gc, collections } = setup();
    expect(gc.tick()).toBe(false); // one quiet tick is not enough
    expect(gc.tick()).toBe(true);
    expect(collections).toEqual([100 * MB]);
    gc.stop();
  });

  it('waits while requests keep coming', () => {
    const { gc, collections } = setup();
    for (let i = 0; i < 5; i++) {
      gc.activity();
      expect(gc.tick()).toBe(false);
    }
    expect(gc.tick()).toBe(false);
    expect(gc.tick()).toBe(true);
    expect(collections).toHaveLength(1);
    gc.stop();
  });

  it('does not collect again until the heap has grown by the threshold', () => {
    const { gc, collections, grow } = setup();
    gc.tick();
    gc.tick();
    grow(10);
    expect(gc.tick()).toBe(false);
    grow(10);
    expect(gc.tick()).toBe(true);
    expect(collections).toHaveLength(2);
    gc.stop();
  });

  it('gets the real collector without --expose-gc', () => {
    const gc = startIdleGc({ quietMs: 60_000, minGrowthBytes: 0 });
    gc.tick();
    expect(gc.tick()).toBe(true);
    gc.stop();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint, FIRST_PAINT_TIMEOUT_MS } from './first-paint';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A PerformanceObserver that delivers the entries handed to `emit` (jsdom has no Paint Timing). */
function stubPaintObserver() {
  const observers: { callback: PerformanceObserverCallback; disconnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    private readonly entry: { callback: PerformanceObserverCallback; disconnected: boolean };
    constructor(callback: PerformanceObserverCallback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    emit(name: string) {
      const list = {
        getEntriesByName: (n: string) => (n === name ? [{ name }] : []),
      } as unknown as PerformanceObserverEntryList;
      for (const o of observers) if (!o.disconnected) o.callback(list, o as unknown as PerformanceObserver);
    },
  };
}

describe('afterFirstContentfulPaint', () => {
  it('runs the callback at first-contentful-paint, not at first-paint, and only once', () => {
    vi.useFakeTimers();
    const paints = stubPaintObserver();
    const callback = vi.fn();
    afterFirstContentfulPaint(callback);
    paints.emit('first-paint');
    expect(callback).not.toHaveBeenCalled();
    paints.emit('first-contentful-paint');
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FIRST_PAINT_TIMEOUT_MS);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs the callback after the timeout when no paint comes (no Paint Timing, a hidden tab)', () => {
    vi.useFakeTimers();
    const callback = vi.fn();
    afterFirstContentfulPaint(callback, 500);
    vi.advanceTimersByTime(499);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('returns a function that runs the callback now, once', () => {
    vi.useFakeTimers();
    const paints = stubPaintObserver();
    const callback = vi.fn();
    const now = afterFirstContentfulPaint(callback);
    now();
    now();
    paints.emit('first-contentful-paint');
    vi.advanceTimersByTime(FIRST_PAINT_TIMEOUT_MS);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});

describe('afterFirstContentfulPaint with an image to wait for', () => {
  it('runs the callback once both the first paint and the image have come, in either order', () => {
    vi.useFakeTimers();
    const paints = stubPaintObserver();
    const callback = vi.fn();
    const img = document.createElement('img');
    Object.defineProperty(img, 'complete', { value: false });
    afterFirstContentfulPaint(callback, FIRST_PAINT_TIMEOUT_MS, img);
    paints.emit('first-contentful-paint');
    expect(callback).not.toHaveBeenCalled();
    img.dispatchEvent(new Event('load'));
    expect(callback).toHaveBeenCalledTimes(1);

    const second = vi.fn();
    const broken = document.createElement('img');
    Object.defineProperty(broken, 'complete', { value: false });
    afterFirstContentfulPaint(second, FIRST_PAINT_TIMEOUT_MS, broken);
    broken.dispatchEvent(new Event('error'));
    expect(second).not.toHaveBeenCalled();
    paints.emit('first-contentful-paint');
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('does not wait for an image that has already loaded, and gives up on one that never does', () => {
    vi.useFakeTimers();
    const paints = stubPaintObserver();
    const loaded = vi.fn();
    const img = document.createElement('img');
    Object.defineProperty(img, 'complete', { value: true });
    afterFirstContentfulPaint(loaded, FIRST_PAINT_TIMEOUT_MS, img);
    paints.emit('first-contentful-paint');
    expect(loaded).toHaveBeenCalledTimes(1);

    const stuck = vi.fn();
    const never = document.createElement('img');
    Object.defineProperty(never, 'complete', { value: false });
    afterFirstContentfulPaint(stuck, 500, never);
    paints.emit('first-contentful-paint');
    vi.advanceTimersByTime(499);
    expect(stuck).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(stuck).toHaveBeenCalledTimes(1);
  });
});

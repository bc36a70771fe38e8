import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { clearToasts } from '@/hooks/use-toast';
import { queryClient } from '@/lib/query-client';
import { server } from './server';

// Lazily loaded pages are transformed on first import, which can take a few seconds in jsdom.
configure({ asyncUtilTimeout: 8000 });

// jsdom lacks a few browser APIs that Radix primitives and our hooks use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  queryClient.clear();
  clearToasts();
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());

import { type ComponentType, lazy, type ReactElement } from 'react';

/** A lazily loaded page that can be asked to load before it renders. */
export interface LazyPage<P extends object> {
  (props: P): ReactElement;
  /** Starts loading the page's chunk (once; later calls return the same promise). */
  preload: () => Promise<unknown>;
}

/**
 * Like `React.lazy`, plus `preload()`: the chunk can be fetched ahead of the render (a link's hover,
 * the route the page opened on). Once the chunk has arrived the page renders synchronously — no
 * Suspense fallback is shown for a page that was preloaded, which `React.lazy` alone would still
 * show once (it suspends on its first render whatever the state of the import).
 * @param load the dynamic import of a module whose default export is the page
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        pending = null; // a failed fetch (offline, a new deploy) is tried again next time
        throw err;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module level, as React.lazy is
  const Page = (props: P) => {
    const Component = loaded;
    return Component ? <Component {...props} /> : <Lazy {...props} />;
  };
  Page.preload = preload;
  return Page;
}

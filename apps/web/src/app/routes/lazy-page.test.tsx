import { act, render, screen } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('lazyPage', () => {
  it('renders a preloaded page at once, without the Suspense fallback', async () => {
    const Page = lazyPage(async () => ({ default: ({ name }: { name: string }) => <p>page {name}</p> }));
    await Page.preload();
    render(
      <Suspense fallback={<p>LOADING_MODULE...</p>}>
        <Page name="A" />
      </Suspense>,
    );
    // Synchronous: no await between render and the query.
    expect(screen.getByText('page A')).toBeInTheDocument();
    expect(screen.queryByText('LOADING_MODULE...')).not.toBeInTheDocument();
  });

  it('shows the fallback until a page that was not preloaded arrives, and loads it once', async () => {
    let calls = 0;
    const chunk = deferred<{ default: () => ReactElement }>();
    const Page = lazyPage(() => {
      calls++;
      return chunk.promise;
    });
    render(
      <Suspense fallback={<p>LOADING_MODULE...</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('LOADING_MODULE...')).toBeInTheDocument();
    void Page.preload();
    await act(async () => chunk.resolve({ default: () => <p>page B</p> }));
    expect(await screen.findByText('page B')).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('tries a failed chunk again on the next preload', async () => {
    let calls = 0;
    const Page = lazyPage(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return { default: () => <p>page C</p> };
    });
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(calls).toBe(2);
    render(<Page />);
    expect(screen.getByText('page C')).toBeInTheDocument();
  });
});

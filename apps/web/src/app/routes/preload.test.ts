import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { getUserQueryOptions, seedSessionUser } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { makeUser } from '@/testing/render';
import { server } from '@/testing/server';
import { preloadOnLinkIntent, preloadRoute } from './preload';

/** Records the API paths requested from now on (every one answers `[]`). */
function recordRequests(): string[] {
  const seen: string[] = [];
  server.use(
    http.get('*/api/*', ({ request }) => {
      const url = new URL(request.url);
      seen.push(url.pathname + url.search);
      return HttpResponse.json([]);
    }),
  );
  return seen;
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe('preloadRoute', () => {
  it('starts the queries a signed-in page reads first, with the keys the page uses', async () => {
    const seen = recordRequests();
    await preloadRoute('/teams', { signedIn: true });
    await preloadRoute('/avatar-chat/12?from=bar', { signedIn: true });
    await settle();
    expect(seen).toEqual(expect.arrayContaining(['/api/teams', '/api/avatars/12']));
    expect(queryClient.getQueryState(['/api/teams'])?.status).toBe('success');
    expect(queryClient.getQueryState(['/api/avatars', '12'])?.status).toBe('success');
  });

  it('asks nothing for a signed-in page when the user is a visitor, but preloads public pages', async () => {
    const seen = recordRequests();
    await preloadRoute('/teams', { signedIn: false });
    await preloadRoute('/sell', { signedIn: false });
    await preloadRoute('/avatar/7', { signedIn: false });
    await settle();
    expect(seen).toEqual(['/api/avatar-details/7']);
  });

  it('does not ask again for data already cached, and ignores unknown and foreign paths', async () => {
    const seen = recordRequests();
    await preloadRoute('/teams', { signedIn: true });
    await settle();
    await preloadRoute('/teams', { signedIn: true });
    await preloadRoute('/nowhere', { signedIn: true });
    await preloadRoute('//evil.example/teams', { signedIn: true });
    await preloadRoute('/teams/extra', { signedIn: true });
    await settle();
    expect(seen).toEqual(['/api/teams']);
  });

  it('leaves the data alone when asked for chunks only', async () => {
    const seen = recordRequests();
    await preloadRoute('/teams', { signedIn: true, data: false });
    await settle();
    expect(seen).toEqual([]);
  });
});

describe('preloadOnLinkIntent', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    document.body.innerHTML = '';
  });

  it('preloads a link’s page when a pointer rests on it, as the cached user may see it', async () => {
    const seen = recordRequests();
    queryClient.setQueryData(getUserQueryOptions().queryKey, makeUser());
    stop = preloadOnLinkIntent();
    document.body.innerHTML = '<a href="/teams"><span>TEAMS</span></a><a href="https://example.org/teams">x</a>';
    document.querySelector('span')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    document.querySelectorAll('a')[1]?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await settle();
    expect(seen).toEqual(['/api/teams']);
  });

  it('preloads nothing signed-in-only for a visitor', async () => {
    const seen = recordRequests();
    stop = preloadOnLinkIntent();
    document.body.innerHTML = '<a href="/teams">TEAMS</a>';
    document.querySelector('a')?.dispatchEvent(new Event('focusin', { bubbles: true }));
    await settle();
    expect(seen).toEqual([]);
  });
});

describe('seedSessionUser', () => {
  afterEach(() => {
    document.getElementById('session-user')?.remove();
  });

  it('puts the user the server inlined in the page into the cache', () => {
    const user = makeUser({ firstName: '</script>' });
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = 'session-user';
    el.textContent = JSON.stringify(user).replace(/</g, '\\u003c');
    document.body.append(el);
    expect(seedSessionUser()).toEqual(user);
    expect(queryClient.getQueryData(getUserQueryOptions().queryKey)).toEqual(user);
  });

  it('leaves the cache alone on a page without a user or with a damaged one', () => {
    expect(seedSessionUser()).toBeNull();
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = 'session-user';
    el.textContent = '{not json';
    document.body.append(el);
    expect(seedSessionUser()).toBeNull();
    expect(queryClient.getQueryData(getUserQueryOptions().queryKey)).toBeUndefined();
  });
});

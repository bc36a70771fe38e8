import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/server';
import { ApiError, apiRequest, getQueryFn, getServerErrorText, recentFailedRequestId, throwIfResNotOk } from './api';

describe('apiRequest (SPEC §7, §8)', () => {
  it('sends JSON with credentials and resolves with the OK response', async () => {
    let seen: { contentType: string | null; body: unknown; credentials?: RequestCredentials } | undefined;
    server.use(
      http.post('*/api/thing', async ({ request }) => {
        seen = {
          contentType: request.headers.get('content-type'),
          body: await request.json(),
          credentials: request.credentials,
        };
        return HttpResponse.json({ ok: true });
      }),
    );
    const res = await apiRequest('POST', '/api/thing', { a: 1 });
    expect(await res.json()).toEqual({ ok: true });
    expect(seen?.contentType).toBe('application/json');
    expect(seen?.body).toEqual({ a: 1 });
    expect(seen?.credentials).toBe('include');
  });

  it('passes FormData through as multipart', async () => {
    let contentType: string | null = null;
    let field: FormDataEntryValue | null = null;
    server.use(
      http.post('*/api/upload', async ({ request }) => {
        contentType = request.headers.get('content-type');
        field = (await request.formData()).get('profileImage');
        return HttpResponse.json({ imageUrl: '/api/assets/x.webp' });
      }),
    );
    const form = new FormData();
    form.append('profileImage', new File(['x'], 'me.png', { type: 'image/png' }));
    await apiRequest('POST', '/api/upload', form);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    // A file part, not a string (the File class differs between jsdom and Node, so check its shape).
    expect(field).toMatchObject({ type: 'image/png', size: 1 });
  });

  it('fails with "<status>: <body text>"', async () => {
    server.use(http.patch('*/api/profile', () => HttpResponse.json({ error: 'Nope' }, { status: 400 })));
    await expect(apiRequest('PATCH', '/api/profile', {})).rejects.toThrow('400: {"error":"Nope"}');
  });

  it('fails with "<status>: <status text>" when the body is empty', async () => {
    server.use(
      http.get('*/api/empty', () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })),
    );
    await expect(apiRequest('GET', '/api/empty')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  const call = (on401: 'returnNull' | 'throw') => getQueryFn<unknown>({ on401 })({ queryKey: ['/api/auth/user'] });

  it('resolves null on 401 in returnNull mode', async () => {
    server.use(http.get('*/api/auth/user', () => HttpResponse.json({ error: 'Unauthorized' }, { status: 401 })));
    await expect(call('returnNull')).resolves.toBeNull();
  });

  it('fails on 401 by default', async () => {
    server.use(http.get('*/api/auth/user', () => new HttpResponse('Unauthorized', { status: 401 })));
    await expect(call('throw')).rejects.toThrow('401: Unauthorized');
  });

  it('GETs the query key joined by / and parses JSON', async () => {
    server.use(http.get('*/api/avatars/7', () => HttpResponse.json({ id: 7 })));
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/avatars', 7] })).resolves.toEqual({ id: 7 });
  });
});

describe('getServerErrorText', () => {
  it("reads the server's { error } text", () => {
    expect(getServerErrorText(new ApiError(413, '{"error":"Image too large"}', ''), 'Upload failed')).toBe(
      'Image too large',
    );
  });
  it('falls back for non-JSON bodies and other errors', () => {
    expect(getServerErrorText(new ApiError(500, 'boom', ''), 'Upload failed')).toBe('Upload failed');
    expect(getServerErrorText(new TypeError('Failed to fetch'), 'Update failed')).toBe('Update failed');
  });
});

describe('request ids of failed calls', () => {
  it('keeps the x-request-id on the ApiError and as the recent failure for error toasts', async () => {
    const res = new Response('{"error":"nope"}', { status: 500, headers: { 'x-request-id': 'req-abc-12345' } });
    const err = await throwIfResNotOk(res).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).requestId).toBe('req-abc-12345');
    expect((err as ApiError).message).toBe('500: {"error":"nope"}');
    expect(recentFailedRequestId()).toBe('req-abc-12345');
    expect(recentFailedRequestId(10_000, Date.now() + 60_000)).toBeUndefined();
  });
});

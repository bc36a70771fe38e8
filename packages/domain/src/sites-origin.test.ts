import { describe, expect, it } from 'vitest';
import { loopbackOrigins, previewUrlForPage } from './sites-origin';

describe('previewUrlForPage', () => {
  const stored = 'http://127.0.0.1:5001/site-abc/';

  it('keeps a preview made on localhost on 127.0.0.1 while the app is on localhost', () => {
    expect(previewUrlForPage(stored, 'http://localhost:5000')).toBe('http://127.0.0.1:5001/site-abc/');
  });

  it('moves it to localhost while the app is opened on 127.0.0.1, so the hosts still differ', () => {
    const url = previewUrlForPage(stored, 'http://127.0.0.1:5000');
    expect(url).toBe('http://localhost:5001/site-abc/');
  });

  it('uses localhost for an app opened on [::1]', () => {
    expect(previewUrlForPage(stored, 'http://[::1]:5000')).toBe('http://localhost:5001/site-abc/');
  });

  it('leaves a configured public sites origin alone', () => {
    const pub = 'https://sites.example.com/site-abc/';
    expect(previewUrlForPage(pub, 'https://app.example.com')).toBe(pub);
    expect(previewUrlForPage(pub, 'http://127.0.0.1:5000')).toBe(pub);
  });

  it('leaves loopback previews alone on a public app origin', () => {
    expect(previewUrlForPage(stored, 'https://app.example.com')).toBe(stored);
  });

  it('lists both loopback names of a port', () => {
    expect(loopbackOrigins(5001)).toEqual(['http://localhost:5001', 'http://127.0.0.1:5001']);
  });
});

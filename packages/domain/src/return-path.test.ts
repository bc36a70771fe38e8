import { describe, expect, it } from 'vitest';
import { apiLoginHrefFor, loginHrefFor, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each(['/teams', '/avatar/12', '/avatar-chat/3?tab=history', '/marketplace?q=hacker#top', '/nft'])(
    'keeps the same-origin relative path %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    ['//evil.example', 'protocol-relative URL'],
    ['//evil.example/teams', 'protocol-relative URL with a path'],
    ['/\\evil.example', 'slash-backslash'],
    ['\\\\evil.example', 'backslashes'],
    ['/teams\\..\\x', 'a backslash anywhere'],
    ['https://evil.example/teams', 'absolute URL'],
    ['javascript:alert(1)', 'script URL'],
    ['teams', 'relative path without a slash'],
    ['/%2F%2Fevil.example', 'encoded double slash'],
    ['/%5Cevil.example', 'encoded backslash'],
    ['/\tevil', 'a tab'],
    ['/ /evil', 'a space'],
    ['/login', 'the sign-in page'],
    ['/login?returnTo=/teams', 'the sign-in page with a query'],
    ['/api/login', 'a server route'],
    ['/', 'the default page'],
    ['', 'an empty string'],
    [`/${'a'.repeat(600)}`, 'an overlong path'],
    [42, 'a number'],
    [undefined, 'nothing'],
  ] as [unknown, string][])('refuses %j (%s)', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('builds sign-in links that carry only safe paths', () => {
    expect(loginHrefFor('/teams')).toBe('/login?returnTo=%2Fteams');
    expect(loginHrefFor('//evil.example')).toBe('/login');
    expect(apiLoginHrefFor('/avatar/3?x=1')).toBe('/api/login?returnTo=%2Favatar%2F3%3Fx%3D1');
    expect(apiLoginHrefFor(null)).toBe('/api/login');
  });
});

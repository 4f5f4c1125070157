import { describe, expect, it } from 'vitest';
import { localUserId, oidcUserId, parseLocalSignIn } from '../../src/domain/auth/local-user.ts';
import { safeReturnTo } from '../../src/domain/auth/return-to.ts';

const ORIGIN = 'https://book.example.org';

describe('safeReturnTo', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeReturnTo('/ideas', ORIGIN)).toBe('/ideas');
    expect(safeReturnTo('/book/chapter-03?tab=code#top', ORIGIN)).toBe('/book/chapter-03?tab=code#top');
    expect(safeReturnTo(`${ORIGIN}/generator`, ORIGIN)).toBe('/generator');
    // Percent-encoded line breaks stay encoded: a harmless path, never a header break.
    expect(safeReturnTo('/%0d%0aSet-Cookie:x=1', ORIGIN)).toBe('/%0d%0aSet-Cookie:x=1');
  });

  it('sends anything else home (no open redirect)', () => {
    for (const bad of [
      undefined,
      null,
      '',
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      'ideas',
      '/ideas\nX: y',
      'https://book.example.org.evil.example/',
      'http://book.example.org/ideas',
      '/api/logout',
      '/api/login?returnTo=/x',
      '/' + 'a'.repeat(3000),
    ]) {
      expect(safeReturnTo(bad, ORIGIN), String(bad)).toBe('/');
    }
  });
});

describe('local sign-in', () => {
  it('accepts a first name and an email, trimmed, email lower-cased', () => {
    expect(parseLocalSignIn({ firstName: '  Ada ', email: ' Ada@Example.COM ' })).toEqual({ ok: true, value: { firstName: 'Ada', email: 'ada@example.com' } });
  });

  it('reports one clear message per invalid field', () => {
    expect(parseLocalSignIn({ firstName: '  ', email: '' })).toEqual({
      ok: false,
      errors: { firstName: 'Enter your first name', email: 'Enter your email address' },
    });
    expect(parseLocalSignIn({ firstName: 'Ada', email: 'not-an-email' })).toEqual({
      ok: false,
      errors: { email: 'Enter an email address like name@example.com' },
    });
    expect(parseLocalSignIn({ firstName: '<script>', email: 'a@b.co' })).toEqual({
      ok: false,
      errors: { firstName: 'First name cannot contain < > or control characters' },
    });
    expect(parseLocalSignIn({ firstName: 'x'.repeat(61), email: 'a@b.co' })).toMatchObject({
      ok: false,
      errors: { firstName: 'First name must be 60 characters or fewer' },
    });
  });

  it('derives a stable, URL-safe id from the email', async () => {
    const id = await localUserId('Ada@Example.com');
    expect(id).toMatch(/^local-[\w-]{24}$/);
    expect(await localUserId(' ada@example.com')).toBe(id);
    expect(await localUserId('bob@example.com')).not.toBe(id);
    expect(await oidcUserId('https://issuer.example', 'ada@example.com')).not.toBe(id);
    expect(await oidcUserId('https://a.example', 'x')).not.toBe(await oidcUserId('https://b.example', 'x'));
  });
});

import { describe, expect, it } from 'vitest';
import { normaliseLoginSearch, safeReturnPath } from './login-search.ts';

describe('login query (spec §5)', () => {
  it('lowercases the email and keeps it only when valid', () => {
    expect(normaliseLoginSearch({ email: ' Ada@Example.COM ' })).toEqual({ email: 'ada@example.com' });
    expect(normaliseLoginSearch({ email: 'not-an-address' })).toEqual({});
  });

  it('keeps the end of a single sign-on, and nothing else in its place', () => {
    expect(normaliseLoginSearch({ sso: 'done', redirect: '/upload' })).toEqual({
      sso: 'done',
      redirect: '/upload',
    });
    expect(normaliseLoginSearch({ sso: 'https://evil.example' })).toEqual({});
  });

  it('accepts only in-app return paths', () => {
    expect(safeReturnPath('/profile?tab=1')).toBe('/profile?tab=1');
    expect(safeReturnPath('//evil.example')).toBeUndefined();
    expect(safeReturnPath('https://evil.example')).toBeUndefined();
    expect(safeReturnPath('/logout')).toBeUndefined();
  });
});

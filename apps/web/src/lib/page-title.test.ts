import { describe, expect, it } from 'vitest';
import { pageTitle, titleFromPath } from './page-title.ts';

describe('page title rule (spec §2)', () => {
  it('uses the meta title when it is a string', () => {
    expect(pageTitle('Log in', '/login')).toBe('Log in - Signet');
  });

  it('falls back to the last static path segment, dash words capitalised', () => {
    expect(pageTitle(undefined, '/business/profile/aes-for-business')).toBe('Aes For Business - Signet');
    expect(pageTitle(42, '/business/seals/$accountname')).toBe('Seals - Signet');
    expect(titleFromPath('/view/$id/$userid')).toBe('View');
  });

  it('is the product name alone when there is nothing to name', () => {
    expect(pageTitle(undefined, '/')).toBe('Signet');
    expect(pageTitle('', '/$id')).toBe('Signet');
  });
});

import { describe, expect, it } from 'vitest';
import { parseExitUrlState, redirectTimeout } from './exit-url.ts';

describe('exit URLs (spec §5)', () => {
  it('accepts only http and https, and falls back to the exit URL', () => {
    expect(parseExitUrlState({ exit: 'https://shop.example/done', error: 'javascript:alert(1)' })).toEqual({
      exitUrl: 'https://shop.example/done',
      errorUrl: 'https://shop.example/done',
      declineUrl: 'https://shop.example/done',
      timeout: 45,
    });
    expect(parseExitUrlState({ exit: 'ftp://x' }).exitUrl).toBeNull();
  });

  it('clamps the redirect timeout to 10..90 with 0 meaning immediate', () => {
    expect([
      redirectTimeout('0'),
      redirectTimeout('5'),
      redirectTimeout('30'),
      redirectTimeout(500),
      redirectTimeout('x'),
    ]).toEqual([0, 10, 30, 90, 45]);
  });
});

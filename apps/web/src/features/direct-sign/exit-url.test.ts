import { describe, expect, it } from 'vitest';
import { exitAfterSigning, parseExitUrlState, redirectTimeout, withRequestExit } from './exit-url.ts';

describe('exit URLs (spec §5)', () => {
  it('accepts only http and https, and falls back to the exit URL', () => {
    expect(parseExitUrlState({ exit: 'https://shop.example/done', error: 'javascript:alert(1)' })).toEqual({
      exitUrl: 'https://shop.example/done',
      errorUrl: 'https://shop.example/done',
      declineUrl: 'https://shop.example/done',
      timeout: 45,
      declineRedirect: true,
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

  it('counts down only when the exit URL applies to exactly the last request signed', () => {
    const state = parseExitUrlState({ exit: 'https://shop.example/done' });
    expect(exitAfterSigning(state, 'a', ['a'])).toBe('https://shop.example/done');
    expect(exitAfterSigning(state, 'a', ['b', 'a'])).toBe('https://shop.example/done');
    expect(exitAfterSigning(state, 'a', ['a', 'b'])).toBeNull();
    expect(exitAfterSigning(state, 'a', [])).toBeNull();
    expect(exitAfterSigning(parseExitUrlState({}), 'a', ['a'])).toBeNull();
  });

  it('takes what the link leaves out from the request, and reads declineRedirect', () => {
    const request = {
      exit_url: 'https://app.example/exit',
      error_url: null,
      decline_url: 'https://app.example/declined',
      redirect_timeout: 0,
    };
    expect(withRequestExit({}, request)).toEqual({
      exitUrl: 'https://app.example/exit',
      errorUrl: 'https://app.example/exit',
      declineUrl: 'https://app.example/declined',
      timeout: 0,
      declineRedirect: true,
    });
    expect(
      withRequestExit(
        { exit: 'https://link.example/', redirectTimeout: '5', declineRedirect: 'false' },
        request,
      ),
    ).toMatchObject({ exitUrl: 'https://link.example/', timeout: 10, declineRedirect: false });
  });
});

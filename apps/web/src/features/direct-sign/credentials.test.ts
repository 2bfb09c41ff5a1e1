import { afterEach, describe, expect, it } from 'vitest';
import { hasDirectSignCredentials, takeDirectSignCredentials } from './credentials.ts';

const requestId = '11111111-1111-4111-8111-111111111111';
const signerId = '22222222-2222-4222-8222-222222222222';
const secret = 'c2VjcmV0LW9mLXRoZS12aXNpdG9ycy1saW5rLTAwMDA';

describe('direct-sign credentials (issue 10: the secret rides in the fragment)', () => {
  afterEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('takes the secret from the fragment, keeps it for the tab and removes it from the address bar', () => {
    window.history.replaceState({ key: 'entry' }, '', `/view/${requestId}/${signerId}?lang=it#${secret}`);
    expect(takeDirectSignCredentials(requestId, signerId)).toEqual({ signerId, requestId, secret });
    expect(window.location.href).not.toContain(secret);
    expect(window.location.pathname + window.location.search).toBe(`/view/${requestId}/${signerId}?lang=it`);
    expect(window.history.state).toEqual({ key: 'entry' });
    expect(hasDirectSignCredentials()).toBe(true);
    // A reload (no fragment any more) finds it again, for this signer and request only.
    expect(takeDirectSignCredentials(requestId, signerId)?.secret).toBe(secret);
    expect(takeDirectSignCredentials(requestId, '33333333-3333-4333-8333-333333333333')).toBeNull();
  });

  it('has nothing for a link without its fragment', () => {
    window.history.replaceState(null, '', `/view/${requestId}/${signerId}`);
    expect(takeDirectSignCredentials(requestId, signerId)).toBeNull();
    expect(hasDirectSignCredentials()).toBe(false);
  });
});

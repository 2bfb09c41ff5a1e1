import { describe, expect, it } from 'vitest';
import { logSafeUrl } from './logging.ts';

describe('log-safe URLs', () => {
  it('keeps the secrets of send-to and invitation links out of the access log', () => {
    expect(logSafeUrl('/sendto/abcDEF123_-x')).toBe('/sendto/[redacted]');
    expect(logSafeUrl('/api/v3/sendto/abcDEF123/claim')).toBe('/api/v3/sendto/[redacted]/claim');
    expect(logSafeUrl('/invite/s3cr3t-link?lang=de-ch')).toBe('/invite/[redacted]?lang=de-ch');
    expect(logSafeUrl('/api/v1/business-invitations/s3cr3t/accept')).toBe(
      '/api/v1/business-invitations/[redacted]/accept',
    );
    expect(logSafeUrl('/sandbox/ident/sessions/ids_abcdefghijklmnop/pAgEt0ken_-x')).toBe(
      '/sandbox/ident/sessions/ids_abcdefghijklmnop/[redacted]',
    );
  });

  it('replaces credential-named query values and keeps the rest', () => {
    expect(logSafeUrl('/signup/confirm?token=abc&lang=it')).toBe('/signup/confirm?token=[redacted]&lang=it');
    expect(logSafeUrl('/api/v3/signature-requests?filter=all')).toBe('/api/v3/signature-requests?filter=all');
    expect(
      logSafeUrl('/upgrade?plan=team&setup_intent=seti_1&setup_intent_client_secret=seti_1_secret_x'),
    ).toBe('/upgrade?plan=team&setup_intent=seti_1&setup_intent_client_secret=[redacted]');
    expect(logSafeUrl('/sandbox/payments/pages/authenticate/seti_1/t0ken')).toBe(
      '/sandbox/payments/pages/authenticate/seti_1/[redacted]',
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { SignatureQualities } from '../../lib/api/get-signature-qualities.ts';
import { missingFor, upgradeLink } from './upgrade-standards.ts';

const qes = (legislation: 'eidas' | 'zertes', reason: string | null) => ({
  quality: 'qes' as const,
  legislation,
  available: reason === null,
  reason,
  demo: true,
});

function detail(emailVerified: boolean, eidas: string | null, zertes: string | null): SignatureQualities {
  return {
    emailVerified,
    qualities: [qes('eidas', eidas), qes('zertes', zertes)],
  } as unknown as SignatureQualities;
}

describe('upgrade standards', () => {
  it('names what is really missing: the e-mail only when it is unconfirmed', () => {
    expect(missingFor(detail(false, 'EMAIL_NOT_VERIFIED', 'EMAIL_NOT_VERIFIED'), 'zertes')).toBe(
      'EMAIL_NOT_VERIFIED',
    );
    expect(missingFor(detail(true, 'IDENTIFICATION_REQUIRED', 'IDENTIFICATION_ONGOING'), 'zertes')).toBe(
      'IDENTIFICATION_ONGOING',
    );
    expect(missingFor(detail(true, 'IDENTIFICATION_REQUIRED', null), null)).toBe('IDENTIFICATION_REQUIRED');
    expect(missingFor(detail(true, null, null), 'eidas')).toBeNull();
  });

  it('leads a user to the step that helps, with the request to return to', () => {
    const user = { kind: 'user' } as const;
    expect(upgradeLink(user, 'IDENTIFICATION_REQUIRED', 'zertes', 'r1')).toMatchObject({
      to: '/profile/signature-standards/zertes',
      search: { sr: 'r1' },
    });
    expect(upgradeLink(user, 'IDENTIFICATION_ONGOING', 'eidas', 'r1')).toMatchObject({
      to: '/profile/signature-standards',
      search: { sr: 'r1' },
    });
    expect(upgradeLink(user, 'EMAIL_NOT_VERIFIED', null, undefined)).toMatchObject({
      to: '/profile/confirm',
    });
    expect(upgradeLink(user, 'IDENTIFICATION_NAME_MISMATCH', 'zertes', undefined)).toMatchObject({
      to: '/profile/signature-standards/zertes/personal-details',
      search: {},
    });
  });

  it('leads a visitor to the identification page of their own request', () => {
    const visitor = { kind: 'direct', signerId: 's1', requestId: 'r1', secret: 'x' } as const;
    expect(upgradeLink(visitor, 'IDENTIFICATION_REQUIRED', 'eidas', 'r1')).toEqual({
      to: '/direct-sign/identification/$id/$userid',
      params: { id: 'r1', userid: 's1' },
    });
  });
});

import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Document } from '@signet/contracts/documents';
import type { SignatureVerdict } from '@signet/contracts/validation';
import enGb from '../locales/en-gb.json';
import { ExistingSignaturesNotice } from './existing-signatures-notice.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-gb',
    lowerCaseLng: true,
    resources: { 'en-gb': { translation: enGb } },
    returnNull: false,
  });
});

const verdict = (overrides: Partial<SignatureVerdict>): SignatureVerdict => ({
  fieldName: 'Signature1',
  kind: 'signature',
  indication: 'TOTAL-PASSED',
  subIndication: null,
  reason: null,
  signer: { subject: 'C=CH, CN=Vera Valid', serialNumber: '01', issuer: 'CN=Some CA' },
  signingTime: null,
  timestampTime: null,
  revision: 1,
  coversWholeDocument: true,
  laterChangesAllowed: true,
  disallowedChanges: [],
  level: 'B-T',
  ...overrides,
});

const documentWith = (
  title: string,
  signatures: SignatureVerdict[],
  warning: 'broken' | 'unsigned-changes' | null,
): Document => ({
  id: title,
  title,
  size: 1,
  sha256: 'a',
  originalSha256: 'a',
  pageCount: 1,
  pages: [],
  signatureCount: signatures.length,
  validation: { validatedAt: '2026-01-01T00:00:00.000Z', signatures, warning },
  signatureFields: [],
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('ExistingSignaturesNotice', () => {
  it('warns of a broken signature, naming each signature and why in words', () => {
    render(
      <ExistingSignaturesNotice
        documents={[
          documentWith(
            'Contract',
            [
              verdict({ indication: 'TOTAL-FAILED', subIndication: 'HASH_FAILURE' }),
              verdict({
                indication: 'INDETERMINATE',
                subIndication: 'NO_CERTIFICATE_CHAIN_FOUND',
                signer: { subject: 'CN=Otto Other', serialNumber: '02', issuer: 'CN=Foreign CA' },
              }),
            ],
            'broken',
          ),
        ]}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('A signature in “Contract” is broken')).toBeTruthy();
    expect(
      within(alert).getByText('Broken signature by Vera Valid: the document was changed after signing'),
    ).toBeTruthy();
    expect(
      within(alert).getByText(
        'Signature by Otto Other could not be verified: its certificate was not issued by an authority in the trust list',
      ),
    ).toBeTruthy();
  });

  it('shows unverifiable foreign signatures neutrally, as a status, not a warning', () => {
    render(
      <ExistingSignaturesNotice
        documents={[
          documentWith(
            'Offer',
            [verdict({ indication: 'INDETERMINATE', subIndication: 'NO_CERTIFICATE_CHAIN_FOUND' })],
            null,
          ),
        ]}
      />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      within(screen.getByRole('status')).getByText('“Offer” held signatures when it was uploaded'),
    ).toBeTruthy();
  });

  it('flags changes after a signature that are not allowed ones', () => {
    render(
      <ExistingSignaturesNotice
        documents={[
          documentWith(
            'Lease',
            [verdict({ laterChangesAllowed: false, disallowedChanges: ['page content changed'] })],
            'unsigned-changes',
          ),
        ]}
      />,
    );
    expect(
      within(screen.getByRole('alert')).getByText('“Lease” was changed after it was signed'),
    ).toBeTruthy();
  });

  it('says nothing for documents uploaded without signatures', () => {
    const { container } = render(
      <ExistingSignaturesNotice documents={[{ ...documentWith('Plain', [], null), validation: null }]} />,
    );
    expect(container.textContent).toBe('');
  });
});

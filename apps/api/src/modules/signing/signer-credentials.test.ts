import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { validatePdfSignatures } from '@signet/pdf';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { users } from '../../db/schema/accounts.ts';
import { signers } from '../../db/schema/signature-requests.ts';
import { signerCredentials } from '../../db/schema/signing.ts';
import { databaseKinds, json, samplePdf, visitorLink } from '../../../test/helpers.ts';
import { cast, useTestApp, visitorSignature } from '../../../test/factories.ts';

// An account keeps its AES credential per legislation and enrols again only when it must: the
// signature of a kept credential is as valid as one made with a fresh certificate.

describe.each(databaseKinds)('kept signer credentials on %s', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    env: { LOG_LEVEL: 'error' },
    users: cast('owner', 'signer'),
  });
  const { owner, signer } = t.users;
  let trustList: string;
  beforeAll(async () => {
    trustList = await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text();
    // More signatures than an account's free ones.
    await t.database.db
      .update(users)
      .set({ attributes: sql`jsonb_set(${users.attributes}, '{free_signatures_remaining}', '100'::jsonb)` })
      .where(eq(users.id, signer.id));
  });

  const open = (legislation: 'eidas' | 'zertes' = 'zertes', withVisitor = false) =>
    t.request(owner, {
      quality: 'aes',
      legislation,
      documents: [{ title: 'contract', content: samplePdf }],
      signatures: [
        signer.email,
        ...(withVisitor ? [visitorSignature('vera@example.ch', 'Vera', 'Visitor')] : []),
      ],
    });

  /** Signs `request` as the signer; the serial of the certificate that signed it. */
  async function signedSerial(request: SignatureRequest): Promise<string> {
    expect(await t.sign(request, signer)).toMatchObject({ status: 'SUCCESS' });
    const [row] = await t.database.db
      .select({ serial: signers.certificateSerial })
      .from(signers)
      .where(eq(signers.requestId, request.id));
    return row!.serial!;
  }

  const kept = () =>
    t.database.db.select().from(signerCredentials).where(eq(signerCredentials.userId, signer.id));

  it('enrols once per legislation and signs the next requests with the kept certificate', async () => {
    const first = await signedSerial(await open());
    const second = await signedSerial(await open());
    expect(second).toBe(first);
    const other = await signedSerial(await open('eidas'));
    expect(other).not.toBe(first);
    expect((await kept()).map((c) => c.legislation).sort()).toEqual(['eidas', 'zertes']);

    // The second signature, made with the kept certificate, validates like the first.
    const request = await open();
    await signedSerial(request);
    const final = json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${request.id}`, owner));
    const download = await t.call('GET', `/v3/documents/${final.documents[0]!.id}/download`, owner);
    const report = await validatePdfSignatures(new Uint8Array(download.rawPayload), {
      trustAnchors: trustList,
    });
    const ours = report.signatures.filter((s) => s.fieldName.startsWith('Signature-'));
    expect(ours.map((s) => [s.indication, s.level])).toEqual([['TOTAL-PASSED', 'B-LT']]);
  });

  it('enrols again when the kept one is about to expire, names another name, or the QTSP refuses it', async () => {
    const before = await signedSerial(await open());
    // About to expire: within the renewal margin.
    await t.database.db
      .update(signerCredentials)
      .set({ validTo: new Date(Date.now() + 60_000) })
      .where(eq(signerCredentials.userId, signer.id));
    const renewed = await signedSerial(await open());
    expect(renewed).not.toBe(before);

    // The account's name changed: the certificate must name the new one.
    await t.database.db.update(users).set({ lastName: 'Renamed' }).where(eq(users.id, signer.id));
    const renamed = await signedSerial(await open());
    expect(renamed).not.toBe(renewed);
    const [row] = await t.database.db
      .select({ subject: signers.certificateSubject })
      .from(signers)
      .where(eq(signers.certificateSerial, renamed));
    expect(row!.subject).toContain('Renamed');

    // A credential the QTSP does not know (a reset sandbox): enrolled anew, and the signing goes through.
    await t.database.db
      .update(signerCredentials)
      .set({ credentialId: '00000000-0000-4000-8000-000000000000' })
      .where(eq(signerCredentials.userId, signer.id));
    const recovered = await signedSerial(await open());
    expect(recovered).not.toBe(renamed);
    expect((await kept()).find((c) => c.legislation === 'zertes')!.credentialId).not.toBe(
      '00000000-0000-4000-8000-000000000000',
    );
  });

  it('keeps nothing for a visitor, and nothing after the account is deleted', async () => {
    const request = await open('zertes', true);
    const visitor = await visitorLink(t, 'vera@example.ch', request.id);
    expect(await t.sign(request, visitor)).toMatchObject({ status: 'SUCCESS' });
    const all = await t.database.db.select().from(signerCredentials);
    expect(all.every((c) => c.userId === signer.id)).toBe(true);
    await t.database.db.delete(users).where(eq(users.id, signer.id));
    expect(await kept()).toEqual([]);
  });
});

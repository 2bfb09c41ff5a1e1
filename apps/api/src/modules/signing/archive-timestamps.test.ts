import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePdfSignatures, type ValidationReport } from '@signet/pdf';
import {
  createValidatorWorkspace,
  extractSignature,
  tool,
  type ValidatorWorkspace,
} from '@signet/pdf/testing';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { cast, useTestApp, type TestUser } from '../../../test/factories.ts';
import { and, eq, isNull } from 'drizzle-orm';
import { jobs } from '../../db/schema/platform.ts';
import { archiveJobKind, queueArchiveTimestamp } from '../signature-requests/request-archive.service.ts';
import { findArchive } from './archive-timestamps.repository.ts';
import { scheduleArchiveRenewal } from './archive-timestamps.service.ts';

const dayMs = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)('archive timestamps (B-LTA) on %s', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    env: { LOG_LEVEL: 'error', ARCHIVE_RETIMESTAMP_MARGIN_DAYS: '200' },
    users: cast('owner', 'signer', 'second'),
  });
  const { owner, signer, second } = t.users;
  let trustList: string;
  let validators: ValidatorWorkspace;
  beforeAll(async () => {
    trustList = await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text();
    validators = await createValidatorWorkspace(trustList);
  });
  afterAll(() => validators.dispose());

  let request: SignatureRequest;
  let documentId: string;

  async function download(as: TestUser = owner): Promise<Uint8Array> {
    const response = await t.call('GET', `/v3/documents/${documentId}/download`, as);
    expect(response.statusCode, response.body).toBe(200);
    return new Uint8Array(response.rawPayload);
  }
  const validate = (pdf: Uint8Array): Promise<ValidationReport> =>
    validatePdfSignatures(pdf, { trustAnchors: trustList });
  const ofKind = (report: ValidationReport, kind: 'signature' | 'document-timestamp') =>
    report.signatures.filter((s) => s.kind === kind);

  it('adds a final DSS and a document timestamp after the third signature, in a job', async () => {
    request = await t.request(owner, {
      title: 'Archive',
      signatures: ['owner@example.ch', 'signer@example.ch', 'second@example.ch'],
    });
    documentId = request.documents[0]!.id;
    for (const who of [owner, signer, second]) await t.sign(request, who);
    const completed = json<SignatureRequest>(
      await t.call('GET', `/v3/signature-requests/${request.id}`, owner),
    );
    expect(completed.status_overall).toBe('SIGNED');

    // Until the job ran, a download gives the B-LT version: every signature, no document timestamp.
    const longTerm = await download();
    const before = await validate(longTerm);
    expect(ofKind(before, 'signature').map((s) => [s.indication, s.level])).toEqual(
      Array(3).fill(['TOTAL-PASSED', 'B-LT']),
    );
    expect(ofKind(before, 'document-timestamp')).toEqual([]);

    await t.app.jobs.drain();
    const archived = await download();
    expect(Buffer.from(archived.subarray(0, longTerm.length)).equals(Buffer.from(longTerm))).toBe(true);
    const report = await validate(archived);
    expect(ofKind(report, 'signature').map((s) => [s.indication, s.level])).toEqual(
      Array(3).fill(['TOTAL-PASSED', 'B-LTA']),
    );
    const [stamp, ...more] = ofKind(report, 'document-timestamp');
    expect(more).toEqual([]);
    expect(stamp).toMatchObject({
      fieldName: 'Signet-Archive-Timestamp-1',
      subFilter: 'ETSI.RFC3161',
      indication: 'TOTAL-PASSED',
      coversWholeDocument: true,
    });

    // pdfsig accepts the three signatures (it leaves RFC 3161 document timestamps unverified);
    // openssl verifies the timestamp token of the last /Contents over the bytes of its revision.
    const pdfsig = await validators.pdfsig(archived);
    expect(pdfsig.signatures).toHaveLength(4);
    for (const entry of pdfsig.signatures.slice(0, 3))
      expect([entry.valid, entry.trusted], entry.text).toEqual([true, true]);
    expect(pdfsig.signatures[3]).toMatchObject({
      fieldName: 'Signet-Archive-Timestamp-1',
      totalDocument: true,
    });
    const { cms: token, signedBytes } = extractSignature(archived, stamp!.byteRange!);
    const tsCheck = await validators.opensslTsVerifyToken(token, signedBytes);
    expect(tsCheck.stdout + tsCheck.stderr).toContain('Verification: OK');
    expect((await validators.qpdfCheck(archived)).code).toBe(0);
  });

  it('lets a validator that prefers CRLs check every certificate through the CRLs the certificates point to', async () => {
    const pdf = await download();
    const report = await validate(pdf);
    expect(report.signatures).toHaveLength(4);
    for (const signature of report.signatures) {
      // The certificates the CMS (or the timestamp token) carries, each checked by openssl alone:
      // it downloads the CRL from the certificate's distribution point, and asks no OCSP responder.
      const { cms } = extractSignature(pdf, signature.byteRange!);
      const chain = await validators.file('chain.pem', new Uint8Array());
      const printed = await tool('openssl', [
        'pkcs7',
        '-inform',
        'DER',
        '-in',
        await validators.file('cms.der', cms),
        '-print_certs',
        '-out',
        chain,
      ]);
      expect(printed.code, printed.stderr).toBe(0);
      const certificates = (await readFile(chain, 'utf8')).match(
        /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g,
      )!;
      let checked = 0;
      for (const pem of certificates) {
        const file = await validators.file('certificate.pem', Buffer.from(pem));
        const pointers = await tool('openssl', [
          'x509',
          '-in',
          file,
          '-noout',
          '-ext',
          'crlDistributionPoints',
        ]);
        // Roots name no CRL (nothing above them issues one): the trust list vouches for them.
        if (!pointers.stdout.includes('/sandbox/crl/')) continue;
        const verified = await tool('openssl', [
          'verify',
          '-crl_check',
          '-crl_download',
          '-CAfile',
          validators.trustListFile,
          '-untrusted',
          chain,
          file,
        ]);
        expect(verified.stdout, verified.stderr).toContain(`${file}: OK`);
        checked++;
      }
      // The signer (or the TSA) and its issuing CA at least.
      expect(checked).toBeGreaterThanOrEqual(signature.kind === 'signature' ? 2 : 1);
    }
  });

  it('adds nothing when the completion job runs again', async () => {
    const archived = await download();
    await queueArchiveTimestamp(t.app.database.db, t.clock, request.id);
    await t.app.jobs.drain();
    expect(Buffer.from(await download()).equals(Buffer.from(archived))).toBe(true);
    expect((await findArchive(t.app.database.db, documentId))?.count).toBe(1);
  });

  it('keeps the B-LT version while the TSA is down, and archives it when the job is retried', async () => {
    const db = t.app.database.db;
    const single = await t.request(owner, { title: 'Archive later', signatures: ['signer@example.ch'] });
    const id = single.documents[0]!.id;
    await t.sign(single, signer);
    const sandbox = (method: string, body?: object) =>
      fetch(`${t.config.publicUrl}/sandbox/control/faults`, {
        method,
        ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
      });
    const current = async () =>
      new Uint8Array((await t.call('GET', `/v3/documents/${id}/download`, owner)).rawPayload);
    const longTerm = await current();

    await sandbox('POST', { tsaDown: true });
    try {
      await t.app.jobs.drain();
    } finally {
      await sandbox('DELETE');
    }
    expect(Buffer.from(await current()).equals(Buffer.from(longTerm))).toBe(true);
    expect(await findArchive(db, id)).toBeNull();
    const [waiting] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, archiveJobKind), isNull(jobs.doneAt)));
    expect(waiting).toMatchObject({
      attempts: 1,
      failedAt: null,
      lastError: expect.stringMatching(/timestamp/i),
    });

    // The retry's backoff has passed: the job runs again and the document reaches B-LTA.
    t.clock.advance(60_000);
    await t.app.jobs.drain();
    const report = await validate(await current());
    expect(ofKind(report, 'signature').map((s) => [s.indication, s.level])).toEqual([
      ['TOTAL-PASSED', 'B-LTA'],
    ]);
    expect(ofKind(report, 'document-timestamp')).toHaveLength(1);
    expect((await findArchive(db, id))?.count).toBe(1);
  });

  it('archives a document again, with every signature, when a later request signed it too', async () => {
    const db = t.app.database.db;
    const first = await t.request(owner, { title: 'First round', signatures: ['signer@example.ch'] });
    const id = first.documents[0]!.id;
    await t.sign(first, signer);
    await t.app.jobs.drain();
    const second = await t.request(owner, {
      title: 'Second round',
      documents: [{ id }],
      signatures: ['second@example.ch'],
    });
    await t.sign(second, t.users.second);
    await t.app.jobs.drain();
    const pdf = new Uint8Array((await t.call('GET', `/v3/documents/${id}/download`, owner)).rawPayload);
    const report = await validate(pdf);
    expect(ofKind(report, 'signature').map((s) => [s.indication, s.level])).toEqual(
      Array(2).fill(['TOTAL-PASSED', 'B-LTA']),
    );
    expect(ofKind(report, 'document-timestamp').map((s) => [s.fieldName, s.coversWholeDocument])).toEqual([
      ['Signet-Archive-Timestamp-1', false],
      ['Signet-Archive-Timestamp-2', true],
    ]);
    expect(await findArchive(db, id)).toMatchObject({ count: 2 });
  });

  it('re-timestamps once the clock passes the TSA certificate end minus the margin, not before', async () => {
    const db = t.app.database.db;
    const first = (await findArchive(db, documentId))!;
    const archived = await download();
    const renewAt = first.tsaCertificateNotAfter.getTime() - 200 * dayMs;
    await scheduleArchiveRenewal(db, t.clock.now());

    // A day before the margin begins: the daily job runs and leaves the document as it is.
    t.clock.advance(renewAt - dayMs - t.clock.now().getTime());
    await t.app.jobs.drain();
    // Sessions end as the clock moves on: the owner signs in again for each look.
    expect(Buffer.from(await download(await t.login(owner))).equals(Buffer.from(archived))).toBe(true);

    // Two days on, inside the margin: the next daily run renews it.
    t.clock.advance(2 * dayMs);
    await t.app.jobs.drain();
    const renewed = await download(await t.login(owner));
    expect(Buffer.from(renewed.subarray(0, archived.length)).equals(Buffer.from(archived))).toBe(true);
    const report = await validate(renewed);
    expect(
      ofKind(report, 'document-timestamp').map((s) => [s.fieldName, s.indication, s.coversWholeDocument]),
    ).toEqual([
      ['Signet-Archive-Timestamp-1', 'TOTAL-PASSED', false],
      ['Signet-Archive-Timestamp-2', 'TOTAL-PASSED', true],
    ]);
    expect(ofKind(report, 'signature').map((s) => [s.indication, s.level])).toEqual(
      Array(3).fill(['TOTAL-PASSED', 'B-LTA']),
    );
    expect(await findArchive(db, documentId)).toMatchObject({ count: 2 });

    // The sandbox TSA still signs with the same certificate: a week passes before it tries again.
    t.clock.advance(2 * dayMs);
    await t.app.jobs.drain();
    expect((await findArchive(db, documentId))?.count).toBe(2);
  });
});

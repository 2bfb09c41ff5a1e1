import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Document } from '@signet/contracts/documents';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import type { ValidationReport } from '@signet/contracts/validation';
import { cast, useTestApp, type FactoryApp, type TestUser } from '../../../test/factories.ts';
import { corpus, databaseKinds, json, multipart, samplePdf } from '../../../test/helpers.ts';

const uploadOne = async (t: FactoryApp, owner: TestUser, content: Buffer): Promise<Document> => {
  const response = await t.upload('/v3/documents', owner, [{ name: 'file', filename: 'in.pdf', content }]);
  expect(response.statusCode, response.body).toBe(201);
  return json<{ documents: Document[] }>(response).documents[0]!;
};

/** A public validation from `ip` (each test its own address, so the budgets do not mix). */
const validate = (
  t: FactoryApp,
  content: Buffer,
  ip: string,
  path = '/v1/validation',
  contentType?: string,
) => {
  const body = multipart([{ name: 'file', filename: 'dropped.pdf', content, contentType }]);
  return t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: body.headers,
    payload: body.payload,
    remoteAddress: ip,
  });
};

describe.each(databaseKinds)('signature validation (%s)', (kind) => {
  // Signing and the trust list reach the sandbox trust services over HTTP.
  const t = useTestApp(kind, { listen: true, users: cast('owner') });

  it("stores the verdicts of an upload's signatures and flags a broken one", async () => {
    const { owner } = t.users;
    const before = t.clock.now().getTime();
    const uploaded = await uploadOne(t, owner, corpus('signed-broken-modified-after-signing.pdf'));
    const read = json<Document>(await t.call('GET', `/v3/documents/${uploaded.id}`, owner));
    expect(read.validation).toEqual(uploaded.validation);
    const [first, second] = read.validation!.signatures;
    // Intact, but made with a test CA nobody here trusts: INDETERMINATE with the reason, never valid.
    expect(first).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'NO_CERTIFICATE_CHAIN_FOUND',
      revision: 2,
      coversWholeDocument: false,
    });
    expect(first!.reason).toMatch(/^certificate-chain: /);
    expect(first!.signer?.subject).toBeTruthy();
    expect(second).toMatchObject({ indication: 'TOTAL-FAILED', subIndication: 'HASH_FAILURE' });
    expect(read.validation!.warning).toBe('broken');
    const validatedAt = Date.parse(read.validation!.validatedAt);
    expect(validatedAt).toBeGreaterThanOrEqual(before);
    expect(validatedAt).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it('reports a corrupted ByteRange as TOTAL-FAILED FORMAT_FAILURE', async () => {
    const uploaded = await uploadOne(t, t.users.owner, corpus('signed-broken-byterange-corrupted.pdf'));
    expect(uploaded.validation!.signatures).toEqual([
      expect.objectContaining({ indication: 'TOTAL-FAILED', subIndication: 'FORMAT_FAILURE' }),
    ]);
    expect(uploaded.validation!.warning).toBe('broken');
  });

  it('finds a signature Signet made TOTAL-PASSED with its own CAs, without a warning', async () => {
    const { owner } = t.users;
    const request = await t.request(owner, {
      title: 'Signed here',
      documents: [{ title: 'contract', content: samplePdf }],
      signatures: [owner.email],
    });
    await t.sign(request, owner);
    const signed = json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${request.id}`, owner));
    const pdf = (await t.call('GET', `/v3/documents/${signed.documents[0]!.id}/download`, owner)).rawPayload;
    const uploaded = await uploadOne(t, owner, pdf);
    expect(uploaded.validation!.signatures).toEqual([
      expect.objectContaining({
        kind: 'signature',
        indication: 'TOTAL-PASSED',
        subIndication: null,
        reason: null,
        coversWholeDocument: false, // the DSS revision follows the signature
        laterChangesAllowed: true,
        level: 'B-LT',
      }),
    ]);
    expect(uploaded.validation!.warning).toBeNull();
  });

  it('stores no validation for an upload without signatures', async () => {
    expect((await uploadOne(t, t.users.owner, samplePdf)).validation).toBeNull();
  });

  it('validates a dropped PDF for anyone, with the trust list used and nothing kept', async () => {
    const file = corpus('signed-pades-b-valid-total.pdf');
    const before = t.clock.now().getTime();
    const response = await validate(t, file, '192.0.2.1');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const report = json<ValidationReport>(response);
    const sha256 = createHash('sha256').update(file).digest('hex');
    expect(report.document).toMatchObject({ sha256, size: file.length, revisionCount: 2 });
    const firstRevision = file.subarray(0, file.indexOf('%%EOF') + '%%EOF\n'.length);
    expect(report.document.revisionSha256).toEqual([
      createHash('sha256').update(firstRevision).digest('hex'),
      sha256,
    ]);
    expect(report.retained).toBe(false);
    expect(Date.parse(report.validationTime)).toBeGreaterThanOrEqual(before);
    expect(report.signatures).toEqual([
      expect.objectContaining({
        indication: 'INDETERMINATE',
        subIndication: 'NO_CERTIFICATE_CHAIN_FOUND',
        coversWholeDocument: true,
        timestampTime: expect.any(String),
      }),
    ]);
    const checks = Object.fromEntries(report.signatures[0]!.checks.map((c) => [c.name, c.passed]));
    expect(checks).toMatchObject({ digest: true, 'signature-value': true, 'certificate-chain': false });
    // Signet's own CAs, as its trust services publish them, with fingerprints openssl agrees with.
    const trustList = await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text();
    const first = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(trustList)![0];
    const dir = mkdtempSync(join(tmpdir(), 'signet-anchor-'));
    writeFileSync(join(dir, 'ca.pem'), first);
    const fingerprint = execFileSync(
      'openssl',
      ['x509', '-in', join(dir, 'ca.pem'), '-noout', '-fingerprint', '-sha256'],
      {
        encoding: 'latin1',
      },
    );
    expect(report.trustList.length).toBeGreaterThan(0);
    expect(report.trustList.every((a) => a.source === 'signet')).toBe(true);
    expect(report.trustList.map((a) => a.sha256Fingerprint)).toContain(fingerprint.trim().split('=')[1]);
  });

  it('gives the same report as a PDF in the language asked for', async () => {
    const response = await validate(
      t,
      corpus('signed-broken-byterange-corrupted.pdf'),
      '192.0.2.2',
      '/v1/validation/report?lang=de-ch',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'signet-report-'));
    writeFileSync(join(dir, 'report.pdf'), response.rawPayload);
    const text = execFileSync('pdftotext', [join(dir, 'report.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Prüfbericht der Signaturen');
    expect(text).toContain('TOTAL-FAILED');
    expect(text).toContain('FORMAT_FAILURE');
    expect(text).toContain('nicht aufbewahrt');
  });

  it('refuses what is not a PDF, a missing file and a file over 40 MB, naming the field', async () => {
    const notPdf = await validate(t, Buffer.from('just text, no PDF'), '192.0.2.3', undefined, 'text/plain');
    expect(notPdf.statusCode).toBe(400);
    expect(json(notPdf)).toMatchObject({ code: 'PDF_NOT_A_PDF', field: 'file' });

    // A field and a file under another name: read and dropped, and the PDF is still missing.
    const body = multipart([
      { name: 'note', content: 'no file here' },
      { name: 'attachment', filename: 'other.pdf', content: samplePdf },
    ]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/validation',
      headers: body.headers,
      payload: body.payload,
      remoteAddress: '192.0.2.3',
    });
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'file' });

    // A body that breaks off inside another file part: answered, not left to fail unseen.
    const cut = multipart([{ name: 'attachment', filename: 'other.pdf', content: samplePdf }]);
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/validation',
      headers: cut.headers,
      payload: cut.payload.subarray(0, cut.payload.length - 200),
      remoteAddress: '192.0.2.3',
    });
    expect(truncated.statusCode).toBe(400);
    expect(json(truncated)).toMatchObject({ code: 'MALFORMED_MULTIPART' });

    const huge = Buffer.alloc(40 * 1024 * 1024 + 1, 0x20);
    huge.write('%PDF-1.7\n');
    const tooBig = await validate(t, huge, '192.0.2.3');
    expect(tooBig.statusCode).toBe(413);
    expect(json(tooBig)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'file' });
  });

  it('limits validations per client address', async () => {
    const notPdf = Buffer.from('not a pdf');
    for (let i = 0; i < 20; i++) expect((await validate(t, notPdf, '192.0.2.99')).statusCode).toBe(400);
    const limited = await validate(t, samplePdf, '192.0.2.99');
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', details: { retryAfterSeconds: 3600 } });
    // Another address has its own budget.
    expect((await validate(t, samplePdf, '192.0.2.100')).statusCode).toBe(200);
  });
});

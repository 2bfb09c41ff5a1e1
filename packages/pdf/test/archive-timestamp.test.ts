import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addSignatureFields } from '../src/index';
import { addArchiveTimestamp } from '../src/signature/archive-timestamp';
import { signPdf } from '../src/signature/sign';
import { validatePdfSignatures } from '../src/signature/validate';
import { corpusBytes } from './corpus-manifest';
import { extractSignature } from './helpers/external-validators';
import { useSigningTools, type TestSigner } from './helpers/signing-sandbox';

const tools = useSigningTools();
let ada: TestSigner;
let bob: TestSigner;
/** Two B-LT signatures, as a completed two-signer request holds them. */
let signedTwice: Uint8Array;

const transports = () => ({
  timestamp: tools.sandbox.timestamp,
  revocation: tools.sandbox.revocation,
  extraCertificates: tools.sandbox.caCertificates,
});

beforeAll(async () => {
  ada = await tools.sandbox.issue('aes', 'Ada Archive');
  bob = await tools.sandbox.issue('qes', 'Bob Archive');
  let pdf = await addSignatureFields(corpusBytes('basic-pdf15-libreoffice-writer.pdf'), [
    { name: 'one', page: 1, x: 40, y: 40, width: 200, height: 80 },
    { name: 'two', page: 1, x: 40, y: 160, width: 200, height: 80 },
  ]);
  for (const [fieldName, who] of [
    ['one', ada],
    ['two', bob],
  ] as const)
    pdf = await signPdf(pdf, {
      ...transports(),
      fieldName,
      signerCertificate: who.certificate,
      certificateChain: who.chain,
      signingTime: new Date(),
      signer: who.local,
      level: 'B-LT',
    });
  signedTwice = pdf;
});

const validate = (pdf: Uint8Array) =>
  validatePdfSignatures(pdf, { trustAnchors: tools.sandbox.trustListPem });

describe('archive timestamps (B-LTA)', () => {
  it('raises every signature to B-LTA with a DSS and a document timestamp over the whole file', async () => {
    const archived = await addArchiveTimestamp(signedTwice, {
      ...transports(),
      mode: 'complete',
      fieldName: 'A1',
    });
    expect(Buffer.from(archived.pdf.subarray(0, signedTwice.length)).equals(Buffer.from(signedTwice))).toBe(
      true,
    );

    const report = await validate(archived.pdf);
    const signatures = report.signatures.filter((s) => s.kind === 'signature');
    expect(signatures.map((s) => [s.fieldName, s.indication, s.level])).toEqual([
      ['one', 'TOTAL-PASSED', 'B-LTA'],
      ['two', 'TOTAL-PASSED', 'B-LTA'],
    ]);
    const stamp = report.signatures.find((s) => s.kind === 'document-timestamp')!;
    expect(stamp).toMatchObject({ fieldName: 'A1', indication: 'TOTAL-PASSED', coversWholeDocument: true });

    const tsa = new X509Certificate(tools.sandbox.services.pki.tsa.certificateDer);
    expect(archived.tsaCertificateNotAfter.getTime()).toBe(new Date(tsa.validTo).getTime());
    expect(Math.abs(archived.time.getTime() - Date.now())).toBeLessThan(60_000);

    // Tools nobody here wrote: pdfsig accepts both signatures and sees the timestamp cover the whole
    // file (it does not verify ETSI.RFC3161 tokens: "not yet verified"); openssl verifies the token
    // over the bytes of its revision.
    const pdfsig = await tools.validators.pdfsig(archived.pdf);
    expect(pdfsig.signatures.map((s) => s.fieldName)).toEqual(['one', 'two', 'A1']);
    for (const entry of pdfsig.signatures.slice(0, 2))
      expect([entry.valid, entry.trusted]).toEqual([true, true]);
    expect(pdfsig.signatures[2]!.totalDocument).toBe(true);
    const { cms: token, signedBytes } = extractSignature(archived.pdf, stamp.byteRange!);
    const tsCheck = await tools.validators.opensslTsVerifyToken(token, signedBytes);
    expect(tsCheck.stdout + tsCheck.stderr).toContain('Verification: OK');
    expect((await tools.validators.qpdfCheck(archived.pdf)).code).toBe(0);
  });

  it('renews: fresh validation data for the last timestamp, then a new one that covers it', async () => {
    const first = await addArchiveTimestamp(signedTwice, {
      ...transports(),
      mode: 'complete',
      fieldName: 'A1',
    });
    const renewed = await addArchiveTimestamp(first.pdf, { ...transports(), mode: 'renew', fieldName: 'A2' });
    expect(Buffer.from(renewed.pdf.subarray(0, first.pdf.length)).equals(Buffer.from(first.pdf))).toBe(true);

    const report = await validate(renewed.pdf);
    const stamps = report.signatures.filter((s) => s.kind === 'document-timestamp');
    expect(stamps.map((s) => [s.fieldName, s.indication, s.coversWholeDocument])).toEqual([
      ['A1', 'TOTAL-PASSED', false],
      ['A2', 'TOTAL-PASSED', true],
    ]);
    for (const s of report.signatures.filter((r) => r.kind === 'signature'))
      expect([s.indication, s.level]).toEqual(['TOTAL-PASSED', 'B-LTA']);
    // The DSS between the two timestamps is an allowed later change for the first one.
    expect(stamps[0]!.modificationsAfter.allowed).toBe(true);
  });

  it('refuses to renew a document that has no document timestamp', async () => {
    await expect(
      addArchiveTimestamp(signedTwice, { ...transports(), mode: 'renew', fieldName: 'A1' }),
    ).rejects.toMatchObject({ code: 'PDF_FIELD_NOT_FOUND' });
  });
});

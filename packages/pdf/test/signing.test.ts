import { createPrivateKey, sign as nodeSign } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { addSignatureFields } from '../src/index';
import { PdfError } from '../src/errors';
import {
  addDocumentTimestamp,
  addValidationData,
  completeSignature,
  prepareSignatureInEngine,
  signPdf,
  type SignPdfOptions,
} from '../src/signature/sign';
import { prepareSignature } from '../src/signature/prepare-signature';
import type { PadesLevel } from '../src/signature/types';
import { validatePdfSignatures, type SignatureReport } from '../src/signature/validate';
import { useSigningTools, type TestSigner } from './helpers/signing-sandbox';
import { certificatesFrom } from '../src/signature/certificates';
import { extractSignature, tool } from './helpers/external-validators';
import { corpusBytes } from './corpus-manifest';

const tools = useSigningTools();
let signer: TestSigner;
let simple: Uint8Array;

beforeAll(async () => {
  signer = await tools.sandbox.issue('aes', 'Ada Tester');
  simple = await addSignatureFields(corpusBytes('basic-pdf15-libreoffice-writer.pdf'), [
    { name: 'one', page: 1, x: 40, y: 40, width: 200, height: 80 },
    { name: 'two', page: 1, x: 40, y: 160, width: 200, height: 80 },
  ]);
});

const sign = (pdf: Uint8Array, level: PadesLevel, who = signer, overrides: Partial<SignPdfOptions> = {}) =>
  signPdf(pdf, {
    fieldName: 'one',
    signerCertificate: who.certificate,
    certificateChain: who.chain,
    signingTime: new Date(),
    signer: who.local,
    level,
    timestamp: tools.sandbox.timestamp,
    revocation: tools.sandbox.revocation,
    extraCertificates: tools.sandbox.caCertificates,
    appearance: { name: 'Ada Tester', date: '22.11.2026', claim: 'Signed with Signet' },
    ...overrides,
  });

const validate = (pdf: Uint8Array) =>
  validatePdfSignatures(pdf, { trustAnchors: tools.sandbox.trustListPem });
const byField = (reports: SignatureReport[], name: string) => reports.find((r) => r.fieldName === name)!;

describe('PAdES levels', () => {
  it.each(['B-B', 'B-T', 'B-LT', 'B-LTA'] as const)('signs at %s and the validators agree', async (level) => {
    const signed = await sign(simple, level);
    expect(Buffer.from(signed.subarray(0, simple.length)).equals(Buffer.from(simple))).toBe(true);

    const report = await validate(signed);
    const signature = byField(report.signatures, 'one');
    expect(signature.level).toBe(level);
    // Without embedded revocation data (B-B, B-T) and no online transport, the status cannot be known.
    if (level === 'B-B' || level === 'B-T') {
      expect(signature.indication).toBe('INDETERMINATE');
      expect(signature.subIndication).toBe('TRY_LATER');
      const online = await validatePdfSignatures(signed, {
        trustAnchors: tools.sandbox.trustListPem,
        revocation: tools.sandbox.revocation,
      });
      expect(byField(online.signatures, 'one').indication).toBe('TOTAL-PASSED');
    } else {
      expect(signature.indication).toBe('TOTAL-PASSED');
    }
    if (level === 'B-LTA') {
      const timestamps = report.signatures.filter((s) => s.kind === 'document-timestamp');
      expect(timestamps).toHaveLength(1);
      expect(timestamps[0]!.indication).toBe('TOTAL-PASSED');
    }

    const pdfsig = await tools.validators.pdfsig(signed);
    const entry = pdfsig.signatures.find((s) => s.fieldName === 'one')!;
    expect(entry.valid).toBe(true);
    expect(entry.trusted).toBe(true);
    expect((await tools.validators.qpdfCheck(signed)).code).toBe(0);

    const { cms, signedBytes } = extractSignature(signed, signature.byteRange!);
    const cmsCheck = await tools.validators.opensslCmsVerify(cms, signedBytes);
    expect(cmsCheck.stderr).toContain('Verification successful');
    if (level !== 'B-B') {
      const tsCheck = await tools.validators.opensslTsVerify(cms);
      expect(tsCheck.stdout).toContain('Verification: OK');
    }
  });
});

describe('upgrading signatures later', () => {
  it('raises a B-T signature to B-LT with a DSS, then to B-LTA with a document timestamp', async () => {
    const signed = await sign(simple, 'B-T');
    const longTerm = await addValidationData(signed, {
      revocation: tools.sandbox.revocation,
      extraCertificates: tools.sandbox.caCertificates,
    });
    expect(Buffer.from(longTerm.subarray(0, signed.length)).equals(Buffer.from(signed))).toBe(true);
    expect(byField((await validate(longTerm)).signatures, 'one')).toMatchObject({
      indication: 'TOTAL-PASSED',
      level: 'B-LT',
    });
    const archived = await addDocumentTimestamp(longTerm, {
      timestamp: tools.sandbox.timestamp,
      revocation: tools.sandbox.revocation,
      extraCertificates: tools.sandbox.caCertificates,
    });
    const report = await validate(archived);
    expect(byField(report.signatures, 'one')).toMatchObject({ indication: 'TOTAL-PASSED', level: 'B-LTA' });
    expect(report.signatures.filter((s) => s.kind === 'document-timestamp')).toHaveLength(1);
  });
});

describe('chains completed from AIA', () => {
  it('fetches the TSA issuer from its caIssuers URL when no extra certificates are given', async () => {
    const signed = await sign(simple, 'B-LT', signer, { extraCertificates: [] });
    expect(byField((await validate(signed)).signatures, 'one')).toMatchObject({
      indication: 'TOTAL-PASSED',
      level: 'B-LT',
    });
    const { issuer: _issuer, ...withoutIssuer } = tools.sandbox.revocation;
    await expect(
      sign(simple, 'B-LT', signer, { extraCertificates: [], revocation: withoutIssuer }),
    ).rejects.toMatchObject({ code: 'PDF_REVOCATION_UNAVAILABLE' });
  });
});

describe('ECDSA keys', () => {
  it('signs with a P-256 key (ecdsa-with-SHA256) that pdfsig, openssl and the validator accept', async () => {
    // The sandbox PKI issues RSA only: an EC CA and signer made with the openssl CLI.
    const dir = tools.validators.dir;
    const run = (args: string[]) => tool('openssl', args);
    await run(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', `${dir}/ec-ca.key`]);
    await run([
      'req',
      '-x509',
      '-new',
      '-key',
      `${dir}/ec-ca.key`,
      '-subj',
      '/CN=EC Test Root',
      '-days',
      '2',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
      '-out',
      `${dir}/ec-ca.pem`,
    ]);
    await run(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', `${dir}/ec-ee.key`]);
    await run([
      'req',
      '-new',
      '-key',
      `${dir}/ec-ee.key`,
      '-subj',
      '/CN=EC Signer',
      '-out',
      `${dir}/ec-ee.csr`,
    ]);
    await writeFile(`${dir}/ec-ext.cnf`, 'keyUsage=critical,digitalSignature,nonRepudiation\n');
    await run([
      'x509',
      '-req',
      '-in',
      `${dir}/ec-ee.csr`,
      '-CA',
      `${dir}/ec-ca.pem`,
      '-CAkey',
      `${dir}/ec-ca.key`,
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      `${dir}/ec-ext.cnf`,
      '-outform',
      'DER',
      '-out',
      `${dir}/ec-ee.der`,
    ]);
    const caPem = await readFile(`${dir}/ec-ca.pem`, 'utf8');
    const key = createPrivateKey(await readFile(`${dir}/ec-ee.key`));
    const signed = await signPdf(simple, {
      fieldName: 'one',
      signerCertificate: new Uint8Array(await readFile(`${dir}/ec-ee.der`)),
      certificateChain: certificatesFrom(caPem),
      signingTime: new Date(),
      signer: { sign: async (_digest, data) => new Uint8Array(nodeSign('sha256', data, key)) },
      level: 'B-B',
    });
    const report = byField((await validatePdfSignatures(signed, { trustAnchors: caPem })).signatures, 'one');
    expect(report.checks.find((c) => c.name === 'signature-value')?.passed).toBe(true);
    expect(report.level).toBe('B-B');
    const entry = (await tools.validators.pdfsig(signed)).signatures.find((s) => s.fieldName === 'one')!;
    expect(entry.valid, entry.text).toBe(true);
    const { cms, signedBytes } = extractSignature(signed, report.byteRange!);
    const caFile = await tools.validators.file('ec-ca.pem', new TextEncoder().encode(caPem));
    const check = await tools.validators.opensslCmsVerify(cms, signedBytes, caFile);
    expect(check.stderr).toContain('Verification successful');
  });
});

describe('two-step signing with a remote key', () => {
  it('signs the digest outside the engine and refuses a wrong signature value', async () => {
    const qes = await tools.sandbox.issue('qes', 'Remote Signer');
    const prepared = prepareSignature(simple, {
      fieldName: 'two',
      signerCertificate: qes.certificate,
      certificateChain: qes.chain,
      signingTime: new Date(),
    });
    // What travels between the two HTTP requests is plain data.
    const stored = structuredClone(prepared);
    await expect(
      completeSignature(stored, { signatureValue: signer.signHash(stored.digestToSign), level: 'B-B' }),
    ).rejects.toMatchObject({ code: 'PDF_SIGNATURE_VALUE_INVALID' });
    const signed = await completeSignature(stored, {
      signatureValue: qes.signHash(stored.digestToSign),
      level: 'B-LT',
      timestamp: tools.sandbox.timestamp,
      revocation: tools.sandbox.revocation,
      extraCertificates: tools.sandbox.caCertificates,
    });
    const report = byField((await validate(signed)).signatures, 'two');
    expect(report).toMatchObject({ indication: 'TOTAL-PASSED', level: 'B-LT' });
    expect(report.signer?.serialNumber).toBe(qes.serialHex.toLowerCase());
  });

  it('prepares in an engine worker (the server path) with a visible appearance', async () => {
    const aes = await tools.sandbox.issue('aes', 'Worker Signer');
    const prepared = await prepareSignatureInEngine(simple, {
      fieldName: 'two',
      signerCertificate: aes.certificate,
      certificateChain: aes.chain,
      signingTime: new Date(),
      appearance: { name: 'Worker Signer', date: '22 Nov 2026' },
    });
    const signed = await completeSignature(prepared, {
      signatureValue: aes.signHash(prepared.digestToSign),
      level: 'B-LT',
      timestamp: tools.sandbox.timestamp,
      revocation: tools.sandbox.revocation,
      extraCertificates: tools.sandbox.caCertificates,
    });
    const report = byField((await validate(signed)).signatures, 'two');
    expect(report).toMatchObject({ indication: 'TOTAL-PASSED' });
    expect(report.signer?.serialNumber).toBe(aes.serialHex.toLowerCase());
  });

  it('refuses to sign a document certified with "no changes allowed" (DocMDP P=1)', async () => {
    const mupdf = await import('mupdf');
    const doc = new mupdf.PDFDocument(simple);
    const certification = doc.addObject({
      Type: doc.newName('Sig'),
      Reference: [{ TransformMethod: doc.newName('DocMDP'), TransformParams: { P: 1 } }],
    });
    doc.getTrailer().get('Root').put('Perms', { DocMDP: certification });
    const certified = doc.saveToBuffer('incremental').asUint8Array().slice();
    doc.destroy();
    expect(() =>
      prepareSignature(certified, {
        fieldName: 'one',
        signerCertificate: signer.certificate,
        certificateChain: signer.chain,
        signingTime: new Date(),
      }),
    ).toThrow(expect.objectContaining({ code: 'PDF_SIGNING_NOT_PERMITTED' }));
  });

  it('reports PDF_SIGNATURE_TOO_LARGE when the reserved space is too small', async () => {
    const prepared = prepareSignature(simple, {
      fieldName: 'one',
      signerCertificate: signer.certificate,
      certificateChain: signer.chain,
      signingTime: new Date(),
      estimatedSize: 1000,
    });
    await expect(
      completeSignature(prepared, { signatureValue: signer.signHash(prepared.digestToSign), level: 'B-B' }),
    ).rejects.toMatchObject({ code: 'PDF_SIGNATURE_TOO_LARGE' });
  });
});

describe('failures are never silent downgrades', () => {
  it('fails with PDF_TIMESTAMP_FAILED when the TSA throws or rejects', async () => {
    const refused = async () => {
      throw new Error('connection refused');
    };
    await expect(sign(simple, 'B-T', signer, { timestamp: refused })).rejects.toMatchObject({
      code: 'PDF_TIMESTAMP_FAILED',
    });
    // A rejection status (the sandbox TSA refuses a malformed request) is a failure too.
    const rejecting = () => tools.sandbox.services.tsa.respond(Uint8Array.of(0x30, 0x00));
    await expect(sign(simple, 'B-LT', signer, { timestamp: rejecting })).rejects.toMatchObject({
      code: 'PDF_TIMESTAMP_FAILED',
    });
  });

  it('fails with PDF_REVOCATION_UNAVAILABLE when neither OCSP nor CRL answers', async () => {
    const failing = async () => {
      throw new Error('unreachable');
    };
    const attempt = sign(simple, 'B-LT', signer, { revocation: { ocsp: failing, crl: failing } });
    await expect(attempt).rejects.toBeInstanceOf(PdfError);
    await expect(attempt).rejects.toMatchObject({ code: 'PDF_REVOCATION_UNAVAILABLE' });
    // OCSP down but the CRL reachable is enough.
    const viaCrl = await sign(simple, 'B-LT', signer, {
      revocation: { ocsp: failing, crl: tools.sandbox.revocation.crl },
    });
    expect(byField((await validate(viaCrl)).signatures, 'one')).toMatchObject({
      indication: 'TOTAL-PASSED',
      level: 'B-LT',
    });
  });
});

describe('validation of damaged and revoked signatures', () => {
  it('reports HASH_FAILURE for a byte changed inside the signed range', async () => {
    const signed = await sign(simple, 'B-T');
    const tampered = signed.slice();
    const at = simple.length - 200; // inside the first range, in the earlier revision
    tampered[at] = tampered[at]! ^ 0x01;
    const report = byField((await validate(tampered)).signatures, 'one');
    expect(report.indication).toBe('TOTAL-FAILED');
    expect(report.subIndication).toBe('HASH_FAILURE');
    const pdfsig = await tools.validators.pdfsig(tampered);
    expect(pdfsig.signatures.find((s) => s.fieldName === 'one')!.text).toContain('Digest Mismatch');
  });

  it('reports a disallowed change appended after signing (page content replaced)', async () => {
    const signed = await sign(simple, 'B-LT');
    const changed = await appendPageContentChange(signed);
    expect(Buffer.from(changed.subarray(0, signed.length)).equals(Buffer.from(signed))).toBe(true);
    const report = byField((await validate(changed)).signatures, 'one');
    expect(report.modificationsAfter.allowed).toBe(false);
    expect(report.modificationsAfter.changes.some((c) => c.startsWith('disallowed'))).toBe(true);
    expect(report.indication).not.toBe('TOTAL-PASSED');
    expect(report.subIndication).toBe('SIG_CONSTRAINTS_FAILURE');
    // pdfsig checks only the signed bytes: the signature stays valid, just not over the whole file.
    const entry = (await tools.validators.pdfsig(changed)).signatures.find((s) => s.fieldName === 'one')!;
    expect(entry.valid).toBe(true);
    expect(entry.totalDocument).toBe(false);
  });

  it('allows a new empty signature field and a further signature after signing', async () => {
    const signed = await sign(simple, 'B-LT');
    const withField = await addSignatureFields(signed, [
      { name: 'three', page: 1, x: 300, y: 300, width: 150, height: 60 },
    ]);
    const twice = await sign(withField, 'B-LT', signer, { fieldName: 'three' });
    const report = byField((await validate(twice)).signatures, 'one');
    expect(report.modificationsAfter.allowed, report.modificationsAfter.changes.join('\n')).toBe(true);
    expect(report.modificationsAfter.changes.length).toBeGreaterThan(0);
    expect(report).toMatchObject({ indication: 'TOTAL-PASSED', level: 'B-LT', coversWholeDocument: false });
  });

  it('reports a changed appearance of an already signed field', async () => {
    // B-T, no revocation data: the disallowed change is still what the verdict names.
    const signed = await sign(simple, 'B-T');
    const mupdf = await import('mupdf');
    const doc = new mupdf.PDFDocument(signed);
    const widget = doc.getTrailer().get('Root', 'AcroForm', 'Fields').resolve().get(0).resolve();
    expect(widget.get('T').asString()).toBe('one');
    const look = doc.addStream('0 1 0 rg 0 0 200 80 re f', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 200, 80],
    });
    widget.put('AP', { N: look });
    const changed = doc.saveToBuffer('incremental').asUint8Array().slice();
    doc.destroy();
    const report = byField((await validate(changed)).signatures, 'one');
    expect(report.modificationsAfter.allowed).toBe(false);
    expect(report.subIndication).toBe('SIG_CONSTRAINTS_FAILURE');
  });

  it('reports REVOKED for a certificate revoked before signing', async () => {
    const revoked = await tools.sandbox.issue('aes', 'Revoked Signer');
    await tools.sandbox.services.revokeCertificate(revoked.serialHex, 'keyCompromise');
    const signed = await sign(simple, 'B-LT', revoked);
    const report = byField((await validate(signed)).signatures, 'one');
    expect(report.indication).toBe('TOTAL-FAILED');
    expect(report.subIndication).toBe('REVOKED');
  });

  it('keeps a B-LT signature valid when its certificate is revoked after signing', async () => {
    const later = await tools.sandbox.issue('aes', 'Later Revoked');
    const signed = await sign(simple, 'B-LT', later);
    await tools.sandbox.services.revokeCertificate(later.serialHex, 'superseded');
    // The DSS holds the OCSP answer from signing time and the timestamp proves the signature existed then.
    const report = byField((await validate(signed)).signatures, 'one');
    expect(report).toMatchObject({ indication: 'TOTAL-PASSED', level: 'B-LT' });
    // pdfsig asks the responder now, so it sees the revocation: the evidence is not stale.
    const entry = (await tools.validators.pdfsig(signed)).signatures.find((s) => s.fieldName === 'one')!;
    expect(entry.valid).toBe(true);
    expect(entry.text).toContain('Revoked');
  });

  it('validates a standalone document timestamp', async () => {
    const stamped = await addDocumentTimestamp(simple, {
      timestamp: tools.sandbox.timestamp,
      revocation: tools.sandbox.revocation,
      extraCertificates: tools.sandbox.caCertificates,
    });
    const reports = (await validate(stamped)).signatures.filter((s) => s.kind === 'document-timestamp');
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ indication: 'TOTAL-PASSED', coveredRevision: expect.any(Number) });
  });
});

/** Appends an incremental update that gives page 1 a different content stream (what a forger does). */
async function appendPageContentChange(pdf: Uint8Array): Promise<Uint8Array> {
  const mupdf = await import('mupdf');
  const doc = new mupdf.PDFDocument(pdf);
  try {
    const page = doc.findPage(0);
    page.put('Contents', doc.addStream('BT /F1 24 Tf 72 700 Td (FORGED) Tj ET', doc.newDictionary()));
    return doc.saveToBuffer('incremental').asUint8Array().slice();
  } finally {
    doc.destroy();
  }
}

import { beforeAll, describe, expect, it } from 'vitest';
import { addSignatureFields, inspectPdf, type PdfError } from '../src/index';
import { signPdf } from '../src/signature/sign';
import { useSigningTools, type TestSigner } from './helpers/signing-sandbox';
import { tool } from './helpers/external-validators';
import { SECURITY_HANDLERS, encryptedCorpusFile } from './corpus-manifest';

const tools = useSigningTools();
let signers: [string, TestSigner][];
beforeAll(async () => {
  // Two signers: pdfsig (NSS) reports the same certificate's second check in one run as an
  // "unknown issue" once its OCSP answer is cached, whatever the file.
  signers = [
    ['first', await tools.sandbox.issue('aes', 'Alice Advanced')],
    ['second', await tools.sandbox.issue('seal', 'Signet Test Seal')],
  ];
});

const handlers = Object.keys(SECURITY_HANDLERS) as (keyof typeof SECURITY_HANDLERS)[];

describe('every object written into an encrypted file is valid', () => {
  it.each(handlers)('%s, signed twice', async (handler) => {
    const input = encryptedCorpusFile('basic-pdf15-libreoffice-writer.pdf', handler);
    expect((await inspectPdf(input)).encryption).not.toBeNull();
    let pdf = await addSignatureFields(input, [
      { name: 'first', page: 1, x: 20, y: 20, width: 160, height: 60 },
      { name: 'second', page: 1, x: 200, y: 20, width: 160, height: 60 },
    ]);
    for (const [fieldName, who] of signers) {
      pdf = await signPdf(pdf, {
        fieldName,
        signerCertificate: who.certificate,
        certificateChain: who.chain,
        signingTime: new Date(),
        signer: who.local,
        appearance: { name: fieldName, date: '24.11.2026', claim: 'Signed with Signet' },
        level: 'B-LT',
        timestamp: tools.sandbox.timestamp,
        revocation: tools.sandbox.revocation,
        extraCertificates: tools.sandbox.caCertificates,
      });
    }
    expect(Buffer.from(pdf.subarray(0, input.length)).equals(Buffer.from(input))).toBe(true);
    expect((await inspectPdf(pdf)).encryption).not.toBeNull();
    const qpdf = await tools.validators.qpdfCheck(pdf);
    expect(qpdf.code, qpdf.stdout + qpdf.stderr).toBe(0);
    const pdfsig = await tools.validators.pdfsig(pdf);
    expect(pdfsig.signatures.map((s) => s.fieldName)).toEqual(['first', 'second']);
    for (const signature of pdfsig.signatures) {
      expect(signature.valid, signature.text).toBe(true);
      expect(signature.trusted, signature.text).toBe(true);
    }
  });
});

describe('a file that opens only with its user password', () => {
  it('the engine signs it as an incremental update that keeps the encryption and the password', async () => {
    const userPassword = 'open-me';
    const input = encryptedCorpusFile(
      'form-two-empty-signature-fields-incremental.pdf',
      'R6 AES-256',
      [],
      userPassword,
    );
    expect(await inspectPdf(input).catch((e: PdfError) => e.code)).toBe('PDF_PASSWORD_REQUIRED');
    const fieldName = (await inspectPdf(input, { password: userPassword })).signatureFields.find(
      (f) => !f.signed,
    )!.name;
    const [, who] = signers[0]!;
    const signed = await signPdf(input, {
      fieldName,
      signerCertificate: who.certificate,
      certificateChain: who.chain,
      signingTime: new Date(),
      signer: who.local,
      appearance: { name: 'Alice Advanced', date: '24.11.2026' },
      level: 'B-LT',
      timestamp: tools.sandbox.timestamp,
      revocation: tools.sandbox.revocation,
      extraCertificates: tools.sandbox.caCertificates,
      password: userPassword,
    });
    expect(Buffer.from(signed.subarray(0, input.length)).equals(Buffer.from(input))).toBe(true);
    expect(await inspectPdf(signed).catch((e: PdfError) => e.code)).toBe('PDF_PASSWORD_REQUIRED');
    const path = await tools.validators.file('user-password.pdf', signed);
    const qpdf = await tool('qpdf', [`--password=${userPassword}`, '--check', path]);
    expect(qpdf.code, qpdf.stdout + qpdf.stderr).toBe(0);
    const pdfsig = await tool('pdfsig', [
      '-nssdir',
      `sql:${tools.validators.nssDir}`,
      '-upw',
      userPassword,
      path,
    ]);
    const ours = pdfsig.stdout
      .split(/^Signature #\d+:$/m)
      .find((block) => block.includes(`Field Name: ${fieldName}`));
    expect(ours, pdfsig.stdout + pdfsig.stderr).toContain('Signature Validation: Signature is Valid.');
    expect(ours).toContain('Certificate Validation: Certificate is Trusted.');
  });
});

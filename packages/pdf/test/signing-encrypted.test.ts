import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addSignatureFields, inspectPdf } from '../src/index';
import { signPdf } from '../src/signature/sign';
import { useSigningTools, type TestSigner } from './helpers/signing-sandbox';
import { CORPUS_DIR } from './corpus-manifest';

const work = mkdtempSync(join(tmpdir(), 'signet-pdf-encrypted-'));

/** The basic corpus file encrypted by qpdf: `bits` 40 (R2), 128 RC4 (R3), 128 AES (R4), 256 (R6). */
function qpdfEncrypted(name: string, bits: string, extra: string[] = [], userPassword = ''): Uint8Array {
  const out = join(work, name);
  execFileSync('qpdf', [
    '--allow-weak-crypto',
    '--encrypt',
    userPassword,
    'owner-secret',
    bits,
    ...extra,
    '--',
    join(CORPUS_DIR, 'basic-pdf15-libreoffice-writer.pdf'),
    out,
  ]);
  return new Uint8Array(readFileSync(out));
}

const tools = useSigningTools();
let signers: [string, TestSigner][];
beforeAll(async () => {
  // Two signers: pdfsig (NSS) reports the same certificate's second check in one run as an
  // "unknown issue" after its OCSP answer is cached, whatever the file.
  signers = [
    ['first', await tools.sandbox.issue('aes', 'Alice Advanced')],
    ['second', await tools.sandbox.issue('seal', 'Signet Test Seal')],
  ];
});

const revisions = [
  ['R2 RC4-40', '40', []],
  ['R3 RC4-128', '128', ['--use-aes=n']],
  ['R4 AES-128', '128', ['--use-aes=y']],
  ['R6 AES-256', '256', []],
] as const;

describe('signing encrypted files twice', () => {
  it.each(revisions)('%s', async (label, bits, extra) => {
    const input = qpdfEncrypted(`${bits}-${extra.join('')}.pdf`, bits, [...extra]);
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
    writeFileSync(join(work, `signed-${label}.pdf`), pdf);
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

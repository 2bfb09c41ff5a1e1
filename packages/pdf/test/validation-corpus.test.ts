import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  validatePdfSignatures,
  type SignatureReport,
  type ValidationReport,
} from '../src/signature/validate';
import { CORPUS_DIR, corpusBytes } from './corpus-manifest';

/**
 * The validator on signatures made by other software (corpus files): intact ones verify
 * cryptographically (their certificates are expired test certificates nobody here trusts), broken
 * ones report the failure the manifest names, and no file crashes it.
 */
// No anchor trusts these foreign test PKIs: only integrity is expected to pass.
const validate = async (name: string): Promise<ValidationReport> =>
  validatePdfSignatures(corpusBytes(name), { trustAnchors: [] });
const check = (report: SignatureReport | undefined, name: string) =>
  report?.checks.find((c) => c.name === name)?.passed;

describe('validation of signatures made elsewhere', () => {
  it('reports the corrupted ByteRange as FORMAT_FAILURE', async () => {
    const { signatures } = await validate('signed-broken-byterange-corrupted.pdf');
    expect(signatures).toHaveLength(1);
    expect(signatures[0]).toMatchObject({ indication: 'TOTAL-FAILED', subIndication: 'FORMAT_FAILURE' });
  });

  it('finds signature #1 intact and #2 with a digest mismatch after the edit', async () => {
    const { signatures } = await validate('signed-broken-modified-after-signing.pdf');
    const [first, second] = signatures;
    expect(check(first, 'digest')).toBe(true);
    expect(check(first, 'signature-value')).toBe(true);
    expect(first?.subIndication).toBe('NO_CERTIFICATE_CHAIN_FOUND');
    expect(second).toMatchObject({ indication: 'TOTAL-FAILED', subIndication: 'HASH_FAILURE' });
  });

  it('verifies a PAdES signature over the whole file, with its signature timestamp', async () => {
    const { signatures } = await validate('signed-pades-b-valid-total.pdf');
    expect(signatures).toHaveLength(1);
    const [signature] = signatures;
    expect(signature?.coversWholeDocument).toBe(true);
    for (const name of ['digest', 'signature-value', 'signing-certificate-v2', 'timestamp-message-imprint']) {
      expect(check(signature, name), name).toBe(true);
    }
    expect(signature?.timestampTime).toBeInstanceOf(Date);
    expect(signature).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'NO_CERTIFICATE_CHAIN_FOUND',
    });
  });

  it('recognises the document timestamp and the DSS revision of an LTA-shaped file', async () => {
    const { signatures } = await validate('signed-pades-lta-pdf13-doc-timestamp.pdf');
    const signature = signatures.find((s) => s.kind === 'signature');
    const timestamp = signatures.find((s) => s.kind === 'document-timestamp');
    expect(check(signature, 'digest')).toBe(true);
    expect(signature?.modificationsAfter.allowed).toBe(true);
    expect(signature?.modificationsAfter.changes.some((c) => c.includes('DSS'))).toBe(true);
    expect(check(timestamp, 'timestamp-message-imprint')).toBe(true);
    expect(timestamp?.coversWholeDocument).toBe(true);
  });

  it('verifies both adbe.pkcs7.detached signatures of the xref-stream file', async () => {
    const { signatures } = await validate('signed-pkcs7-two-signatures-xref-stream.pdf');
    expect(signatures).toHaveLength(2);
    for (const signature of signatures) {
      expect(check(signature, 'digest')).toBe(true);
      expect(check(signature, 'signature-value')).toBe(true);
      expect(signature.level).toBeNull(); // not a PAdES baseline signature
    }
  });

  it('never throws on any corpus file', async () => {
    const files = (await readdir(CORPUS_DIR)).filter((f) => f.endsWith('.pdf'));
    for (const file of files) {
      const report = await validate(file);
      expect(Array.isArray(report.signatures), file).toBe(true);
    }
  });
});

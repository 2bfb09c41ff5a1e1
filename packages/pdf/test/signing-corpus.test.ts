import { beforeAll, describe, expect, it } from 'vitest';
import { addSignatureFields, inspectPdf, normalizePdf } from '../src/index';
import { completeSignature, signPdf } from '../src/signature/sign';
import { prepareSignature } from '../src/signature/prepare-signature';
import type { PrepareSignatureOptions } from '../src/signature/types';
import { validatePdfSignatures, type SignatureReport } from '../src/signature/validate';
import { useSigningTools, type TestSigner } from './helpers/signing-sandbox';
import { extractSignature } from './helpers/external-validators';
import { corpus, corpusBytes, type CorpusFile } from './corpus-manifest';

/**
 * The acceptance test of the signing engine: every corpus file a correct server accepts gets three
 * signature fields and three B-LT signatures in turn (AES with a local key, QES through the two-step
 * remote flow, an organisation seal), and validators nobody here wrote must agree.
 */

// Every accepted file is its own test (none skipped silently).
const entries = corpus.filter((entry) => entry.expected.startsWith('accept'));

const tools = useSigningTools();
let aes: TestSigner;
let qes: TestSigner;
let seal: TestSigner;

beforeAll(async () => {
  [aes, qes, seal] = await Promise.all([
    tools.sandbox.issue('aes', 'Alice Advanced'),
    tools.sandbox.issue('qes', 'Quentin Qualified'),
    tools.sandbox.issue('seal', 'Signet Test Seal'),
  ]);
});

const isPrefix = (earlier: Uint8Array, later: Uint8Array) =>
  later.length > earlier.length &&
  Buffer.from(later.subarray(0, earlier.length)).equals(Buffer.from(earlier));

/** The bytes the engine signs: accepted as uploaded, or its normalised rewrite where the file needs one. */
async function signableBytes(entry: CorpusFile): Promise<{ bytes: Uint8Array; normalised: boolean }> {
  const original = corpusBytes(entry.file);
  const info = await inspectPdf(original, { password: entry.password });
  if (info.needsRepair || info.encryption?.userPasswordRequired) {
    return { bytes: await normalizePdf(original, { password: entry.password }), normalised: true };
  }
  return { bytes: original, normalised: false };
}

describe('signing every accepted corpus file three times at B-LT', () => {
  it('covers the accepted files of the manifest', () => {
    expect(entries.length).toBeGreaterThanOrEqual(20);
  });

  it.each(entries.map((e) => [e.file, e] as const))('%s', async (_name, entry) => {
    const { bytes } = await signableBytes(entry);
    const before = await validatePdfSignatures(bytes, { trustAnchors: tools.sandbox.trustListPem });
    const info = await inspectPdf(bytes);
    const page = info.pages[0]!;
    const width = Math.min(160, page.width / 3.5);
    const height = Math.min(60, page.height / 4);
    const names = ['signet-aes', 'signet-qes', 'signet-seal'];
    const withFields = await addSignatureFields(
      bytes,
      names.map((name, i) => ({ name, page: 1, x: 8 + i * (width + 8), y: 8, width, height })),
    );
    expect(isPrefix(bytes, withFields)).toBe(true);

    const common = (fieldName: string, who: TestSigner): PrepareSignatureOptions => ({
      fieldName,
      signerCertificate: who.certificate,
      certificateChain: who.chain,
      signingTime: new Date(),
      reason: 'Approved',
      location: 'Zurich',
      appearance: { name: fieldName, date: '22.11.2026', claim: 'Signed with Signet' },
    });
    const providers = {
      level: 'B-LT' as const,
      timestamp: tools.sandbox.timestamp,
      revocation: tools.sandbox.revocation,
      extraCertificates: tools.sandbox.caCertificates,
    };

    const first = await signPdf(withFields, {
      ...common('signet-aes', aes),
      signer: aes.local,
      ...providers,
    });
    expect(isPrefix(withFields, first)).toBe(true);
    // QES: the key stays outside the engine; only the digest travels, and the prepared state is plain data.
    const prepared = structuredClone(prepareSignature(first, common('signet-qes', qes)));
    expect(isPrefix(first, prepared.preparedPdf)).toBe(true);
    const second = await completeSignature(prepared, {
      signatureValue: qes.signHash(prepared.digestToSign),
      ...providers,
    });
    // The placeholder of the prepared revision is filled in place: only /Contents differs.
    expect(isPrefix(first, second)).toBe(true);
    const [, gapStart, gapEnd] = prepared.byteRange;
    expect(
      Buffer.from(second.subarray(0, gapStart)).equals(
        Buffer.from(prepared.preparedPdf.subarray(0, gapStart)),
      ),
    ).toBe(true);
    expect(
      Buffer.from(second.subarray(gapEnd, prepared.preparedPdf.length)).equals(
        Buffer.from(prepared.preparedPdf.subarray(gapEnd)),
      ),
    ).toBe(true);
    const third = await signPdf(second, { ...common('signet-seal', seal), signer: seal.local, ...providers });
    expect(isPrefix(second, third)).toBe(true);

    // The engine's own validator: each of ours passes at B-LT; signatures already there are unchanged.
    const after = await validatePdfSignatures(third, { trustAnchors: tools.sandbox.trustListPem });
    const ours = names.map((name) => after.signatures.find((s) => s.fieldName === name));
    for (const report of ours) {
      expect(report, JSON.stringify(report?.checks.filter((c) => !c.passed))).toMatchObject({
        indication: 'TOTAL-PASSED',
        level: 'B-LT',
      });
    }
    const digestOf = (r: SignatureReport | undefined) => r?.checks.find((c) => c.name === 'digest')?.passed;
    for (const earlier of before.signatures) {
      const now = after.signatures.find((s) => s.fieldName === earlier.fieldName);
      expect(now?.indication === 'TOTAL-FAILED' && now.subIndication === 'HASH_FAILURE').toBe(
        earlier.indication === 'TOTAL-FAILED' && earlier.subIndication === 'HASH_FAILURE',
      );
      expect(digestOf(now)).toBe(digestOf(earlier));
    }

    // pdfsig (poppler + NSS, trust from the exported trust list, online OCSP against the sandbox).
    const pdfsig = await tools.validators.pdfsig(third);
    for (const name of names) {
      const entryOfPdfsig = pdfsig.signatures.find((s) => s.fieldName === name);
      expect(entryOfPdfsig?.valid, entryOfPdfsig?.text ?? pdfsig.result.stderr).toBe(true);
      expect(entryOfPdfsig?.trusted, entryOfPdfsig?.text).toBe(true);
    }
    // qpdf: no errors (exit 2); warnings some originals already carry (exit 3) are tolerated.
    const qpdf = await tools.validators.qpdfCheck(third);
    expect(qpdf.code, qpdf.stdout + qpdf.stderr).not.toBe(2);
    expect(qpdf.stdout).not.toMatch(/^ERROR/m);

    // openssl: the CMS over the ByteRange bytes, and the timestamp token over the signature value.
    for (const report of ours) {
      const { cms, signedBytes } = extractSignature(third, report!.byteRange!);
      const cmsCheck = await tools.validators.opensslCmsVerify(cms, signedBytes);
      expect(cmsCheck.stderr, report!.fieldName).toContain('Verification successful');
      const tsCheck = await tools.validators.opensslTsVerify(cms);
      expect(tsCheck.stdout + tsCheck.stderr, report!.fieldName).toContain('Verification: OK');
    }
  });
});

describe("signing into a corpus file's own empty signature field", () => {
  it.each([
    'form-acrobat-linearized-xref-stream-empty-sig-field.pdf',
    'form-two-empty-signature-fields-incremental.pdf',
    'encrypted-owner-password-aes128-signing-allowed.pdf',
  ])('%s', async (file) => {
    const bytes = corpusBytes(file);
    const empty = (await inspectPdf(bytes)).signatureFields.filter((f) => !f.signed);
    expect(empty.length).toBeGreaterThan(0);
    const fieldName = empty[0]!.name;
    const signed = await signPdf(bytes, {
      fieldName,
      signerCertificate: seal.certificate,
      certificateChain: seal.chain,
      signingTime: new Date(),
      signer: seal.local,
      appearance: { name: 'Signet Test Seal', date: '22.11.2026' },
      level: 'B-LT',
      timestamp: tools.sandbox.timestamp,
      revocation: tools.sandbox.revocation,
      extraCertificates: tools.sandbox.caCertificates,
    });
    expect(isPrefix(bytes, signed)).toBe(true);
    const report = await validatePdfSignatures(signed, { trustAnchors: tools.sandbox.trustListPem });
    expect(report.signatures.find((s) => s.fieldName === fieldName)).toMatchObject({
      indication: 'TOTAL-PASSED',
      level: 'B-LT',
    });
    const entry = (await tools.validators.pdfsig(signed)).signatures.find((s) => s.fieldName === fieldName);
    expect(entry?.valid, entry?.text).toBe(true);
    expect(entry?.trusted, entry?.text).toBe(true);
    // Signing the same field twice is refused.
    expect(() =>
      prepareSignature(signed, {
        fieldName,
        signerCertificate: seal.certificate,
        certificateChain: seal.chain,
        signingTime: new Date(),
      }),
    ).toThrow(expect.objectContaining({ code: 'PDF_FIELD_ALREADY_SIGNED' }));
  });
});

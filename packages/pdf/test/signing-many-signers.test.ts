import { beforeAll, expect, it } from 'vitest';
import { addSignatureFields } from '../src/index';
import { signPdf } from '../src/signature/sign';
import { validatePdfSignatures } from '../src/signature/validate';
import { useSigningTools, type TestSigner } from './helpers/signing-sandbox';
import { corpusBytes } from './corpus-manifest';

const SIGNERS = 20;

const tools = useSigningTools();
let people: TestSigner[];

beforeAll(async () => {
  // Twenty different people, each with an own certificate (AES and QES alternating), as in a real request.
  people = await Promise.all(
    Array.from({ length: SIGNERS }, (_, i) =>
      tools.sandbox.issue(i % 2 === 0 ? 'aes' : 'qes', `Signer ${i + 1}`),
    ),
  );
});

it(`keeps all ${SIGNERS} signatures valid when ${SIGNERS} people sign one after the other`, async () => {
  const original = corpusBytes('pdf13-indesign-us-constitution-19p.pdf');
  const names = Array.from({ length: SIGNERS }, (_, i) => `signer-${i + 1}`);
  let pdf = await addSignatureFields(
    original,
    names.map((name, i) => ({
      name,
      page: 1 + (i % 3),
      x: 20 + (i % 4) * 140,
      y: 20 + Math.floor(i / 4) * 70,
      width: 130,
      height: 60,
    })),
  );
  for (const [i, name] of names.entries()) {
    const who = people[i % people.length]!;
    const next = await signPdf(pdf, {
      fieldName: name,
      signerCertificate: who.certificate,
      certificateChain: who.chain,
      signingTime: new Date(),
      signer: who.local,
      level: 'B-LT',
      timestamp: tools.sandbox.timestamp,
      revocation: tools.sandbox.revocation,
      extraCertificates: tools.sandbox.caCertificates,
      appearance: { name: `Signer ${i + 1}`, date: '22.11.2026' },
    });
    // Every signature appends: the previous document, earlier signatures included, is a prefix.
    expect(Buffer.from(next.subarray(0, pdf.length)).equals(Buffer.from(pdf))).toBe(true);
    pdf = next;
  }

  const report = await validatePdfSignatures(pdf, { trustAnchors: tools.sandbox.trustListPem });
  expect(report.signatures.map((s) => s.fieldName).sort()).toEqual([...names].sort());
  for (const signature of report.signatures) {
    expect(signature, signature.fieldName).toMatchObject({ indication: 'TOTAL-PASSED', level: 'B-LT' });
    expect(signature.modificationsAfter.allowed).toBe(true);
  }
  expect(report.signatures.filter((s) => s.coversWholeDocument)).toHaveLength(0); // a DSS follows each

  const pdfsig = await tools.validators.pdfsig(pdf);
  expect(pdfsig.signatures).toHaveLength(SIGNERS);
  for (const entry of pdfsig.signatures) {
    expect(entry.valid, entry.text).toBe(true);
    expect(entry.trusted, entry.text).toBe(true);
  }
}, 240_000);

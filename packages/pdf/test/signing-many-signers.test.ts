import { expect, it } from 'vitest';
import { beforeAll } from 'vitest';
import { addSignatureFields } from '../src/index';
import { signPdf } from '../src/signature/sign';
import { validatePdfSignatures } from '../src/signature/validate';
import { TIMESTAMP_TOKEN_RESERVE } from '../src/signature/prepare-signature';
import { extractSignature, tool } from './helpers/external-validators';
import { useSigningTools, type TestSigner } from './helpers/signing-sandbox';
import { corpusBytes } from './corpus-manifest';

const SIGNERS = 20;

/**
 * Bytes one signature may add, median over the signers. bench/revision-size.ts measured about 30 KB
 * (B-LT, visible stamp, sandbox chains): the /Contents reserve (~20 KB as hex), the stamp (~2 KB,
 * fonts reused) and the DSS revision (5.5–8.5 KB, depending on whether the sandbox's OCSP answers
 * for the CA certificates are new). Before the fonts were reused and the reserve sized, it was 85 KB.
 */
const MAX_MEDIAN_GROWTH = 36_000;

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

/** Names outside ASCII: Latin Extended-A (in the first font subset) and Greek (not in it). */
const stampName = (i: number) =>
  i === 6 ? 'Łukasz Żółć' : i === 11 ? 'Αλέξανδρος Παπαδόπουλος' : `Signer ${i + 1}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

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
  const growth: number[] = [];
  for (const [i, name] of names.entries()) {
    const who = people[i % people.length]!;
    const next = await signPdf(pdf, {
      fieldName: name,
      signerCertificate: who.certificate,
      certificateChain: who.chain,
      signingTime: new Date(),
      signer: who.local,
      // The last one is the largest Signet makes: a QES certificate's chain, and B-LTA.
      level: i === SIGNERS - 1 ? 'B-LTA' : 'B-LT',
      timestamp: tools.sandbox.timestamp,
      revocation: tools.sandbox.revocation,
      extraCertificates: tools.sandbox.caCertificates,
      appearance: { name: stampName(i), date: '22.11.2026', claim: 'Signed electronically with Signet' },
    });
    // Every signature appends: the previous document, earlier signatures included, is a prefix.
    expect(Buffer.from(next.subarray(0, pdf.length)).equals(Buffer.from(pdf))).toBe(true);
    if (i < SIGNERS - 1) growth.push(next.length - pdf.length);
    pdf = next;
  }
  expect(median(growth)).toBeLessThan(MAX_MEDIAN_GROWTH);

  const report = await validatePdfSignatures(pdf, { trustAnchors: tools.sandbox.trustListPem });
  const signatures = report.signatures.filter((s) => s.kind === 'signature');
  expect(signatures.map((s) => s.fieldName).sort()).toEqual([...names].sort());
  for (const signature of signatures) {
    // The closing document timestamp covers every signature before it: all of them reach B-LTA.
    expect(signature, signature.fieldName).toMatchObject({ indication: 'TOTAL-PASSED', level: 'B-LTA' });
    expect(signature.modificationsAfter.allowed).toBe(true);
  }
  const archive = report.signatures.filter((s) => s.kind === 'document-timestamp');
  expect(archive).toHaveLength(1);
  expect(archive[0]).toMatchObject({ indication: 'TOTAL-PASSED' });
  expect(report.signatures.filter((s) => s.coversWholeDocument)).toHaveLength(0); // a DSS follows each

  // The reserve is sized, not guessed: the QES signature with its signature timestamp leaves room
  // for a TSA token 3 KB larger than the sandbox's, and the document timestamp fits its own reserve.
  const last = signatures.find((s) => s.fieldName === names.at(-1))!;
  const lastRange = last.byteRange!;
  const reserved = (lastRange[2]! - lastRange[1]! - 2) / 2;
  const used = extractSignature(pdf, lastRange).cms.length;
  expect(reserved - used).toBeGreaterThan(3_000);
  expect(reserved / used).toBeLessThan(1.8); // was 2.6× before the reserve was sized
  const token = extractSignature(pdf, archive[0]!.byteRange!).cms.length;
  expect(token).toBeLessThan(TIMESTAMP_TOKEN_RESERVE - 3_000);

  const pdfsig = await tools.validators.pdfsig(pdf);
  const signed = pdfsig.signatures.filter((s) => names.includes(s.fieldName));
  expect(signed).toHaveLength(SIGNERS);
  for (const entry of signed) {
    expect(entry.valid, entry.text).toBe(true);
    expect(entry.trusted, entry.text).toBe(true);
  }

  // Fonts: one regular face for every stamp; the bold one (the names) once more for the Greek name.
  const fonts = (await tool('pdffonts', [await tools.validators.file('signed.pdf', pdf)])).stdout
    .split('\n')
    .filter((line) => /\+Helvetica/.test(line));
  expect(fonts.filter((line) => /\+Helvetica /.test(line))).toHaveLength(1);
  expect(fonts.filter((line) => /\+Helvetica-Bold /.test(line))).toHaveLength(2);
  const text = (await tool('pdftotext', [await tools.validators.file('signed.pdf', pdf), '-'])).stdout;
  // Word by word: pdftotext may break a stamp's line where it meets the page's own text.
  for (const i of [0, 6, 11, 19]) for (const word of stampName(i).split(' ')) expect(text).toContain(word);
}, 240_000);

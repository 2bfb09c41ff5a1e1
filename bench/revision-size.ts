// Revision size benchmark: bytes each signature adds to a document, for 20 people signing one small
// corpus file one after the other, as the API signs (visible stamp with QR code, B-LT, each person
// with a certificate of their own, AES and QES alternating). Reported: the median over the 20
// signatures and its parts — the signature revision (field value, appearance with its fonts, the
// reserved /Contents), the part of /Contents the CMS uses, and the DSS revision. Baseline in the
// same run: the CMS itself as hex, the least a signature revision must carry.
// Run: node --import tsx bench/revision-size.ts — prints a Markdown section and replaces
// "## Bytes added per signature" in bench/RESULTS.md.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webcrypto } from 'node:crypto';
import { createTrustServices } from '../packages/trust-services/src/index';
import { addSignatureFields, closePdfEngine } from '../packages/pdf/src/index';
import { prepareSignature } from '../packages/pdf/src/signature/prepare-signature';
import { completeSignature } from '../packages/pdf/src/signature/sign';
import { certificatesFrom } from '../packages/pdf/src/signature/certificates';
import { writeResultsSection } from './results-section';

const SIGNERS = 20;
const corpusFile = 'pdf20-simple-pdfassociation.pdf';
const corpus = fileURLToPath(new URL('../../shared/pdf-corpus/', import.meta.url));

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const dataDir = mkdtempSync(join(tmpdir(), 'signet-bench-revision-size-'));
const services = await createTrustServices({ dataDir });
const providers = {
  timestamp: (req: Uint8Array) => services.tsa.respond(req),
  revocation: {
    ocsp: (_url: string, req: Uint8Array) => services.ocsp.respond(req),
    crl: (url: string) =>
      services.crl.get(
        /\/crl\/([a-z]+-[a-z]+)\.crl$/.exec(url)![1] as Parameters<typeof services.crl.get>[0],
      ),
  },
  extraCertificates: certificatesFrom(services.pki.trustListPem()),
};

const original = new Uint8Array(readFileSync(join(corpus, corpusFile)));
const names = Array.from({ length: SIGNERS }, (_, i) => `signer-${i + 1}`);
let pdf = await addSignatureFields(
  original,
  names.map((name, i) => ({
    name,
    page: 1,
    x: 10 + (i % 4) * 150,
    y: 10 + Math.floor(i / 4) * 75,
    width: 145,
    height: 70,
  })),
);
const withFields = pdf.length;

interface Signature {
  total: number;
  revision: number;
  reserved: number;
  cms: number;
  dss: number;
}
const signatures: Signature[] = [];
for (const [i, fieldName] of names.entries()) {
  const issued = await services.pki.issueEndEntity({
    subject: { commonName: `Signer ${i + 1}`, country: 'CH' },
    profile: i % 2 === 0 ? 'aes' : 'qes',
    legislation: 'eidas',
    validityMinutes: 60,
  });
  const before = pdf.length;
  const prepared = prepareSignature(pdf, {
    fieldName,
    signerCertificate: issued.certificateDer,
    certificateChain: issued.chainDer.slice(1),
    signingTime: new Date(),
    appearance: {
      name: `Signer ${i + 1}`,
      date: '24.11.2026 14:03 UTC',
      qualityLabel: i % 2 === 0 ? 'Advanced electronic signature' : 'Qualified electronic signature',
      legislationLabel: 'eIDAS',
      providerLabel: 'Signet',
      claim: 'Signed electronically with Signet',
      qrUrl: `https://signet.example/view/5f0c2a7e-${String(i).padStart(4, '0')}-4d2b-9a51-0c3e7b1d2f6a`,
    },
  });
  const signatureValue = new Uint8Array(
    await webcrypto.subtle.sign('RSASSA-PKCS1-v1_5', issued.privateKey!, prepared.signedAttributesDer),
  );
  const signed = await completeSignature(prepared, { signatureValue, level: 'B-LT', ...providers });
  const contents = new TextDecoder('latin1').decode(
    signed.subarray(prepared.contentsHexStart, prepared.contentsHexEnd),
  );
  signatures.push({
    total: signed.length - before,
    revision: prepared.preparedPdf.length - before,
    reserved: prepared.contentsHexEnd - prepared.contentsHexStart,
    cms: contents.replace(/0+$/, '').length + (contents.replace(/0+$/, '').length % 2),
    dss: signed.length - prepared.preparedPdf.length,
  });
  pdf = signed;
}
await closePdfEngine();
rmSync(dataDir, { recursive: true, force: true });

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const part = (pick: (s: Signature) => number) => kb(median(signatures.map(pick)));
const first = signatures[0]!;
const section = [
  '## Bytes added per signature',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores; Node ${process.version}; load average`,
  `${loadavg()[0]!.toFixed(1)} at the end (sizes do not depend on it). ${SIGNERS} people sign \`${corpusFile}\``,
  `(${kb(original.length)} KB; ${kb(withFields)} KB with the ${SIGNERS} empty fields) one after the other through the engine's`,
  'two steps as the API calls them: visible stamp with QR code, B-LT, each person with an own sandbox',
  'certificate (AES and QES alternating). Baseline, same run: the CMS as hex, which every signature revision',
  'must carry. `bench/revision-size.ts` reproduces it.',
  '',
  '| measure | median KB per signature | first signature KB |',
  '| --- | ---: | ---: |',
  `| bytes added (signature revision + DSS revision) | ${part((s) => s.total)} | ${kb(first.total)} |`,
  `| signature revision (field, appearance and fonts, /Contents) | ${part((s) => s.revision)} | ${kb(first.revision)} |`,
  `| of which the stamp: appearance, its fonts, the field | ${part((s) => s.revision - s.reserved)} | ${kb(first.revision - first.reserved)} |`,
  `| of which /Contents reserved (hex) | ${part((s) => s.reserved)} | ${kb(first.reserved)} |`,
  `| baseline: of which the CMS uses (hex) | ${part((s) => s.cms)} | ${kb(first.cms)} |`,
  `| DSS revision | ${part((s) => s.dss)} | ${kb(first.dss)} |`,
  '',
  `After ${SIGNERS} signatures the file holds ${kb(pdf.length)} KB; /Contents reserved ÷ used (median):`,
  `${(median(signatures.map((s) => s.reserved)) / median(signatures.map((s) => s.cms))).toFixed(2)}×. The first stamp embeds`,
  'its two font subsets; later stamps reference them unless a name needs glyphs they lack. The DSS revision',
  'carries the new OCSP answers and rewrites the growing /DSS dictionary each time.',
  '',
].join('\n');
console.log(await writeResultsSection('## Bytes added per signature', section));

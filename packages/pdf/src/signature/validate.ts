import { createHash } from 'node:crypto';
import * as mupdf from 'mupdf';
import { resolved } from './pdf-objects';
import { listFormFields } from '../fields/form-fields';
import {
  OID,
  buildChain,
  hasExtendedKeyUsage,
  certificatesFrom,
  isSelfSigned,
  uniqueCertificates,
  type ParsedCertificate,
} from './certificates';
import { findSignerCertificate, parseCms, type ParsedCms } from './cms';
import { bytesEqual } from './der';
import { modificationsAfter, type ModificationReport } from './modifications';
import {
  buildOcspRequest,
  crlStatus,
  ocspStatus,
  verifyWithAlgorithm,
  type RevocationStatus,
  type RevocationTransports,
} from './revocation';
import { RevisionDocuments, revisionEnds } from './revisions';
import type { PadesLevel } from './types';
import { parseTstInfo } from './timestamp';

export type Indication = 'TOTAL-PASSED' | 'TOTAL-FAILED' | 'INDETERMINATE';
export type SubIndication =
  | 'FORMAT_FAILURE'
  | 'HASH_FAILURE'
  | 'SIG_CRYPTO_FAILURE'
  | 'REVOKED'
  | 'NO_SIGNING_CERTIFICATE_FOUND'
  | 'NO_CERTIFICATE_CHAIN_FOUND'
  | 'OUT_OF_BOUNDS_NO_POE'
  | 'SIG_CONSTRAINTS_FAILURE'
  | 'TRY_LATER';

export interface ValidationCheck {
  name: string;
  passed: boolean;
  detail?: string;
}

export interface SignatureReport {
  fieldName: string;
  kind: 'signature' | 'document-timestamp';
  subFilter: string | null;
  indication: Indication;
  subIndication?: SubIndication;
  signer: { subject: string; serialNumber: string; issuer: string } | null;
  /** Claimed time (/M of the dictionary). */
  signingTime: Date | null;
  /** Time of the signature timestamp, or of the document timestamp itself. */
  timestampTime: Date | null;
  byteRange: number[] | null;
  /** 1-based revision whose end the signature covers; null when it ends inside a revision. */
  coveredRevision: number | null;
  coversWholeDocument: boolean;
  modificationsAfter: ModificationReport;
  /** PAdES baseline level reached; null for a document timestamp or a non-PAdES signature. */
  level: PadesLevel | null;
  checks: ValidationCheck[];
}

export interface ValidationReport {
  revisionCount: number;
  signatures: SignatureReport[];
}

export interface ValidateOptions {
  trustAnchors: Uint8Array[] | string;
  /** Fetch OCSP/CRL online when the document holds no evidence; else embedded data only. */
  revocation?: RevocationTransports;
  validationTime?: Date;
  password?: string;
}

const HASH_NAMES: Record<string, string> = {
  [OID.sha256]: 'sha256',
  [OID.sha1]: 'sha1',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

interface Material {
  certificates: Uint8Array[];
  ocsps: Uint8Array[];
  crls: Uint8Array[];
}

function readDss(doc: mupdf.PDFDocument | null): Material {
  const material: Material = { certificates: [], ocsps: [], crls: [] };
  if (!doc) return material;
  const dss = resolved(doc.getTrailer().get('Root').get('DSS'));
  if (!dss.isDictionary()) return material;
  const read = (key: string, into: Uint8Array[]) => {
    const array = resolved(dss.get(key));
    if (!array.isArray()) return;
    array.forEach((item) => {
      // Streams are read through their indirect reference (mupdf needs the object number).
      if (item.isStream()) into.push(item.readStream().asUint8Array().slice());
    });
  };
  read('Certs', material.certificates);
  read('OCSPs', material.ocsps);
  read('CRLs', material.crls);
  return material;
}

function hashRanges(pdf: Uint8Array, byteRange: number[], algorithm: string): Uint8Array {
  const hash = createHash(algorithm);
  hash.update(pdf.subarray(byteRange[0]!, byteRange[0]! + byteRange[1]!));
  hash.update(pdf.subarray(byteRange[2]!, byteRange[2]! + byteRange[3]!));
  return new Uint8Array(hash.digest());
}

/** Legal ranges: from byte 0, around exactly one hex string, inside the file. */
function byteRangeProblem(pdf: Uint8Array, br: number[] | null): string | null {
  if (!br || br.length !== 4 || br.some((n) => !Number.isInteger(n) || n < 0))
    return 'ByteRange is not 4 integers';
  const [a, b, c, d] = br as [number, number, number, number];
  if (a !== 0) return 'ByteRange does not start at 0';
  if (c <= b || c + d > pdf.length) return 'ByteRange is out of bounds';
  if (pdf[b] !== 0x3c || pdf[c - 1] !== 0x3e) return 'the gap is not the /Contents hex string';
  for (let i = b + 1; i < c - 1; i++) {
    const ch = pdf[i]!;
    const hex = (ch >= 0x30 && ch <= 0x39) || (ch >= 0x41 && ch <= 0x46) || (ch >= 0x61 && ch <= 0x66);
    if (!hex) return 'the gap holds more than the /Contents hex string';
  }
  return null;
}

export class Verdict {
  indication: Indication = 'TOTAL-PASSED';
  subIndication: SubIndication | undefined;
  readonly checks: ValidationCheck[] = [];

  check(name: string, passed: boolean, detail?: string, failure?: [Indication, SubIndication]): boolean {
    this.checks.push({ name, passed, ...(detail ? { detail } : {}) });
    // The first failure decides, except that a definite failure outranks an open question.
    const outranks =
      this.indication === 'TOTAL-PASSED' ||
      (this.indication === 'INDETERMINATE' && failure?.[0] === 'TOTAL-FAILED');
    if (!passed && failure && outranks) {
      [this.indication, this.subIndication] = failure;
    }
    return passed;
  }
}

/** Verifies a CMS SignedData's own signature over its signed attributes (or content). */
function verifyCms(cms: ParsedCms, signer: ParsedCertificate, content: Uint8Array | null): boolean {
  const algorithm = cms.signerInfo.signatureAlgorithm.algorithmId;
  const digestName = HASH_NAMES[cms.digestAlgorithm] ?? 'sha256';
  const data = cms.signedAttributesDer ?? content;
  if (!data) return false;
  // "rsaEncryption"/"ecPublicKey" name only the key; the hash comes from digestAlgorithm.
  const effective =
    algorithm === OID.rsaEncryption || algorithm === OID.ecPublicKey
      ? ({
          sha1: '1.2.840.113549.1.1.5',
          sha256: OID.sha256WithRsa,
          sha384: '1.2.840.113549.1.1.12',
          sha512: '1.2.840.113549.1.1.13',
        }[digestName] ?? OID.sha256WithRsa)
      : algorithm;
  const ecEffective =
    signer.keyType === 'ec' && algorithm === OID.ecPublicKey ? OID.ecdsaWithSha256 : effective;
  return verifyWithAlgorithm(signer, ecEffective, data, cms.signatureValue);
}

export interface ChainContext {
  anchors: ParsedCertificate[];
  material: Material;
  revocation?: RevocationTransports;
}

interface ChainResult {
  chain: ParsedCertificate[];
  trusted: boolean;
  /** Evidence per certificate: 'not-needed' for anchors and no-check responders, undefined when none was found. */
  statuses: (RevocationStatus | 'not-needed' | undefined)[];
  /** True when every certificate needing evidence has some in the DSS (not fetched online). */
  embeddedComplete: boolean;
}

async function evaluateChain(
  leaf: ParsedCertificate,
  extra: readonly Uint8Array[],
  ctx: ChainContext,
): Promise<ChainResult> {
  const pool = uniqueCertificates([...extra, ...ctx.material.certificates, ...ctx.anchors.map((a) => a.der)]);
  const chain = buildChain(leaf, pool);
  const trusted = chain.some((c) => ctx.anchors.some((a) => bytesEqual(a.der, c.der)));
  const statuses: ChainResult['statuses'] = [];
  let embeddedComplete = true;
  for (let i = 0; i < chain.length; i++) {
    const cert = chain[i]!;
    const issuer = chain[i + 1];
    if (
      isSelfSigned(cert) ||
      cert.ocspNoCheck ||
      ctx.anchors.some((a) => bytesEqual(a.der, cert.der)) ||
      !issuer
    ) {
      statuses.push('not-needed');
      continue;
    }
    let status =
      ctx.material.ocsps
        .map((der) => ocspStatus(der, cert, issuer))
        .find((s) => s && s.status !== 'unknown') ??
      ctx.material.crls.map((der) => crlStatus(der, cert, issuer)).find((s) => s !== null) ??
      undefined;
    if (!status) embeddedComplete = false;
    if (!status && ctx.revocation) {
      for (const url of cert.ocspUrls) {
        try {
          status =
            ocspStatus(await ctx.revocation.ocsp(url, buildOcspRequest(cert, issuer)), cert, issuer) ??
            undefined;
        } catch {
          status = undefined;
        }
        if (status && status.status !== 'unknown') break;
      }
      for (const url of status ? [] : cert.crlUrls) {
        try {
          status = crlStatus(await ctx.revocation.crl(url), cert, issuer) ?? undefined;
        } catch {
          status = undefined;
        }
        if (status) break;
      }
    }
    statuses.push(status);
  }
  return { chain, trusted, statuses, embeddedComplete };
}

/** Chain, validity and revocation checks shared by signatures and timestamps. */
function judgeChain(verdict: Verdict, prefix: string, result: ChainResult, at: Date): void {
  verdict.check(
    `${prefix}certificate-chain`,
    result.trusted,
    result.chain.map((c) => c.subject).join(' <- '),
    ['INDETERMINATE', 'NO_CERTIFICATE_CHAIN_FOUND'],
  );
  const outOfBounds = result.chain.find((c) => at < c.notBefore || at > c.notAfter);
  verdict.check(
    `${prefix}certificate-validity`,
    !outOfBounds,
    outOfBounds ? `${outOfBounds.subject} not valid at ${at.toISOString()}` : undefined,
    ['INDETERMINATE', 'OUT_OF_BOUNDS_NO_POE'],
  );
  result.statuses.forEach((status, i) => {
    const cert = result.chain[i]!;
    if (status === 'not-needed') return;
    if (!status) {
      verdict.check(`${prefix}revocation`, false, `no revocation data for ${cert.subject}`, [
        'INDETERMINATE',
        'TRY_LATER',
      ]);
      return;
    }
    const revoked = status.status === 'revoked' && (!status.revocationTime || status.revocationTime <= at);
    verdict.check(
      `${prefix}revocation`,
      !revoked,
      `${cert.subject}: ${status.status} (${status.source}${status.revocationTime ? `, since ${status.revocationTime.toISOString()}` : ''})`,
      ['TOTAL-FAILED', 'REVOKED'],
    );
  });
}

interface TokenResult {
  valid: boolean;
  time: Date | null;
  chain: ChainResult | null;
}

/** Checks an RFC 3161 token over `data`: imprint, its CMS signature, and the TSA chain. */
export async function checkToken(
  verdict: Verdict,
  prefix: string,
  tokenDer: Uint8Array,
  data: Uint8Array[],
  ctx: ChainContext,
  failures: { hash: [Indication, SubIndication] },
): Promise<TokenResult> {
  let tst;
  let cms: ParsedCms;
  try {
    cms = parseCms(tokenDer);
    tst = parseTstInfo(tokenDer);
  } catch (e) {
    verdict.check(`${prefix}format`, false, (e as Error).message, ['TOTAL-FAILED', 'FORMAT_FAILURE']);
    return { valid: false, time: null, chain: null };
  }
  const hashName = HASH_NAMES[tst.hashAlgorithm] ?? 'sha256';
  const hash = createHash(hashName);
  for (const part of data) hash.update(part);
  const imprintOk = verdict.check(
    `${prefix}message-imprint`,
    bytesEqual(new Uint8Array(hash.digest()), tst.hashedMessage),
    undefined,
    failures.hash,
  );
  const tsa = findSignerCertificate(cms, [...cms.certificates, ...ctx.material.certificates]);
  const contentDigestOk =
    !!cms.eContent &&
    !!cms.messageDigest &&
    bytesEqual(
      new Uint8Array(
        createHash(HASH_NAMES[cms.digestAlgorithm] ?? 'sha256')
          .update(cms.eContent)
          .digest(),
      ),
      cms.messageDigest,
    );
  const signatureOk = verdict.check(
    `${prefix}signature`,
    !!tsa && contentDigestOk && verifyCms(cms, tsa, cms.eContent),
    tsa ? tsa.subject : 'TSA certificate not found',
    ['TOTAL-FAILED', 'SIG_CRYPTO_FAILURE'],
  );
  if (!tsa) return { valid: false, time: tst.genTime, chain: null };
  // RFC 3161 2.3: only a certificate for the timeStamping purpose may sign tokens.
  const purposeOk = verdict.check(
    `${prefix}tsa-purpose`,
    hasExtendedKeyUsage(tsa, OID.ekuTimeStamping),
    undefined,
    ['TOTAL-FAILED', 'SIG_CONSTRAINTS_FAILURE'],
  );
  const chain = await evaluateChain(tsa, cms.certificates, ctx);
  judgeChain(verdict, prefix, chain, tst.genTime);
  // A proof of existence needs an intact token from a trusted TSA; the TSA's revocation status
  // is judged (and reported) separately.
  return { valid: imprintOk && signatureOk && purposeOk && chain.trusted, time: tst.genTime, chain };
}

export interface SignatureEntry {
  fieldName: string;
  type: string;
  subFilter: string | null;
  byteRange: number[] | null;
  signingTime: Date | null;
  /** /Contents as the dictionary holds it (the gap of a sound ByteRange holds the same bytes). */
  contents: Uint8Array | null;
}

function parsePdfDate(value: string): Date | null {
  const m = /D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(value);
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const offset = (Number(oh) * 60 + Number(om)) * 60_000 * (sign === '-' ? -1 : sign === '+' ? 1 : 0);
  return new Date(utc - offset);
}

export function signatureEntries(doc: mupdf.PDFDocument): SignatureEntry[] {
  const out: SignatureEntry[] = [];
  // listFormFields expects a form; a document without one holds no signatures.
  if (!resolved(doc.getTrailer().get('Root').get('AcroForm')).isDictionary()) return out;
  for (const field of listFormFields(doc)) {
    if (field.type !== 'Sig') continue;
    const v = resolved(field.field.get('V'));
    if (!v.isDictionary()) continue;
    const brObj = resolved(v.get('ByteRange'));
    const byteRange: number[] = [];
    if (brObj.isArray()) brObj.forEach((n) => byteRange.push(n.isNumber() ? n.asNumber() : Number.NaN));
    const sub = resolved(v.get('SubFilter'));
    const type = resolved(v.get('Type'));
    const m = resolved(v.get('M'));
    const contents = resolved(v.get('Contents'));
    out.push({
      fieldName: field.name,
      type: type.isName() ? type.asName() : 'Sig',
      subFilter: sub.isName() ? sub.asName() : null,
      byteRange: brObj.isArray() ? byteRange : null,
      signingTime: m.isString() ? parsePdfDate(m.asString()) : null,
      contents: contents.isString() ? contents.asByteString() : null,
    });
  }
  return out;
}

/**
 * Validates every signature and document timestamp of a PDF (ETSI EN 319 102-1 style indications).
 * Never throws for damaged signatures: each problem becomes a failed check.
 */
export async function validatePdfSignatures(
  pdf: Uint8Array,
  options: ValidateOptions,
): Promise<ValidationReport> {
  const revisions = new RevisionDocuments(pdf, options.password);
  try {
    const ends = revisionEnds(pdf);
    const finalDoc = revisions.at(pdf.length);
    if (!finalDoc) return { revisionCount: ends.length, signatures: [] };
    const entries = signatureEntries(finalDoc);
    const ctx: ChainContext = {
      anchors: uniqueCertificates(certificatesFrom(options.trustAnchors)),
      material: readDss(finalDoc),
      revocation: options.revocation,
    };
    const now = options.validationTime ?? new Date();
    const reports: SignatureReport[] = [];
    const docTimestamps: { end: number; valid: boolean; time: Date | null }[] = [];
    for (const entry of entries) {
      reports.push(await validateOne(pdf, entry, ends, ctx, now, revisions, docTimestamps));
    }
    // B-LTA needs a valid document timestamp over a revision that already held the B-LT material.
    for (const report of reports) {
      if (report.level !== 'B-LT' || !report.byteRange) continue;
      const signedEnd = report.byteRange[2]! + report.byteRange[3]!;
      const archived = docTimestamps.some((t) => {
        if (!t.valid || t.end <= signedEnd) return false;
        const material = readDss(revisions.at(t.end));
        return material.ocsps.length + material.crls.length > 0;
      });
      if (archived) report.level = 'B-LTA';
    }
    return { revisionCount: ends.length, signatures: reports };
  } finally {
    revisions.destroy();
  }
}

async function validateOne(
  pdf: Uint8Array,
  entry: SignatureEntry,
  ends: number[],
  ctx: ChainContext,
  now: Date,
  revisions: RevisionDocuments,
  docTimestamps: { end: number; valid: boolean; time: Date | null }[],
): Promise<SignatureReport> {
  const verdict = new Verdict();
  const isDocTimestamp = entry.type === 'DocTimeStamp' || entry.subFilter === 'ETSI.RFC3161';
  const report: SignatureReport = {
    fieldName: entry.fieldName,
    kind: isDocTimestamp ? 'document-timestamp' : 'signature',
    subFilter: entry.subFilter,
    indication: 'TOTAL-PASSED',
    signer: null,
    signingTime: entry.signingTime,
    timestampTime: null,
    byteRange: entry.byteRange,
    coveredRevision: null,
    coversWholeDocument: false,
    modificationsAfter: { allowed: true, changes: [] },
    level: null,
    checks: verdict.checks,
  };
  const finish = (): SignatureReport => {
    report.indication = verdict.indication;
    if (verdict.subIndication) report.subIndication = verdict.subIndication;
    return report;
  };

  const problem = byteRangeProblem(pdf, entry.byteRange);
  if (
    !verdict.check('byte-range', problem === null, problem ?? undefined, ['TOTAL-FAILED', 'FORMAT_FAILURE'])
  ) {
    return finish();
  }
  const br = entry.byteRange as number[];
  const signedEnd = br[2]! + br[3]!;
  report.coversWholeDocument = signedEnd === pdf.length;
  const revisionIndex = ends.indexOf(signedEnd);
  report.coveredRevision = revisionIndex >= 0 ? revisionIndex + 1 : null;
  report.modificationsAfter = modificationsAfter(pdf, signedEnd, revisions, entry.fieldName);
  const signed = [pdf.subarray(0, br[1]!), pdf.subarray(br[2]!, signedEnd)];
  const gap = new Uint8Array(
    Buffer.from(new TextDecoder('latin1').decode(pdf.subarray(br[1]! + 1, br[2]! - 1)), 'hex'),
  );
  // The dictionary's own /Contents is what the signer claims; a ByteRange copied from another
  // signature then shows up as a digest mismatch, and the gap check below as a format failure.
  const contents = entry.contents ?? gap;
  const gapMatches = bytesEqual(trimZeros(gap), trimZeros(contents));

  if (isDocTimestamp) {
    const token = await checkToken(verdict, 'timestamp-', contents, signed, ctx, {
      hash: ['TOTAL-FAILED', 'HASH_FAILURE'],
    });
    report.timestampTime = token.time;
    verdict.check('byte-range-gap', gapMatches, undefined, ['TOTAL-FAILED', 'FORMAT_FAILURE']);
    docTimestamps.push({ end: signedEnd, valid: token.valid, time: token.time });
    judgeModifications(verdict, report.modificationsAfter);
    return finish();
  }

  let cms: ParsedCms;
  try {
    cms = parseCms(contents);
  } catch (e) {
    verdict.check('format', false, (e as Error).message, ['TOTAL-FAILED', 'FORMAT_FAILURE']);
    return finish();
  }
  const hashName = HASH_NAMES[cms.digestAlgorithm];
  const digestOk =
    !!hashName &&
    (cms.messageDigest
      ? bytesEqual(hashRanges(pdf, br, hashName), cms.messageDigest)
      : cms.signedAttributesDer === null);
  verdict.check('digest', digestOk, hashName ? undefined : 'unsupported digest algorithm', [
    'TOTAL-FAILED',
    'HASH_FAILURE',
  ]);
  verdict.check('byte-range-gap', gapMatches, undefined, ['TOTAL-FAILED', 'FORMAT_FAILURE']);
  const signer = findSignerCertificate(cms, [...cms.certificates, ...ctx.material.certificates]);
  if (
    !verdict.check('signing-certificate', !!signer, undefined, [
      'INDETERMINATE',
      'NO_SIGNING_CERTIFICATE_FOUND',
    ]) ||
    !signer
  ) {
    return finish();
  }
  report.signer = {
    subject: signer.subject,
    serialNumber: signer.serialHex,
    issuer: signer.x509.issuer.split('\n').join(', '),
  };
  const content = cms.signedAttributesDer ? null : Buffer.concat(signed);
  verdict.check('signature-value', verifyCms(cms, signer, content), undefined, [
    'TOTAL-FAILED',
    'SIG_CRYPTO_FAILURE',
  ]);
  const essOk =
    cms.signingCertificateV2 !== null &&
    cms.signingCertificateV2.some((id) => {
      const name = HASH_NAMES[id.hashAlgorithm];
      return !!name && bytesEqual(new Uint8Array(createHash(name).update(signer.der).digest()), id.hash);
    });
  const isPades = entry.subFilter === 'ETSI.CAdES.detached';
  if (cms.signingCertificateV2 !== null || isPades) {
    verdict.check('signing-certificate-v2', essOk, undefined, [
      'INDETERMINATE',
      'NO_SIGNING_CERTIFICATE_FOUND',
    ]);
  }

  // A disallowed change after signing is reported before questions about certificates and time.
  judgeModifications(verdict, report.modificationsAfter);

  // The signature timestamp is proof of existence of the signature value.
  let poe: Date | null = null;
  let timestampValid = false;
  let tsaChain: ChainResult | null = null;
  for (const tokenDer of cms.timeStampTokens.slice(0, 1)) {
    const token = await checkToken(verdict, 'timestamp-', tokenDer, [cms.signatureValue], ctx, {
      hash: ['TOTAL-FAILED', 'HASH_FAILURE'],
    });
    report.timestampTime = token.time;
    timestampValid = token.valid;
    tsaChain = token.chain;
    if (token.valid) poe = token.time;
  }
  const chain = await evaluateChain(signer, cms.certificates, ctx);
  judgeChain(verdict, '', chain, poe ?? now);

  if (isPades && essOk && digestOk) {
    const hasSigningTime =
      cms.signerInfo.signedAttrs?.attributes.some((a) => a.type === OID.signingTime) ?? false;
    verdict.check('no-signing-time-attribute', !hasSigningTime, undefined);
    report.level = 'B-B';
    if (timestampValid) report.level = 'B-T';
    if (timestampValid && chain.embeddedComplete && (tsaChain?.embeddedComplete ?? false))
      report.level = 'B-LT';
  }
  return finish();
}

function trimZeros(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return bytes.subarray(0, end);
}

function judgeModifications(verdict: Verdict, modifications: ModificationReport): void {
  verdict.check(
    'modifications-after-signing',
    modifications.allowed,
    modifications.changes.filter((c) => c.startsWith('disallowed')).join('; ') || undefined,
    ['INDETERMINATE', 'SIG_CONSTRAINTS_FAILURE'],
  );
}

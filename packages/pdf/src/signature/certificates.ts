import { X509Certificate, createHash, verify as verifySignature } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { derAlgorithm } from './der';

export const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  sha1: '1.3.14.3.2.26',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  accessOcsp: '1.3.6.1.5.5.7.48.1',
  accessCaIssuers: '1.3.6.1.5.5.7.48.2',
  crlDistributionPoints: '2.5.29.31',
  ocspBasic: '1.3.6.1.5.5.7.48.1.1',
  ocspNoCheck: '1.3.6.1.5.5.7.48.1.5',
  ekuOcspSigning: '1.3.6.1.5.5.7.3.9',
  ekuTimeStamping: '1.3.6.1.5.5.7.3.8',
} as const;

/** A certificate with the pieces the engine needs, parsed once. */
export interface ParsedCertificate {
  der: Uint8Array;
  x509: X509Certificate;
  /** The issuer Name exactly as encoded in the certificate (for IssuerAndSerialNumber). */
  issuerNameDer: Uint8Array;
  /** The serialNumber INTEGER TLV exactly as encoded. */
  serialDer: Uint8Array;
  serialHex: string;
  subject: string;
  ocspUrls: string[];
  crlUrls: string[];
  /** AIA caIssuers: where the issuer's certificate can be fetched. */
  caIssuersUrls: string[];
  notBefore: Date;
  notAfter: Date;
  keyType: 'rsa' | 'ec';
  /** id-pkix-ocsp-nocheck: an OCSP responder certificate that needs no revocation check itself. */
  ocspNoCheck: boolean;
}

const parsedCache = new WeakMap<Uint8Array, ParsedCertificate>();

export function parseCertificate(der: Uint8Array): ParsedCertificate {
  const cached = parsedCache.get(der);
  if (cached) return cached;
  const asn = asn1js.fromBER(der);
  if (asn.offset === -1) throw new Error('certificate is not DER');
  const tbs = (asn.result as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
  const tbsItems = tbs.valueBlock.value;
  // tbsCertificate starts with an optional [0] version.
  const first = tbsItems[0];
  const shift = first && first.idBlock.tagClass === 3 && first.idBlock.tagNumber === 0 ? 1 : 0;
  const serial = tbsItems[shift];
  const issuer = tbsItems[shift + 2];
  if (!serial || !issuer) throw new Error('certificate TBS is incomplete');
  const cert = new pkijs.Certificate({ schema: asn.result });
  const x509 = new X509Certificate(der);
  const ocspUrls: string[] = [];
  const crlUrls: string[] = [];
  const caIssuersUrls: string[] = [];
  let ocspNoCheck = false;
  for (const ext of cert.extensions ?? []) {
    if (ext.extnID === OID.authorityInfoAccess && ext.parsedValue instanceof pkijs.InfoAccess) {
      for (const desc of ext.parsedValue.accessDescriptions) {
        if (desc.accessLocation.type !== 6) continue;
        if (desc.accessMethod === OID.accessOcsp) ocspUrls.push(String(desc.accessLocation.value));
        if (desc.accessMethod === OID.accessCaIssuers) caIssuersUrls.push(String(desc.accessLocation.value));
      }
    } else if (
      ext.extnID === OID.crlDistributionPoints &&
      ext.parsedValue instanceof pkijs.CRLDistributionPoints
    ) {
      for (const point of ext.parsedValue.distributionPoints) {
        const names = Array.isArray(point.distributionPoint) ? point.distributionPoint : [];
        for (const name of names) if (name.type === 6) crlUrls.push(String(name.value));
      }
    } else if (ext.extnID === OID.ocspNoCheck) {
      ocspNoCheck = true;
    }
  }
  const parsed: ParsedCertificate = {
    der,
    x509,
    issuerNameDer: new Uint8Array(issuer.valueBeforeDecodeView),
    serialDer: new Uint8Array(serial.valueBeforeDecodeView),
    serialHex: x509.serialNumber.toLowerCase(),
    subject: x509.subject.split('\n').join(', '),
    ocspUrls,
    crlUrls,
    caIssuersUrls,
    notBefore: new Date(x509.validFrom),
    notAfter: new Date(x509.validTo),
    keyType: x509.publicKey.asymmetricKeyType === 'ec' ? 'ec' : 'rsa',
    ocspNoCheck,
  };
  parsedCache.set(der, parsed);
  return parsed;
}

export const sha256 = (data: Uint8Array): Uint8Array =>
  new Uint8Array(createHash('sha256').update(data).digest());
export const sha1 = (data: Uint8Array): Uint8Array =>
  new Uint8Array(createHash('sha1').update(data).digest());

/** The CMS signatureAlgorithm for a signer key. */
export function signatureAlgorithmDer(cert: ParsedCertificate): Uint8Array {
  return cert.keyType === 'ec'
    ? derAlgorithm(OID.ecdsaWithSha256, false)
    : derAlgorithm(OID.sha256WithRsa, true);
}

/** Verifies a SHA-256 signature (RSA PKCS#1 v1.5 or DER ECDSA) made with the certificate's key. */
export function verifyWithCertificate(
  cert: ParsedCertificate,
  data: Uint8Array,
  signature: Uint8Array,
): boolean {
  try {
    return verifySignature('sha256', data, cert.x509.publicKey, signature);
  } catch {
    return false;
  }
}

/** `issuer` issued `cert`: names chain and the signature verifies. */
export function isIssuedBy(cert: ParsedCertificate, issuer: ParsedCertificate): boolean {
  try {
    return cert.x509.checkIssued(issuer.x509) && cert.x509.verify(issuer.x509.publicKey);
  } catch {
    return false;
  }
}

/** The certificate's extended key usage names `purpose`. */
export function hasExtendedKeyUsage(cert: ParsedCertificate, purpose: string): boolean {
  return (cert.x509.keyUsage ?? []).includes(purpose);
}

export function isSelfSigned(cert: ParsedCertificate): boolean {
  return isIssuedBy(cert, cert);
}

/** Certificates from DER or a PEM bundle. */
export function certificatesFrom(input: readonly Uint8Array[] | string): Uint8Array[] {
  if (typeof input !== 'string') return [...input];
  const out: Uint8Array[] = [];
  const re = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;
  for (const match of input.matchAll(re)) out.push(new Uint8Array(Buffer.from(match[1] ?? '', 'base64')));
  return out;
}

/**
 * The issuer chain of `leaf` from a pool of candidates: leaf first, ending at a self-signed
 * certificate or at the last issuer found. Bounded by the pool size so a loop cannot hang it.
 */
export function buildChain(leaf: ParsedCertificate, pool: readonly ParsedCertificate[]): ParsedCertificate[] {
  const chain = [leaf];
  let current = leaf;
  for (let i = 0; i <= pool.length; i++) {
    if (isSelfSigned(current)) break;
    const issuer = pool.find((c) => !chain.includes(c) && isIssuedBy(current, c));
    if (!issuer) break;
    chain.push(issuer);
    current = issuer;
  }
  return chain;
}

export function uniqueCertificates(ders: readonly Uint8Array[]): ParsedCertificate[] {
  const seen = new Set<string>();
  const out: ParsedCertificate[] = [];
  for (const der of ders) {
    const key = Buffer.from(sha256(der)).toString('hex');
    if (seen.has(key)) continue;
    seen.add(key);
    try {
      out.push(parseCertificate(der));
    } catch {
      // An unparsable certificate in a pool is ignored; chain building reports what is missing.
    }
  }
  return out;
}

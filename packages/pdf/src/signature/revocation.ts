import { verify as verifySignature } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { PdfError } from '../errors';
import {
  OID,
  hasExtendedKeyUsage,
  isIssuedBy,
  isSelfSigned,
  parseCertificate,
  sha1,
  uniqueCertificates,
  type ParsedCertificate,
} from './certificates';
import { bytesEqual, derAlgorithm, derOctetString, derSequence } from './der';

/** Transports the API provides; the engine builds the requests itself from the certificates' URLs. */
export interface RevocationTransports {
  ocsp: (url: string, ocspRequestDer: Uint8Array) => Promise<Uint8Array>;
  crl: (url: string) => Promise<Uint8Array>;
  /** Fetches a DER certificate from an AIA caIssuers URL, to complete a chain the caller did not give. */
  issuer?: (url: string) => Promise<Uint8Array>;
}

export interface RevocationStatus {
  status: 'good' | 'revoked' | 'unknown';
  revocationTime?: Date;
  source: 'ocsp' | 'crl';
  /** OCSP producedAt / CRL thisUpdate. */
  issuedAt: Date;
  /** Certificates that came with the evidence (OCSP responder chain). */
  certificates: Uint8Array[];
}

const HASH_OF_ALGORITHM: Record<string, string> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

/** Verifies a signature made with `algorithmOid` (RSA PKCS#1 v1.5 or ECDSA) by `signer`. */
export function verifyWithAlgorithm(
  signer: ParsedCertificate,
  algorithmOid: string,
  data: Uint8Array,
  signature: Uint8Array,
): boolean {
  const hash = HASH_OF_ALGORITHM[algorithmOid];
  if (!hash) return false;
  try {
    return verifySignature(hash, data, signer.x509.publicKey, signature);
  } catch {
    return false;
  }
}

function issuerKeyHash(issuer: ParsedCertificate): Uint8Array {
  const cert = new pkijs.Certificate({ schema: asn1js.fromBER(issuer.der).result });
  return sha1(new Uint8Array(cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView));
}

/** OCSPRequest for one certificate (CertID with SHA-1, as RFC 6960 responders universally accept). */
export function buildOcspRequest(cert: ParsedCertificate, issuer: ParsedCertificate): Uint8Array {
  const certId = derSequence(
    derAlgorithm(OID.sha1, true),
    derOctetString(sha1(cert.issuerNameDer)),
    derOctetString(issuerKeyHash(issuer)),
    cert.serialDer,
  );
  return derSequence(derSequence(derSequence(derSequence(certId))));
}

const stripZeros = (hex: string) => hex.replace(/^(00)+/, '');

/**
 * Reads an OCSP response about `cert`: the answer must be signed by the issuer or by a responder
 * the issuer certified. Returns null when the response says nothing verifiable about `cert`.
 */
export function ocspStatus(
  responseDer: Uint8Array,
  cert: ParsedCertificate,
  issuer: ParsedCertificate,
): RevocationStatus | null {
  try {
    const response = pkijs.OCSPResponse.fromBER(responseDer);
    if (response.responseStatus.valueBlock.valueDec !== 0 || !response.responseBytes) return null;
    const basic = pkijs.BasicOCSPResponse.fromBER(response.responseBytes.response.valueBlock.valueHexView);
    const keyHash = issuerKeyHash(issuer);
    const single = basic.tbsResponseData.responses.find(
      (r) =>
        stripZeros(Buffer.from(r.certID.serialNumber.valueBlock.valueHexView).toString('hex')) ===
          stripZeros(cert.serialHex) &&
        bytesEqual(new Uint8Array(r.certID.issuerKeyHash.valueBlock.valueHexView), keyHash),
    );
    if (!single) return null;
    const embedded = (basic.certs ?? []).map((c) => new Uint8Array(c.toSchema().toBER()));
    const candidates = [issuer, ...uniqueCertificates(embedded)];
    const tbs = new Uint8Array(basic.tbsResponseData.tbsView);
    const signature = new Uint8Array(basic.signature.valueBlock.valueHexView);
    const responder = candidates.find(
      (c) =>
        // The CA itself, or a responder it delegated with the OCSPSigning purpose (RFC 6960 4.2.2.2).
        (c === issuer || (isIssuedBy(c, issuer) && hasExtendedKeyUsage(c, OID.ekuOcspSigning))) &&
        verifyWithAlgorithm(c, basic.signatureAlgorithm.algorithmId, tbs, signature),
    );
    if (!responder) return null;
    const statusBlock = single.certStatus as asn1js.AsnType & { idBlock: { tagNumber: number } };
    const tag = statusBlock.idBlock.tagNumber;
    let revocationTime: Date | undefined;
    if (tag === 1) {
      const inner = (statusBlock as unknown as asn1js.Constructed).valueBlock.value[0];
      revocationTime = inner instanceof asn1js.GeneralizedTime ? inner.toDate() : undefined;
    }
    return {
      status: tag === 0 ? 'good' : tag === 1 ? 'revoked' : 'unknown',
      revocationTime,
      source: 'ocsp',
      issuedAt: basic.tbsResponseData.producedAt,
      certificates: embedded,
    };
  } catch {
    return null;
  }
}

/** Reads a CRL issued (and signed) by `issuer` for `cert`; null when it is not that issuer's CRL. */
export function crlStatus(
  crlDer: Uint8Array,
  cert: ParsedCertificate,
  issuer: ParsedCertificate,
): RevocationStatus | null {
  try {
    const crl = pkijs.CertificateRevocationList.fromBER(crlDer);
    const tbs = new Uint8Array(crl.tbsView);
    const signature = new Uint8Array(crl.signatureValue.valueBlock.valueHexView);
    if (!verifyWithAlgorithm(issuer, crl.signatureAlgorithm.algorithmId, tbs, signature)) return null;
    const entry = (crl.revokedCertificates ?? []).find(
      (r) =>
        stripZeros(Buffer.from(r.userCertificate.valueBlock.valueHexView).toString('hex')) ===
        stripZeros(cert.serialHex),
    );
    return {
      status: entry ? 'revoked' : 'good',
      revocationTime: entry?.revocationDate.value,
      source: 'crl',
      issuedAt: crl.thisUpdate.value,
      certificates: [],
    };
  } catch {
    return null;
  }
}

/** The issuer of `cert` from its AIA caIssuers URLs, when a transport is given; null otherwise. */
async function fetchIssuer(
  cert: ParsedCertificate,
  transports: RevocationTransports | undefined,
): Promise<ParsedCertificate | null> {
  if (!transports?.issuer) return null;
  for (const url of cert.caIssuersUrls) {
    try {
      const candidate = parseCertificate(await transports.issuer(url));
      if (isIssuedBy(cert, candidate)) return candidate;
    } catch {
      // Try the next URL; a missing issuer is reported by the caller.
    }
  }
  return null;
}

/** Evidence gathered for a chain: what goes into the DSS. */
export interface ValidationMaterial {
  certificates: Uint8Array[];
  ocsps: Uint8Array[];
  crls: Uint8Array[];
}

/**
 * Fetches revocation evidence for every certificate of `chain` that needs it (all but the
 * self-signed anchor and OCSP responders marked no-check): OCSP first, the CRL if OCSP fails.
 * Missing evidence for any certificate is PDF_REVOCATION_UNAVAILABLE, never a partial B-LT.
 */
export async function gatherRevocation(
  givenChain: readonly ParsedCertificate[],
  transports: RevocationTransports | undefined,
): Promise<ValidationMaterial> {
  const chain = [...givenChain];
  const material: ValidationMaterial = { certificates: chain.map((c) => c.der), ocsps: [], crls: [] };
  for (let i = 0; i < chain.length; i++) {
    const cert = chain[i]!;
    if (isSelfSigned(cert)) continue;
    if (!chain[i + 1]) {
      const fetched = await fetchIssuer(cert, transports);
      if (fetched) {
        chain.push(fetched);
        material.certificates.push(fetched.der);
      }
    }
    if (cert.ocspNoCheck) continue;
    const issuer = chain[i + 1];
    if (!issuer) {
      throw new PdfError('PDF_REVOCATION_UNAVAILABLE', `the issuer of "${cert.subject}" is not in the chain`);
    }
    if (!transports) {
      throw new PdfError(
        'PDF_REVOCATION_UNAVAILABLE',
        'revocation data is required but no transport was given',
      );
    }
    let found = false;
    for (const url of cert.ocspUrls) {
      try {
        const der = await transports.ocsp(url, buildOcspRequest(cert, issuer));
        const status = ocspStatus(der, cert, issuer);
        if (!status || status.status === 'unknown') continue;
        material.ocsps.push(der);
        material.certificates.push(...status.certificates);
        found = true;
        break;
      } catch {
        // Fall through to the next responder, then to the CRL.
      }
    }
    for (const url of found ? [] : cert.crlUrls) {
      try {
        const der = await transports.crl(url);
        if (!crlStatus(der, cert, issuer)) continue;
        material.crls.push(der);
        found = true;
        break;
      } catch {
        // Try the next distribution point.
      }
    }
    if (!found) {
      throw new PdfError('PDF_REVOCATION_UNAVAILABLE', `no OCSP response or CRL for "${cert.subject}"`);
    }
  }
  return material;
}

import { createHash } from 'node:crypto';
import { parseCertificate, sha256, uniqueCertificates, type ParsedCertificate } from './certificates';
import { buildSignedAttributes, buildSignedData } from './cms';
import { signedRanges, writeSignatureRevision } from './pdf-update';
import type { PrepareSignatureOptions, PreparedSignature } from './types';

// Step 1 of a signature, on its own so that the engine worker's task table (document/engine-tasks.ts)
// can run it without importing the rest of the signing code, which runs on the API thread.

/**
 * Room for one RFC 3161 token: the signature timestamp inside the CMS (B-T and above) and a
 * document timestamp's whole /Contents. A token is its TSTInfo and signed attributes (~600 bytes),
 * the TSA's signature and the certificates the TSA includes: the sandbox's, with its RSA-2048
 * certificate, is ~2.2 KB; 6,000 bytes hold a token whose TSA adds two CA certificates to its own
 * (3 × 1.6 KB) with an RSA-4096 key. Every byte reserved is two in the file (hex), in every revision.
 */
export const TIMESTAMP_TOKEN_RESERVE = 6_000;

/** The unsignedAttrs [1] and Attribute framing around the token, and longer outer DER lengths. */
const TOKEN_FRAMING = 64;

/** The longest ECDSA signature value in DER (P-521: two 66-byte integers and their framing). */
const MAX_ECDSA_SIGNATURE = 139;

/**
 * Bytes to reserve for the CMS: exactly what step 2 writes at B-B (the same certificates, signed
 * attributes of the same length, a signature value of the key's length) plus one timestamp token.
 * Revocation data goes into the DSS, not the CMS, so it needs no room here.
 */
function placeholderSize(signer: ParsedCertificate, chain: readonly Uint8Array[]): number {
  const signatureLength =
    signer.keyType === 'ec'
      ? MAX_ECDSA_SIGNATURE
      : Math.ceil((signer.x509.publicKey.asymmetricKeyDetails?.modulusLength ?? 4096) / 8);
  const withoutTimestamp = buildSignedData({
    signedAttributesDer: buildSignedAttributes(new Uint8Array(32), signer),
    signatureValue: new Uint8Array(signatureLength),
    signer,
    certificates: uniqueCertificates([signer.der, ...chain]).map((c) => c.der),
  }).length;
  return withoutTimestamp + TOKEN_FRAMING + TIMESTAMP_TOKEN_RESERVE;
}

/** SHA-256 of the bytes a ByteRange covers. */
export function digestRanges(pdf: Uint8Array, byteRange: readonly number[]): Uint8Array {
  const hash = createHash('sha256');
  for (const part of signedRanges(pdf, byteRange)) hash.update(part);
  return new Uint8Array(hash.digest());
}

/** Step 1: appends the signature revision (field value + appearance) and returns what to sign. */
export function prepareSignature(pdf: Uint8Array, options: PrepareSignatureOptions): PreparedSignature {
  const signer = parseCertificate(options.signerCertificate);
  const revision = writeSignatureRevision(pdf, {
    fieldName: options.fieldName,
    appearance: options.appearance,
    password: options.password,
    dictionary: {
      type: 'Sig',
      subFilter: options.subFilter ?? 'ETSI.CAdES.detached',
      contentsSize: options.estimatedSize ?? placeholderSize(signer, options.certificateChain),
      signingTime: options.signingTime,
      reason: options.reason,
      location: options.location,
    },
  });
  const signedAttributesDer = buildSignedAttributes(digestRanges(revision.pdf, revision.byteRange), signer);
  return {
    preparedPdf: revision.pdf,
    signedAttributesDer,
    digestToSign: sha256(signedAttributesDer),
    byteRange: revision.byteRange,
    contentsHexStart: revision.contentsHexStart,
    contentsHexEnd: revision.contentsHexEnd,
    signerCertificate: options.signerCertificate,
    certificateChain: options.certificateChain,
  };
}

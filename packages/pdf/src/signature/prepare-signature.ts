import { createHash } from 'node:crypto';
import { parseCertificate, sha256, type ParsedCertificate } from './certificates';
import { buildSignedAttributes } from './cms';
import { signedRanges, writeSignatureRevision } from './pdf-update';
import type { PrepareSignatureOptions, PreparedSignature } from './types';

// Step 1 of a signature, on its own so that the engine worker's task table (document/engine-tasks.ts)
// can run it without importing the rest of the signing code, which runs on the API thread.

/** Room for the RFC 3161 signature timestamp that step 2 adds from B-T on. */
const TIMESTAMP_RESERVE = 12_000;

function placeholderSize(signer: ParsedCertificate, chain: readonly Uint8Array[]): number {
  const certificates = chain.reduce((sum, der) => sum + der.length, signer.der.length);
  const signature =
    signer.keyType === 'ec' ? 150 : (signer.x509.publicKey.asymmetricKeyDetails?.modulusLength ?? 4096);
  // Certificates + signature + attributes and CMS framing + room for the signature timestamp.
  return certificates + Math.ceil(signature / 8) + 1_500 + TIMESTAMP_RESERVE;
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

import type { VisualSignatureData } from '../appearance/visual-signature-data';
import type { ByteRange } from './pdf-update';
import type { RevocationTransports } from './revocation';
import type { TimestampTransport } from './timestamp';

// The signing steps' shared vocabulary: prepare-signature.ts (run in an engine worker or inline),
// sign.ts (the API thread's steps) and validate.ts all speak it, and none of them imports another
// for it, so the worker's task table never pulls in the main-thread code.

export type PadesLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';

export interface PrepareSignatureOptions {
  /** The empty signature field to fill (created earlier by addSignatureFields, or the file's own). */
  fieldName: string;
  signerCertificate: Uint8Array;
  /** Issuers of the signer certificate (order free; the root may be included). */
  certificateChain: Uint8Array[];
  /** The visible signature drawn into the field; invisible (the field's own look) when absent. */
  appearance?: VisualSignatureData;
  reason?: string;
  location?: string;
  /** Claimed signing time: /M of the signature dictionary (and what the appearance shows). */
  signingTime: Date;
  subFilter?: 'ETSI.CAdES.detached';
  /** Bytes to reserve for the CMS; computed from the certificates when absent. */
  estimatedSize?: number;
  /** User password of an encrypted file that needs one. */
  password?: string;
}

/** Plain data between the two steps: the API may persist it while the signer confirms remotely. */
export interface PreparedSignature {
  /** The document with the new revision; its /Contents is still a zero-filled placeholder. */
  preparedPdf: Uint8Array;
  /** DER SET of the signed attributes. */
  signedAttributesDer: Uint8Array;
  /** SHA-256 of signedAttributesDer: what a CSC signHash call signs. */
  digestToSign: Uint8Array;
  byteRange: ByteRange;
  contentsHexStart: number;
  contentsHexEnd: number;
  signerCertificate: Uint8Array;
  certificateChain: Uint8Array[];
}

export interface CompleteSignatureOptions {
  /** The signer's signature over signedAttributesDer (RSA PKCS#1 v1.5 or DER ECDSA, SHA-256). */
  signatureValue: Uint8Array;
  level: PadesLevel;
  timestamp?: TimestampTransport;
  revocation?: RevocationTransports;
  /** More certificates for chain building (e.g. TSA or OCSP responder issuers). */
  extraCertificates?: Uint8Array[];
  /**
   * User password of an encrypted file that needs one (B-LT and above reopen the document). Not
   * part of the prepared data, so that no password is stored between the two steps.
   */
  password?: string;
}

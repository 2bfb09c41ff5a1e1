import { z } from 'zod';
import { Language } from './common.ts';

// Signature validation in ETSI EN 319 102-1 terms: what Signet found about the signatures a PDF
// already holds, stored with every upload (a Document's `validation`) and answered to anyone by
// the public validation call.

export const Indication = z.enum(['TOTAL-PASSED', 'TOTAL-FAILED', 'INDETERMINATE']);
export type Indication = z.infer<typeof Indication>;

export const SubIndication = z.enum([
  'FORMAT_FAILURE',
  'HASH_FAILURE',
  'SIG_CRYPTO_FAILURE',
  'REVOKED',
  'NO_SIGNING_CERTIFICATE_FOUND',
  'NO_CERTIFICATE_CHAIN_FOUND',
  'OUT_OF_BOUNDS_NO_POE',
  'SIG_CONSTRAINTS_FAILURE',
  'TRY_LATER',
]);
export type SubIndication = z.infer<typeof SubIndication>;

/** One signature or document timestamp of a PDF and its verdict. */
export const SignatureVerdict = z.object({
  fieldName: z.string(),
  kind: z.enum(['signature', 'document-timestamp']),
  indication: Indication,
  subIndication: SubIndication.nullable(),
  /** The first failed check's own words: why the verdict is not TOTAL-PASSED. */
  reason: z.string().nullable(),
  signer: z.object({ subject: z.string(), serialNumber: z.string(), issuer: z.string() }).nullable(),
  /** The time the signature dictionary claims (/M); not proven. */
  signingTime: z.string().nullable(),
  /** The time of its signature timestamp (or of the document timestamp itself). */
  timestampTime: z.string().nullable(),
  /** 1-based revision of the file whose end the signature covers; null when it ends inside one. */
  revision: z.number().int().nullable(),
  coversWholeDocument: z.boolean(),
  /** False when a later revision changes more than signing workflows may (DSS, new signatures, form fields). */
  laterChangesAllowed: z.boolean(),
  /** The later changes that are not allowed ones. */
  disallowedChanges: z.array(z.string()),
  level: z.enum(['B-B', 'B-T', 'B-LT', 'B-LTA']).nullable(),
});
export type SignatureVerdict = z.infer<typeof SignatureVerdict>;

/**
 * What an upload's signatures were found to be. `warning`: `broken` when a signature is
 * TOTAL-FAILED, `unsigned-changes` when the file changed after a signature in ways that are not
 * allowed; the editor and the signing view show it before anyone co-signs.
 */
export const DocumentValidation = z.object({
  validatedAt: z.string(),
  signatures: z.array(SignatureVerdict),
  warning: z.enum(['broken', 'unsigned-changes']).nullable(),
});
export type DocumentValidation = z.infer<typeof DocumentValidation>;

export const TrustAnchor = z.object({
  subject: z.string(),
  /** SHA-256 of the certificate (DER), colon-separated hex as `openssl x509 -fingerprint -sha256` shows it. */
  sha256Fingerprint: z.string(),
  /** `signet`: the CAs of Signet's trust services; `operator`: configured by this installation. */
  source: z.enum(['signet', 'operator']),
});
export type TrustAnchor = z.infer<typeof TrustAnchor>;

export const ValidationCheck = z.object({
  name: z.string(),
  passed: z.boolean(),
  detail: z.string().optional(),
});

/** The public validation report (JSON; the PDF report prints the same). */
export const ValidationReport = z.object({
  policy: z.literal('ETSI EN 319 102-1 (basic signature validation), PAdES baseline levels of EN 319 142-1'),
  validationTime: z.string(),
  document: z.object({
    sha256: z.string(),
    size: z.number().int(),
    revisionCount: z.number().int(),
    /** SHA-256 of the file as it stood after each revision, oldest first. */
    revisionSha256: z.array(z.string()),
  }),
  signatures: z.array(SignatureVerdict.extend({ checks: z.array(ValidationCheck) })),
  trustList: z.array(TrustAnchor),
  /** Nothing of the file is kept: it was read in memory for this answer only. */
  retained: z.literal(false),
});
export type ValidationReport = z.infer<typeof ValidationReport>;

export const ValidationReportQuery = z.strictObject({ lang: Language.default('en-gb') });

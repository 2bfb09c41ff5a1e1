import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { inspectPdf, revisionEnds, validatePdfSignaturesInEngine } from '@signet/pdf';
import { maxDocumentBytes } from '@signet/contracts/documents';
import type { DocumentValidation, ValidationReport } from '@signet/contracts/validation';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import { countHitOrRefuse, type RateLimitRule } from '../../plugins/rate-limit.ts';
import type { TrustAnchorSet } from './trust-anchors.ts';
import { toVerdict, warningOf } from './signature-verdicts.ts';

export interface ValidationDeps {
  db: Db;
  clock: Clock;
  trustAnchors: () => Promise<TrustAnchorSet>;
}

// The engine's refusals (PdfError) reach the callers as they are; they map them to the API's codes
// as they do for inspect (documents.service.ts engineError).

/**
 * The signatures an upload already holds, validated in an engine worker on the bytes as uploaded
 * (a repaired or decrypted rewrite no longer holds what was signed).
 */
export async function validateUpload(
  deps: Pick<ValidationDeps, 'clock' | 'trustAnchors'>,
  original: Uint8Array,
  password: string | undefined,
): Promise<DocumentValidation> {
  const validationTime = deps.clock.now();
  const anchors = await deps.trustAnchors();
  const report = await validatePdfSignaturesInEngine(original, {
    trustAnchors: anchors.certificates,
    validationTime,
    ...(password ? { password } : {}),
  });
  const signatures = report.signatures.map(toVerdict);
  return { validatedAt: validationTime.toISOString(), signatures, warning: warningOf(signatures) };
}

/** Anonymous validations per client address: each runs the engine on up to 40 MB. */
const publicLimit = (ip: string): RateLimitRule => ({
  key: `validation:ip:${ip}`,
  limit: 20,
  windowMs: 60 * 60 * 1000,
});

export async function enforcePublicLimit(deps: ValidationDeps, ip: string): Promise<void> {
  await countHitOrRefuse(
    deps.db,
    publicLimit(ip),
    deps.clock.now(),
    (retryAfterSeconds) =>
      new AppError(
        'TOO_MANY_ATTEMPTS',
        'Too many validations from this address. Please wait and try again.',
        {
          retryAfterSeconds,
        },
      ),
  );
}

/** The dropped file, in memory only (at most 40 MB): nothing of it reaches the disk. */
export async function readDroppedFile(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxDocumentBytes)
      throw new AppError('PAYLOAD_TOO_LARGE', 'A document can be at most 40 MB.', { field: 'file' });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** SHA-256 of the file as it stood after each revision, in one pass over the bytes. */
function revisionHashes(pdf: Uint8Array): string[] {
  const hash = createHash('sha256');
  let from = 0;
  return revisionEnds(pdf).map((end) => {
    hash.update(pdf.subarray(from, end));
    from = end;
    return hash.copy().digest('hex');
  });
}

/** The public report of any PDF's signatures (ETSI EN 319 102-1 indications), with the trust list used. */
export async function validateDroppedFile(deps: ValidationDeps, pdf: Uint8Array): Promise<ValidationReport> {
  // Refuses what is not a PDF, or needs a password, with the same words as an upload.
  await inspectPdf(pdf);
  const validationTime = deps.clock.now();
  const anchors = await deps.trustAnchors();
  const report = await validatePdfSignaturesInEngine(pdf, {
    trustAnchors: anchors.certificates,
    validationTime,
  });
  const revisions = revisionHashes(pdf);
  return {
    policy: 'ETSI EN 319 102-1 (basic signature validation), PAdES baseline levels of EN 319 142-1',
    validationTime: validationTime.toISOString(),
    document: {
      sha256: revisions.at(-1) ?? createHash('sha256').update(pdf).digest('hex'),
      size: pdf.byteLength,
      revisionCount: report.revisionCount,
      revisionSha256: revisions,
    },
    signatures: report.signatures.map((s) => ({ ...toVerdict(s), checks: s.checks })),
    trustList: anchors.list,
    retained: false,
  };
}

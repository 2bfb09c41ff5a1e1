import { addSignatureFields, type SignatureFieldSpec } from '@signet/pdf';
import type { Db } from '../../db/client.ts';
import type { DocumentRow } from '../../db/schema/documents.ts';
import type { SignerRow } from '../../db/schema/signature-requests.ts';
import { advanceDocumentIfCurrent, engineError, versionBefore } from '../documents/documents.service.ts';
import { documentsOfRequest } from './request-documents.service.ts';
import type { SignatureRequestsDeps } from './request-deps.ts';

// Each signer's signature field in the request's documents: written when the request is sent, and
// again when its signers or their boxes change.

/** Why a document version exists: it added or rebuilt the signers' fields. */
const fieldsReason = 'signature fields';

/** The name of the signature field Signet adds for a signer in the documents of the request. */
const fieldNameOf = (signerId: string) => `Signature-${signerId}`;

/**
 * The field a signer signs on a document: the document's own empty field they were placed on,
 * else the one Signet added for them.
 */
export function signerFieldName(signer: Pick<SignerRow, 'id' | 'placements'>, documentId: string): string {
  return signer.placements.find((p) => p.documentId === documentId)?.fieldName ?? fieldNameOf(signer.id);
}

/**
 * Each signer's signature field on one document (no placement there: an invisible field). A signer
 * placed on one of the document's own fields gets none: they sign into that one.
 */
function fieldSpecsFor(documentId: string, signers: SignerRow[]): SignatureFieldSpec[] {
  return signers.flatMap((signer): SignatureFieldSpec[] => {
    const placement = signer.placements.find((p) => p.documentId === documentId);
    if (placement?.fieldName !== undefined) return [];
    // No placement on this document: an invisible field (zero-size widget on page 1).
    return [
      placement
        ? {
            name: fieldNameOf(signer.id),
            page: placement.position.page,
            x: placement.position.x,
            y: placement.position.y,
            width: placement.position.width,
            height: placement.position.height,
          }
        : { name: fieldNameOf(signer.id), page: 1, x: 0, y: 0, invisible: true },
    ];
  });
}

/**
 * New document versions prepared outside the transaction (the engine is slow); `from` is the
 * version they were built on, re-checked under the request lock so a signature that landed in
 * between is never overwritten.
 */
interface PreparedVersion {
  documentId: string;
  from: string;
  blob: { sha256: string; size: number };
}

/**
 * Writes the given signers' fields into each document of the request, in one incremental update
 * on top of the version `baseOf` picks; the new blobs are stored, the documents not yet advanced.
 */
async function writeFields(
  deps: SignatureRequestsDeps,
  requestId: string,
  signers: SignerRow[],
  baseOf: (document: DocumentRow) => Promise<string>,
): Promise<PreparedVersion[]> {
  const prepared: PreparedVersion[] = [];
  for (const document of await documentsOfRequest(deps.db, requestId)) {
    const base = await deps.blobs.read(await baseOf(document));
    // Documents stored before uploads were checked for it may still refuse new fields.
    const bytes = await addSignatureFields(base, fieldSpecsFor(document.id, signers)).catch((error) => {
      throw engineError(error) ?? error;
    });
    prepared.push({
      documentId: document.id,
      from: document.currentSha256,
      blob: await deps.blobs.put(bytes),
    });
  }
  return prepared;
}

/** Rebuilds every signer's field from the pre-field version of each document (only while nobody signed). */
export function rebuildFields(
  deps: SignatureRequestsDeps,
  requestId: string,
  signers: SignerRow[],
): Promise<PreparedVersion[]> {
  return writeFields(deps, requestId, signers, (document) =>
    versionBefore(deps.db, document.id, fieldsReason),
  );
}

/** Adds fields for new signers in one more incremental revision of each document's current version. */
export function appendFields(
  deps: SignatureRequestsDeps,
  requestId: string,
  signers: SignerRow[],
): Promise<PreparedVersion[]> {
  return writeFields(deps, requestId, signers, async (document) => document.currentSha256);
}

/** Moves each document to its prepared version, under the request lock (see PreparedVersion). */
export async function commitFields(db: Db, prepared: PreparedVersion[], now: Date): Promise<void> {
  for (const version of prepared)
    await advanceDocumentIfCurrent(
      db,
      {
        documentId: version.documentId,
        from: version.from,
        ...version.blob,
        reason: fieldsReason,
        createdAt: now,
      },
      'A document of this request changed meanwhile; try again.',
    );
}

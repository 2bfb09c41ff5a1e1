import { and, eq } from 'drizzle-orm';
import type { PreparedSignature } from '@signet/pdf';
import { pendingSignings, signerCredentials } from '../../db/schema/signing.ts';
import type { Db } from '../../db/client.ts';
import { firstRow } from '../../db/schema/rows.ts';
import type { BlobStore } from '../../blobs/blob-store.ts';

/** A prepared signature at rest: the prepared PDF in the blob store, the rest as plain JSON. */
export interface StoredPrepared {
  preparedPdfSha256: string;
  signedAttributesDer: string;
  digestToSign: string;
  byteRange: number[];
  contentsHexStart: number;
  contentsHexEnd: number;
  signerCertificate: string;
  certificateChain: string[];
}

export interface PendingItem {
  requestId: string;
  documentId: string;
  baseSha256: string;
  signingName: string | null;
  signingReason: string | null;
  prepared: StoredPrepared;
}

export type PendingRow = Omit<typeof pendingSignings.$inferSelect, 'items'> & { items: PendingItem[] };

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

export async function storePrepared(blobs: BlobStore, prepared: PreparedSignature): Promise<StoredPrepared> {
  const { sha256 } = await blobs.put(prepared.preparedPdf);
  return {
    preparedPdfSha256: sha256,
    signedAttributesDer: b64(prepared.signedAttributesDer),
    digestToSign: b64(prepared.digestToSign),
    byteRange: [...prepared.byteRange],
    contentsHexStart: prepared.contentsHexStart,
    contentsHexEnd: prepared.contentsHexEnd,
    signerCertificate: b64(prepared.signerCertificate),
    certificateChain: prepared.certificateChain.map(b64),
  };
}

export async function loadPrepared(blobs: BlobStore, stored: StoredPrepared): Promise<PreparedSignature> {
  return {
    preparedPdf: new Uint8Array(await blobs.read(stored.preparedPdfSha256)),
    signedAttributesDer: bytes(stored.signedAttributesDer),
    digestToSign: bytes(stored.digestToSign),
    byteRange: stored.byteRange as PreparedSignature['byteRange'],
    contentsHexStart: stored.contentsHexStart,
    contentsHexEnd: stored.contentsHexEnd,
    signerCertificate: bytes(stored.signerCertificate),
    certificateChain: stored.certificateChain.map(bytes),
  };
}

export async function insertPending(db: Db, row: Omit<PendingRow, 'doneAt'>): Promise<void> {
  await db
    .insert(pendingSignings)
    .values({ ...row, items: row.items as unknown as Array<Record<string, unknown>> });
}

export async function findPending(db: Db, responseId: string): Promise<PendingRow | null> {
  const row = await firstRow(db, pendingSignings, eq(pendingSignings.responseId, responseId));
  return row ? { ...row, items: row.items as unknown as PendingItem[] } : null;
}

export async function markPendingDone(db: Db, id: string, now: Date): Promise<void> {
  await db.update(pendingSignings).set({ doneAt: now }).where(eq(pendingSignings.id, id));
}

export type SignerCredentialRow = typeof signerCredentials.$inferSelect;

export async function findSignerCredential(
  db: Db,
  userId: string,
  legislation: SignerCredentialRow['legislation'],
): Promise<SignerCredentialRow | null> {
  return firstRow(
    db,
    signerCredentials,
    and(eq(signerCredentials.userId, userId), eq(signerCredentials.legislation, legislation)),
  );
}

/** Keeps `row` as the account's credential for its legislation (the last one enrolled wins). */
export async function saveSignerCredential(db: Db, row: SignerCredentialRow): Promise<void> {
  const { credentialId, certificates, validTo, issuedFor, createdAt } = row;
  await db
    .insert(signerCredentials)
    .values(row)
    .onConflictDoUpdate({
      target: [signerCredentials.userId, signerCredentials.legislation],
      set: { credentialId, certificates, validTo, issuedFor, createdAt },
    });
}

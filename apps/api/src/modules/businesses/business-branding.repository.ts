import { and, eq } from 'drizzle-orm';
import { businesses, businessMembers, seals } from '../../db/schema/businesses.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { visualSignatures } from '../../db/schema/visual-signatures.ts';
import type { Db } from '../../db/client.ts';
import { anyRow } from '../../db/schema/rows.ts';

/** The business whose member owns the request (a visitor's request), or null. */
export async function businessOfRequest(db: Db, requestId: string): Promise<string | null> {
  const rows = await db
    .select({ businessId: businessMembers.businessId })
    .from(signatureRequests)
    .innerJoin(businessMembers, eq(businessMembers.userId, signatureRequests.ownerId))
    .where(eq(signatureRequests.id, requestId))
    .limit(1);
  return rows[0]?.businessId ?? null;
}

/** The logo's blob is also some business's logo, a seal image or a signature image (blobs are shared by content). */
export async function imageInUse(db: Db, sha256: string): Promise<boolean> {
  return (
    (await anyRow(db, businesses, eq(businesses.logoSha256, sha256))) ||
    (await anyRow(db, seals, eq(seals.imageSha256, sha256))) ||
    (await anyRow(db, visualSignatures, eq(visualSignatures.imageSha256, sha256)))
  );
}

/** Whether `sha256` is the current logo of the business. */
export function isCurrentLogo(db: Db, businessId: string, sha256: string): Promise<boolean> {
  return anyRow(db, businesses, and(eq(businesses.id, businessId), eq(businesses.logoSha256, sha256)));
}

import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { anyRow, firstRow } from '../../db/schema/rows.ts';
import { users } from '../../db/schema/accounts.ts';
import { visualSignatures, type VisualSignatureRow } from '../../db/schema/visual-signatures.ts';

/** Serialises changes of one person's visual signatures (count limit, the one default). */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The person's visual signatures: the default first, then oldest first. */
export function listOf(db: Db, userId: string): Promise<VisualSignatureRow[]> {
  return db
    .select()
    .from(visualSignatures)
    .where(eq(visualSignatures.userId, userId))
    .orderBy(desc(visualSignatures.isDefault), asc(visualSignatures.createdAt), asc(visualSignatures.id));
}

/** One of the person's visual signatures (another person's reads as missing). */
export function findOwned(db: Db, userId: string, id: string): Promise<VisualSignatureRow | null> {
  return firstRow(
    db,
    visualSignatures,
    and(eq(visualSignatures.id, id), eq(visualSignatures.userId, userId)),
  );
}

export function findDefault(db: Db, userId: string): Promise<VisualSignatureRow | null> {
  return firstRow(
    db,
    visualSignatures,
    and(eq(visualSignatures.userId, userId), eq(visualSignatures.isDefault, true)),
  );
}

export async function countOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(visualSignatures)
    .where(eq(visualSignatures.userId, userId));
  return row?.n ?? 0;
}

export async function insert(db: Db, row: VisualSignatureRow): Promise<void> {
  await db.insert(visualSignatures).values(row);
}

export async function update(
  db: Db,
  id: string,
  changes: Partial<Omit<VisualSignatureRow, 'id' | 'userId' | 'createdAt'>>,
): Promise<VisualSignatureRow> {
  const [row] = await db.update(visualSignatures).set(changes).where(eq(visualSignatures.id, id)).returning();
  return row!;
}

export async function remove(db: Db, id: string): Promise<void> {
  await db.delete(visualSignatures).where(eq(visualSignatures.id, id));
}

/** Makes `id` the person's only default (the partial unique index allows one per person). */
export async function makeDefault(db: Db, userId: string, id: string): Promise<void> {
  await db
    .update(visualSignatures)
    .set({ isDefault: false })
    .where(and(eq(visualSignatures.userId, userId), ne(visualSignatures.id, id)));
  await db.update(visualSignatures).set({ isDefault: true }).where(eq(visualSignatures.id, id));
}

/** Whether any visual signature still draws this image blob (blobs are shared by content). */
export async function imageInUse(db: Db, sha256: string): Promise<boolean> {
  return anyRow(db, visualSignatures, eq(visualSignatures.imageSha256, sha256));
}

import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessDomains, businesses } from '../../db/schema/businesses.ts';
import { anyRow, firstRow } from '../../db/schema/rows.ts';

export type DomainRow = typeof businessDomains.$inferSelect;

const ofBusiness = (businessId: string, domain: string) =>
  and(eq(businessDomains.businessId, businessId), eq(businessDomains.domain, domain));

export function listDomains(db: Db, businessId: string): Promise<DomainRow[]> {
  return db
    .select()
    .from(businessDomains)
    .where(eq(businessDomains.businessId, businessId))
    .orderBy(asc(businessDomains.domain));
}

export function findDomain(db: Db, businessId: string, domain: string): Promise<DomainRow | null> {
  return firstRow(db, businessDomains, ofBusiness(businessId, domain));
}

/** Whether a business other than `businessId` has this domain verified. */
export function verifiedElsewhere(db: Db, businessId: string, domain: string): Promise<boolean> {
  return anyRow(
    db,
    businessDomains,
    and(
      eq(businessDomains.domain, domain),
      isNotNull(businessDomains.verifiedAt),
      ne(businessDomains.businessId, businessId),
    ),
  );
}

/** Inserts the claim; null when the business claims the domain already. */
export async function insertDomain(
  db: Db,
  row: typeof businessDomains.$inferInsert,
): Promise<DomainRow | null> {
  const [inserted] = await db.insert(businessDomains).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateDomain(
  db: Db,
  businessId: string,
  domain: string,
  change: Partial<Pick<DomainRow, 'verifiedAt' | 'checkedAt'>>,
): Promise<DomainRow> {
  const [row] = await db
    .update(businessDomains)
    .set(change)
    .where(ofBusiness(businessId, domain))
    .returning();
  return row!;
}

/** Removes the claim; false when there was none. */
export async function deleteDomain(db: Db, businessId: string, domain: string): Promise<boolean> {
  const deleted = await db.delete(businessDomains).where(ofBusiness(businessId, domain)).returning();
  return deleted.length > 0;
}

/** The business's verified domains (the Business DTO's `domains`). */
export async function verifiedDomainNames(db: Db, businessId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: businessDomains.domain })
    .from(businessDomains)
    .where(and(eq(businessDomains.businessId, businessId), isNotNull(businessDomains.verifiedAt)))
    .orderBy(asc(businessDomains.domain));
  return rows.map((row) => row.domain);
}

/** The business that has verified `domain`, if any (at most one: the partial unique index). */
export async function verifiedOwner(
  db: Db,
  domain: string,
): Promise<{ businessId: string; name: string } | null> {
  const [row] = await db
    .select({ businessId: businesses.id, name: businesses.name })
    .from(businessDomains)
    .innerJoin(businesses, eq(businesses.id, businessDomains.businessId))
    .where(and(eq(businessDomains.domain, domain), isNotNull(businessDomains.verifiedAt)))
    .limit(1);
  return row ?? null;
}

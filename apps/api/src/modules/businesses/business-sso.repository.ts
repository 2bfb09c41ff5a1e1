import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessDomains, businessIdentityProviders } from '../../db/schema/businesses.ts';
import { firstRow } from '../../db/schema/rows.ts';

export type IdentityProviderRow = typeof businessIdentityProviders.$inferSelect;

export function findProvider(db: Db, businessId: string): Promise<IdentityProviderRow | null> {
  return firstRow(db, businessIdentityProviders, eq(businessIdentityProviders.businessId, businessId));
}

export async function upsertProvider(db: Db, row: IdentityProviderRow): Promise<IdentityProviderRow> {
  const { issuer, clientId, clientSecretSealed, enabled, updatedAt } = row;
  const [saved] = await db
    .insert(businessIdentityProviders)
    .values(row)
    .onConflictDoUpdate({
      target: businessIdentityProviders.businessId,
      set: { issuer, clientId, clientSecretSealed, enabled, updatedAt },
    })
    .returning();
  return saved!;
}

export async function deleteProvider(db: Db, businessId: string): Promise<boolean> {
  const deleted = await db
    .delete(businessIdentityProviders)
    .where(eq(businessIdentityProviders.businessId, businessId))
    .returning();
  return deleted.length > 0;
}

/** The enabled provider of the business that has verified `domain`, if any. */
export async function enabledProviderOfDomain(db: Db, domain: string): Promise<IdentityProviderRow | null> {
  const [row] = await db
    .select({ provider: businessIdentityProviders })
    .from(businessDomains)
    .innerJoin(
      businessIdentityProviders,
      eq(businessIdentityProviders.businessId, businessDomains.businessId),
    )
    .where(
      and(
        eq(businessDomains.domain, domain),
        isNotNull(businessDomains.verifiedAt),
        eq(businessIdentityProviders.enabled, true),
      ),
    )
    .limit(1);
  return row?.provider ?? null;
}

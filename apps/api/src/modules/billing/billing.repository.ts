import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { planTraits } from '@signet/contracts/billing';
import type { Db } from '../../db/client.ts';
import { billingEvents, businessBilling, pricePlans } from '../../db/schema/billing.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { firstRow } from '../../db/schema/rows.ts';

// SQL of the billing module: the catalogue, each business's billing row, the events received, and
// the billing columns of `businesses` that the gates read (payment marker, status, plan, base).

export type PricePlanRow = typeof pricePlans.$inferSelect;
export type BillingRow = typeof businessBilling.$inferSelect;
export type BusinessBillingColumns = Pick<
  typeof businesses.$inferSelect,
  | 'id'
  | 'paymentMethod'
  | 'billingStatus'
  | 'pricePlanName'
  | 'nextPricePlanName'
  | 'planStart'
  | 'planBase'
  | 'planMigrationAcknowledgedAt'
  | 'planMigrationDueAt'
  | 'planMigratedAt'
  | 'planMigratedFrom'
>;

export async function catalogueSize(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pricePlans);
  return row?.n ?? 0;
}

/** Adds catalogue rows; a row another process added meanwhile stays as it is. */
export async function insertPricePlans(db: Db, rows: PricePlanRow[]): Promise<void> {
  await db.insert(pricePlans).values(rows).onConflictDoNothing();
}

export function pricePlansIn(db: Db, currency: 'CHF' | 'EUR'): Promise<PricePlanRow[]> {
  return db
    .select()
    .from(pricePlans)
    .where(eq(pricePlans.currency, currency))
    .orderBy(asc(pricePlans.rank), asc(pricePlans.cycle));
}

export function pricePlanByProviderPrice(db: Db, providerPriceId: string): Promise<PricePlanRow | null> {
  return firstRow(db, pricePlans, eq(pricePlans.providerPriceId, providerPriceId));
}

/** The catalogue's price of a plan in one cycle and currency. */
export function priceOf(
  db: Db,
  choice: { plan: string; cycle: 'monthly' | 'yearly'; currency: 'CHF' | 'EUR' },
): Promise<PricePlanRow | null> {
  return firstRow(
    db,
    pricePlans,
    and(
      eq(pricePlans.plan, choice.plan),
      eq(pricePlans.cycle, choice.cycle),
      eq(pricePlans.currency, choice.currency),
    ),
  );
}

/** Any price of the plan (what it allows is the same in every cycle and currency). */
export function anyPriceOf(db: Db, plan: string): Promise<PricePlanRow | null> {
  // Spec §4's new free plans (free_v1, free_migrated) allow what Signet's free plan allows.
  const catalogued = planTraits(plan).free ? 'free' : plan;
  return firstRow(db, pricePlans, eq(pricePlans.plan, catalogued));
}

export async function businessColumns(db: Db, id: string): Promise<BusinessBillingColumns | null> {
  const rows = await db
    .select({
      id: businesses.id,
      paymentMethod: businesses.paymentMethod,
      billingStatus: businesses.billingStatus,
      pricePlanName: businesses.pricePlanName,
      nextPricePlanName: businesses.nextPricePlanName,
      planStart: businesses.planStart,
      planBase: businesses.planBase,
      planMigrationAcknowledgedAt: businesses.planMigrationAcknowledgedAt,
      planMigrationDueAt: businesses.planMigrationDueAt,
      planMigratedAt: businesses.planMigratedAt,
      planMigratedFrom: businesses.planMigratedFrom,
    })
    .from(businesses)
    .where(eq(businesses.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateBusinessColumns(
  db: Db,
  id: string,
  changes: Partial<Omit<BusinessBillingColumns, 'id'>> & { updatedAt: Date },
): Promise<void> {
  await db.update(businesses).set(changes).where(eq(businesses.id, id));
}

export function billingOf(db: Db, businessId: string): Promise<BillingRow | null> {
  return firstRow(db, businessBilling, eq(businessBilling.businessId, businessId));
}

/** The business of a Stripe subscription or customer Signet knows. */
export async function businessIdByStripe(
  db: Db,
  ids: { subscription: string | null; customer: string | null },
): Promise<string | null> {
  const conditions = [
    ids.subscription ? eq(businessBilling.stripeSubscriptionId, ids.subscription) : undefined,
    ids.customer ? eq(businessBilling.stripeCustomerId, ids.customer) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return null;
  const row = await firstRow(db, businessBilling, or(...conditions));
  return row?.businessId ?? null;
}

/** Creates or changes the business's billing row. */
export async function saveBilling(
  db: Db,
  businessId: string,
  changes: Partial<Omit<BillingRow, 'businessId'>> & { updatedAt: Date },
): Promise<void> {
  await db
    .insert(businessBilling)
    .values({ businessId, ...changes })
    .onConflictDoUpdate({ target: businessBilling.businessId, set: changes });
}

/** Locks the business row (events and the billing job change one business in turn). */
export async function lockBusiness(db: Db, id: string): Promise<void> {
  await db.execute(sql`select id from ${businesses} where ${businesses.id} = ${id} for update`);
}

export async function setEventOutcome(
  db: Db,
  id: string,
  businessId: string | null,
  outcome: 'applied' | 'stale' | 'ignored',
): Promise<void> {
  await db.update(billingEvents).set({ businessId, outcome }).where(eq(billingEvents.id, id));
}

/** Records an event as received; false when its id was recorded before (a replay). */
export async function recordEvent(db: Db, row: typeof billingEvents.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(billingEvents)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return inserted.length > 0;
}

/**
 * Businesses in a trial (the marker) without a provider subscription: the billing job ends them.
 * A trial at the provider ends with the provider's event instead.
 */
export function trialsWithoutSubscription(
  db: Db,
): Promise<Array<{ id: string; planStart: Date | null; trialEndAt: Date | null }>> {
  return db
    .select({ id: businesses.id, planStart: businesses.planStart, trialEndAt: businessBilling.trialEndAt })
    .from(businesses)
    .leftJoin(businessBilling, eq(businessBilling.businessId, businesses.id))
    .where(and(eq(businesses.paymentMethod, 'TRIALING'), isNull(businessBilling.stripeSubscriptionId)));
}

/** Stripe-paid businesses with a payment that failed before `before` and is not paid since. */
export async function unpaidSince(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: businessBilling.businessId })
    .from(businessBilling)
    .innerJoin(businesses, eq(businesses.id, businessBilling.businessId))
    .where(
      and(
        eq(businessBilling.provider, 'STRIPE'),
        eq(businesses.paymentMethod, 'STRIPE'),
        lt(businessBilling.paymentFailedAt, before),
      ),
    );
  return rows.map((row) => row.id);
}

/** Businesses whose plan the billing job may move (plan-migrations.ts): these plans, or none. */
export async function onPlans(db: Db, plans: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(
      and(
        or(inArray(businesses.pricePlanName, plans), isNull(businesses.pricePlanName)),
        isNull(businesses.deletionRequestedAt),
      ),
    );
  return rows.map((row) => row.id);
}

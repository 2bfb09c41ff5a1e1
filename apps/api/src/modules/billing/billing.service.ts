import type {
  PlanMigrationNotice,
  BillingInformation,
  PricePlan,
  PricePlans,
  PricePlanState,
  PlanLicences,
} from '@signet/contracts/billing';
import { currencyFor, planTraits, platformOf } from '@signet/contracts/billing';
import type { PlanBase, PlanBaseType } from '@signet/contracts/business-lifecycle';
import type { Currency } from '@signet/contracts/billing';
import type { Language } from '@signet/contracts/common';
import type { Db } from '../../db/client.ts';
import type { StoredPlanBase } from '../../db/schema/businesses.ts';
import { AppError } from '../../errors.ts';
import { getAccount } from '../accounts/accounts.service.ts';
import type { BillingDeps } from './billing-deps.ts';
import * as repo from './billing.repository.ts';
import { planMigrationOf } from './plan-migrations.ts';
import { discountsAsOf } from './promo-codes.service.ts';

// A business's plan and billing state as Signet answers it (spec §3 pricePlan, billing; §4), the
// price catalogue (§1, §9), and the seats a plan gives. The payments events and the billing job
// (payments-events.service.ts, billing-rules.service.ts) are what change the state.

const dayMs = 24 * 60 * 60 * 1000;
/** A new business's trial (spec §4 TRIALING) lasts this long unless the payment provider says otherwise. */
const trialDays = 14;
const noLicences: PlanLicences = {
  idents: {
    eidas: { payForMembers: false, payForInvitations: false },
    zertes: { payForMembers: false, payForInvitations: false },
  },
};

function toPricePlan(row: repo.PricePlanRow): PricePlan {
  return {
    plan: row.plan,
    cycle: row.cycle,
    currency: row.currency,
    amount: row.amount,
    providerPriceId: row.providerPriceId,
    qualities: row.qualities,
    seats: { included: row.seatsIncluded, max: row.seatsMax },
    licenses: { idents: row.idents },
    freeSignaturesPerMonth: row.freeSignaturesPerMonth,
  };
}

/** GET /v2/businesses/price_plans: in the currency asked for, else the caller's language's (§9). */
export async function listPricePlans(
  deps: Pick<BillingDeps, 'db' | 'publicUrl'>,
  userId: string,
  query: { lang?: Language | undefined; currency?: Currency | undefined },
): Promise<PricePlans> {
  const platform = platformOf(new URL(deps.publicUrl).hostname);
  const language = query.lang ?? (await getAccount(deps, userId)).attributes.lang;
  const currency = query.currency ?? currencyFor(language, platform);
  const rows = await repo.pricePlansIn(deps.db, currency);
  return { currency, platform, plans: rows.map(toPricePlan) };
}

/** The instant a trial ends: the provider's, or for a trial without one, `trialDays` after the plan began. */
export function trialEndOf(
  business: Pick<repo.BusinessBillingColumns, 'planStart'>,
  billing: Pick<repo.BillingRow, 'trialEndAt'> | null,
): Date | null {
  if (billing?.trialEndAt) return billing.trialEndAt;
  return business.planStart ? new Date(business.planStart.getTime() + trialDays * dayMs) : null;
}

/** The stored plan base, or for a business that never changed it, what its payment marker says. */
export function planBaseOf(
  business: Pick<repo.BusinessBillingColumns, 'planBase' | 'paymentMethod' | 'planStart'>,
  trialEnd: Date | null = null,
): StoredPlanBase {
  if (business.planBase) return business.planBase;
  // A trial that ran out left no plan behind (spec §4 NEEDS_PAYMENT_METHOD): as good as cancelled.
  const type: PlanBaseType =
    business.paymentMethod === 'TRIALING'
      ? 'TRIAL'
      : business.paymentMethod === 'NEEDS_PAYMENT_METHOD'
        ? 'CANCELED'
        : 'MONTHLY';
  const endAt = type === 'TRIAL' && trialEnd ? trialEnd.toISOString() : null;
  return { current: { type, startAt: business.planStart?.toISOString() ?? null, endAt }, next: null };
}

/** The stored base, held to the contract's types. */
export function toPlanBase(base: StoredPlanBase['current']): PlanBase {
  return { ...base, type: base.type as PlanBaseType };
}

async function requireColumns(db: Db, businessId: string): Promise<repo.BusinessBillingColumns> {
  const row = await repo.businessColumns(db, businessId);
  if (!row) throw new AppError('NOT_FOUND', 'No such business.');
  return row;
}

/** Spec §3 pricePlan and billing.stripeSubscriptionStatus of a business, for its admins' business answer. */
export async function businessBillingView(
  db: Db,
  businessId: string,
  now: Date,
): Promise<{ pricePlan: PricePlanState; stripeSubscriptionStatus: string | null }> {
  const business = await requireColumns(db, businessId);
  const billing = await repo.billingOf(db, businessId);
  return {
    pricePlan: await pricePlanState(db, business, billing, now),
    stripeSubscriptionStatus: billing?.subscriptionStatus ?? null,
  };
}

async function pricePlanState(
  db: Db,
  business: repo.BusinessBillingColumns,
  billing: repo.BillingRow | null,
  now: Date,
): Promise<PricePlanState> {
  const base = planBaseOf(business, trialEndOf(business, billing));
  const plan = business.pricePlanName ? await repo.anyPriceOf(db, business.pricePlanName) : null;
  return {
    name: business.pricePlanName,
    nextName: business.nextPricePlanName,
    current: toPlanBase(base.current),
    next: base.next && toPlanBase(base.next),
    licenses: plan ? { idents: plan.idents } : noLicences,
    discounts: discountsAsOf(billing?.discounts ?? [], now),
  };
}

/**
 * Whether the business pays a signer's identification (spec §3 pricePlan.licenses.idents): its
 * plan's licence for the legislation, for its own members (`payForMembers`) or for the people it
 * invites (`payForInvitations`). A business that pays for nothing now (its trial ran out, it is
 * locked) covers nobody.
 */
export async function identificationCovered(
  db: Db,
  businessId: string,
  legislation: 'eidas' | 'zertes',
  signerIsMember: boolean,
): Promise<boolean> {
  const business = await repo.businessColumns(db, businessId);
  if (!business || ['NEEDS_PAYMENT_METHOD', 'BLOCKED'].includes(business.paymentMethod ?? '')) return false;
  const plan = business.pricePlanName ? await repo.anyPriceOf(db, business.pricePlanName) : null;
  const licence = plan?.idents[legislation];
  return (signerIsMember ? licence?.payForMembers : licence?.payForInvitations) ?? false;
}

/** Whether the business has a subscription whose seats count (a provider's, not ended; or MANUAL). */
function subscribed(billing: repo.BillingRow | null): billing is repo.BillingRow {
  if (!billing || billing.seatsPurchased === null) return false;
  if (billing.provider === 'MANUAL') return true;
  return billing.stripeSubscriptionId !== null && billing.subscriptionStatus !== 'canceled';
}

/**
 * The seats a business has: with a subscription, the seats bought, at least the plan's included
 * and at most its maximum; on a free plan (after the free plan downgrade), that plan's maximum;
 * otherwise the configured BUSINESS_SEAT_LIMIT.
 */
export async function seatLimitOf(db: Db, businessId: string, configured: number): Promise<number> {
  const billing = await repo.billingOf(db, businessId);
  const business = await repo.businessColumns(db, businessId);
  const plan = business?.pricePlanName ? await repo.anyPriceOf(db, business.pricePlanName) : null;
  if (!subscribed(billing)) return plan && planTraits(plan.plan).free ? plan.seatsMax : configured;
  const bought = billing.seatsPurchased ?? 0;
  if (!plan) return bought;
  return Math.min(Math.max(bought, plan.seatsIncluded), plan.seatsMax);
}

/**
 * Spec §4 payment issues: the subscription is neither active nor incomplete_expired, unless the
 * business is locked (it has the locked pages then). A trial has nothing to pay yet: no issue.
 */
function hasPaymentIssues(paymentMethod: string | null, status: string | null): boolean {
  // No payment marker (the free plan after a downgrade): nothing to pay, no issue.
  if (status === null || paymentMethod === 'BLOCKED' || paymentMethod === null) return false;
  return !['active', 'incomplete_expired', 'trialing'].includes(status);
}

/** GET /v1/businesses/{id}/billing/information. */
export async function billingInformation(
  deps: BillingDeps,
  businessId: string,
  seats: { used: number; limit: number },
): Promise<BillingInformation> {
  const business = await requireColumns(deps.db, businessId);
  const billing = await repo.billingOf(deps.db, businessId);
  const trialEnd = trialEndOf(business, billing);
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  const status = billing?.subscriptionStatus ?? null;
  return {
    paymentMethod: business.paymentMethod,
    billingStatus: business.billingStatus,
    provider: billing?.provider ?? null,
    stripeSubscriptionStatus: status,
    paymentIssues: hasPaymentIssues(business.paymentMethod, status),
    errorCode: billing?.paymentFailedAt ? billing.errorCode : null,
    pricePlan: await pricePlanState(deps.db, business, billing, deps.clock.now()),
    cycle: billing?.cycle ?? null,
    currency: billing?.currency ?? null,
    trial:
      business.paymentMethod === 'TRIALING' && trialEnd
        ? { startAt: iso(billing?.trialStartAt ?? business.planStart), endAt: trialEnd.toISOString() }
        : null,
    seats: { ...seats, purchased: subscribed(billing) ? billing.seatsPurchased : null },
    renewsAt: iso(billing?.periodEndAt),
    paymentFailedAt: iso(billing?.paymentFailedAt),
  };
}

/**
 * GET /v2/businesses/{id}/plan_migration: where the business's legacy plan moves (plan-migrations.ts),
 * until an admin acknowledges it (then null, for good).
 */
export async function planMigration(deps: BillingDeps, businessId: string): Promise<PlanMigrationNotice> {
  const business = await requireColumns(deps.db, businessId);
  if (business.planMigrationAcknowledgedAt) return { notice: null };
  const billing = await repo.billingOf(deps.db, businessId);
  // The move's due date once the billing job saw it (a renewal since moves the period on).
  const periodEnd = business.planMigrationDueAt ?? billing?.periodEndAt ?? null;
  const moved = business.planMigratedAt
    ? { at: business.planMigratedAt, from: business.planMigratedFrom }
    : null;
  return { notice: planMigrationOf(business.pricePlanName, periodEnd, deps.clock.now(), moved) };
}

/** POST …/plan_migration/acknowledge: the notice is not shown again (the first acknowledgement stays). */
export async function acknowledgePlanMigration(
  deps: BillingDeps,
  businessId: string,
): Promise<PlanMigrationNotice> {
  const business = await requireColumns(deps.db, businessId);
  if (!business.planMigrationAcknowledgedAt)
    await repo.updateBusinessColumns(deps.db, businessId, {
      planMigrationAcknowledgedAt: deps.clock.now(),
      updatedAt: deps.clock.now(),
    });
  return { notice: null };
}

import { planTraits, type SubscriptionUsage } from '@signet/contracts/billing';
import { usageBetween } from '../businesses/business-activity.service.ts';
import type { BillingDeps } from './billing-deps.ts';
import * as repo from './billing.repository.ts';
import { seatLimitOf } from './billing.service.ts';

// GET /v2/businesses/{id}/subscriptions/usage (spec §7): what the business used in its current
// period, against what it pays for.

/** The period counted: the subscription's (its end, one cycle back), else this calendar month (UTC). */
function periodOf(billing: repo.BillingRow | null, now: Date): { from: Date; to: Date } {
  const end = billing?.periodEndAt;
  if (end && billing.cycle && end.getTime() > now.getTime()) {
    const from = new Date(end);
    if (billing.cycle === 'yearly') from.setUTCFullYear(from.getUTCFullYear() - 1);
    else from.setUTCMonth(from.getUTCMonth() - 1);
    return { from, to: end };
  }
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { from, to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) };
}

export async function subscriptionUsage(
  deps: BillingDeps,
  businessId: string,
  seatsUsed: number,
): Promise<SubscriptionUsage> {
  const [billing, business] = await Promise.all([
    repo.billingOf(deps.db, businessId),
    repo.businessColumns(deps.db, businessId),
  ]);
  const range = periodOf(billing, deps.clock.now());
  const [used, limit] = await Promise.all([
    usageBetween(deps.db, businessId, range),
    seatLimitOf(deps.db, businessId, deps.seatLimit),
  ]);
  const planName = business?.pricePlanName ?? null;
  const plan = planName && planTraits(planName).free ? await repo.anyPriceOf(deps.db, planName) : null;
  const signed = Object.values(used.signatures).reduce((sum, n) => sum + n, 0);
  const free = plan?.freeSignaturesPerMonth ?? null;
  const subscribed = billing?.seatsPurchased !== null && billing?.seatsPurchased !== undefined;
  return {
    period: { startAt: range.from.toISOString(), endAt: range.to.toISOString() },
    seats: { used: seatsUsed, paid: subscribed ? billing.seatsPurchased : null, limit },
    signatures: used.signatures,
    identifications: used.identifications,
    freeCreditLeft: free === null ? null : Math.max(0, free - signed),
  };
}

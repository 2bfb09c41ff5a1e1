import { AppError } from '../../errors.ts';
import type { BillingDeps } from './billing-deps.ts';
import * as repo from './billing.repository.ts';
import { withPayments } from './payments-errors.ts';
import { applyAnsweredSubscription, freePlanState } from './payments-events.service.ts';
import type { PaymentsPort } from './payments-port.ts';
import { legacyPlans, migrationTargetOf } from './plan-migrations.ts';
import { providerPriceOf } from './provider-prices.ts';
import { ended } from './subscriptions.service.ts';

// The billing job's part of spec §4's plan migrations (plan-migrations.ts says where each plan goes):
// a legacy plan runs to the end of the period paid for, then the business moves. Its subscription
// takes the target's price at the provider (the next invoice is the new price: nothing is prorated),
// or, for the free migration, ends; then one transaction with the business row locked applies the
// provider's answer, the plan and the record of the move. A provider that refuses leaves the business
// as it was, and the next sweep tries again. Running it twice changes nothing: a moved business has
// a current plan, and a price the subscription has already is not asked for again (the change is
// keyed besides).

export type PlanMovesDeps = Pick<BillingDeps, 'db' | 'clock'> & { payments: PaymentsPort };

type Target = NonNullable<ReturnType<typeof migrationTargetOf>>;

/** Moves every business whose move is due; answers those moved and those the provider refused. */
export async function movePlans(deps: PlanMovesDeps): Promise<{ moved: string[]; failed: string[] }> {
  const moved: string[] = [];
  const failed: string[] = [];
  for (const id of await repo.onPlans(deps.db, legacyPlans)) {
    try {
      if (await movePlan(deps, id)) moved.push(id);
    } catch {
      // Rolled back (the provider refused or did not answer): due again at the next sweep.
      failed.push(id);
    }
  }
  return { moved, failed };
}

async function movePlan(deps: PlanMovesDeps, id: string): Promise<boolean> {
  const now = deps.clock.now();
  const business = await repo.businessColumns(deps.db, id);
  const target = business && migrationTargetOf(business.pricePlanName);
  if (!business || !target) return false;
  const from = business.pricePlanName;
  const billing = await repo.billingOf(deps.db, id);
  const live = billing?.stripeSubscriptionId && !ended.has(billing.subscriptionStatus ?? '');
  const due = business.planMigrationDueAt ?? (live ? billing.periodEndAt : null);
  if (due && due > now) {
    // The period's end as first seen: a renewal before the sweep does not put the move off.
    if (!business.planMigrationDueAt)
      await repo.updateBusinessColumns(deps.db, id, { planMigrationDueAt: due, updatedAt: now });
    return false;
  }
  // The provider first, outside the transaction (its events need the database meanwhile); its
  // events of the change move the plan too when they come first (nextPricePlanName, the price).
  if (target.kind === 'free')
    await repo.updateBusinessColumns(deps.db, id, { nextPricePlanName: target.to, updatedAt: now });
  const answer = live ? await moveSubscription(deps, billing.stripeSubscriptionId!, target) : null;
  return deps.db.transaction(async (tx) => {
    await repo.lockBusiness(tx, id);
    const current = await repo.businessColumns(tx, id);
    // Changed meanwhile by other than this move (an upgrade, another process's sweep).
    if (!current || current.planMigratedAt || ![from, target.to].includes(current.pricePlanName))
      return false;
    if (answer) await applyAnsweredSubscription(deps, answer, tx);
    await repo.updateBusinessColumns(tx, id, {
      ...(target.kind === 'free' ? freePlanState(target.to, now) : { pricePlanName: target.to }),
      planMigratedAt: now,
      planMigratedFrom: from,
      updatedAt: now,
    });
    return true;
  });
}

/** The subscription at the provider: the target's price in its cycle and currency, or ended. */
async function moveSubscription(deps: PlanMovesDeps, subscriptionId: string, target: Target) {
  const subscription = await withPayments(() => deps.payments.retrieveSubscription(subscriptionId));
  const item = subscription.items.data[0];
  if (target.kind === 'free') {
    if (subscription.status === 'canceled') return subscription;
    return withPayments(() => deps.payments.cancelNow(subscriptionId));
  }
  const interval = item?.price.recurring?.interval;
  const cycle = interval === 'month' ? 'monthly' : interval === 'year' ? 'yearly' : null;
  const currency = item?.price.currency.toUpperCase();
  const row =
    cycle && (currency === 'CHF' || currency === 'EUR')
      ? await repo.priceOf(deps.db, { plan: target.to, cycle, currency })
      : null;
  if (!item || !row)
    throw new AppError('NO_SUBSCRIPTION', `The catalogue has no ${target.to} price for this subscription.`);
  const priceId = await providerPriceOf(deps.payments, row);
  if (item.price.id === priceId) return subscription;
  return withPayments(() =>
    deps.payments.updateSubscription(
      subscriptionId,
      { items: [{ id: item.id, price: priceId }], proration_behavior: 'none' },
      `signet-plan-migration-${subscriptionId}-${priceId}`,
    ),
  );
}

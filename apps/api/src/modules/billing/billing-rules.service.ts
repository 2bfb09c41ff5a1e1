import { scheduleRecurringJob } from '../../jobs/queue.ts';
import type { Db } from '../../db/client.ts';
import type { BillingDeps } from './billing-deps.ts';
import * as repo from './billing.repository.ts';
import { trialEndOf } from './billing.service.ts';
import { movePlans, type PlanMovesDeps } from './plan-moves.service.ts';

// The billing rules that run on time rather than on an event (spec §4): a trial without a payment
// method runs out (NEEDS_PAYMENT_METHOD, which the web's gates act on), and a business whose
// payment failed and stayed unpaid past BILLING_GRACE_DAYS is locked (BLOCKED) until an invoice is
// paid. MANUAL businesses (invoiced by hand) carry neither marker, so neither rule touches them.
// A trial at the payment provider ends with the provider's event, not here. Legacy plans move to
// the current catalogue once their paid period ends (plan-moves.service.ts).

export const billingRulesJobKind = 'billing-rules';
const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

export type BillingRulesDeps = Pick<BillingDeps, 'db' | 'clock' | 'graceDays'> & PlanMovesDeps;

/** Applies the rules as of the clock's now; answers what changed. */
export async function sweepBillingRules(deps: BillingRulesDeps): Promise<{
  trialsEnded: string[];
  blocked: string[];
  plansMoved: string[];
  planMovesFailed: string[];
}> {
  const now = deps.clock.now();
  const trialsEnded: string[] = [];
  for (const trial of await repo.trialsWithoutSubscription(deps.db)) {
    const end = trialEndOf(trial, trial);
    if (!end || end > now) continue;
    const changed = await deps.db.transaction(async (tx) => {
      await repo.lockBusiness(tx, trial.id);
      // An admin or an event may have changed it since it was read.
      if ((await repo.businessColumns(tx, trial.id))?.paymentMethod !== 'TRIALING') return false;
      await repo.updateBusinessColumns(tx, trial.id, {
        paymentMethod: 'NEEDS_PAYMENT_METHOD',
        billingStatus: 'canceled',
        planBase: { current: { type: 'CANCELED', startAt: end.toISOString(), endAt: null }, next: null },
        updatedAt: now,
      });
      return true;
    });
    if (changed) trialsEnded.push(trial.id);
  }
  const blocked: string[] = [];
  for (const id of await repo.unpaidSince(deps.db, new Date(now.getTime() - deps.graceDays * dayMs))) {
    const changed = await deps.db.transaction(async (tx) => {
      await repo.lockBusiness(tx, id);
      const billing = await repo.billingOf(tx, id);
      const business = await repo.businessColumns(tx, id);
      // Paid meanwhile (invoice.paid cleared the failure), or no longer paid through the provider.
      if (!billing?.paymentFailedAt || business?.paymentMethod !== 'STRIPE') return false;
      await repo.updateBusinessColumns(tx, id, {
        paymentMethod: 'BLOCKED',
        billingStatus: 'blocked',
        updatedAt: now,
      });
      return true;
    });
    if (changed) blocked.push(id);
  }
  const plans = await movePlans(deps);
  return { trialsEnded, blocked, plansMoved: plans.moved, planMovesFailed: plans.failed };
}

/** At start: the first sweep, unless one is waiting already (another process, an earlier start). */
export async function scheduleBillingRules(db: Db, now: Date): Promise<void> {
  await scheduleRecurringJob(db, billingRulesJobKind, now);
}

/** The job: sweeps, then schedules the next sweep an hour later unless another process did. */
export async function runBillingRules(deps: BillingRulesDeps): Promise<void> {
  await sweepBillingRules(deps);
  const now = deps.clock.now();
  await scheduleRecurringJob(deps.db, billingRulesJobKind, new Date(now.getTime() + hourMs), now);
}

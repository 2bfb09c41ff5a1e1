import { attemptPayment, voidInvoice, type Invoice } from './invoices.js';
import type { PaymentsContext } from './payments-context.js';
import { addInterval, day } from './periods.js';
import {
  internalOf,
  intervalOf,
  invoiceSubscription,
  paymentMethodFor,
  periodLines,
  periodOf,
  setPeriod,
  updating,
  type Subscription,
} from './subscription-model.js';

/** Days after each failed attempt until the next (Stripe's default smart-retry window is similar); after the last, the subscription is canceled. */
const retryDays = [3, 5, 7];
/** An incomplete subscription whose first invoice stays unpaid this long expires, as at Stripe. */
export const incompleteLifetime = 23 * 60 * 60;
/** `customer.subscription.trial_will_end` comes this long before the trial ends. */
const trialWarning = 3 * day;

/** Ends a subscription now: canceled, with the `deleted` event Stripe sends. */
export function endSubscription(
  ctx: PaymentsContext,
  subscription: Subscription,
  at: number,
  reason: string,
): void {
  subscription.status = 'canceled';
  subscription.canceled_at ??= at;
  subscription.ended_at = at;
  subscription.cancel_at_period_end = false;
  subscription.cancellation_details = { comment: null, feedback: null, reason };
  ctx.emit('customer.subscription.deleted', subscription);
}

/**
 * Charges an invoice of the subscription and moves the subscription by the outcome, without
 * sending the subscription's own event (the caller's `updating` sends one for the whole change).
 */
function settleCharge(
  ctx: PaymentsContext,
  subscription: Subscription,
  invoice: Invoice,
  methodId: string | null,
): boolean {
  const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
  if (attemptPayment(ctx, invoice, methodId)) {
    // Paying a leftover invoice of an ended subscription settles the debt; it does not revive it.
    if (!ended) subscription.status = 'active';
    internalOf(ctx, subscription.id).incompleteExpiresAt = null;
    return true;
  }
  if (subscription.status === 'incomplete' || ended) return false;
  const delay = retryDays[invoice.attempt_count - 1];
  if (delay === undefined) {
    invoice.next_payment_attempt = null;
    endSubscription(ctx, subscription, ctx.store.now(), 'payment_failed');
    return false;
  }
  invoice.next_payment_attempt = ctx.store.now() + delay * day;
  subscription.status = 'past_due';
  return false;
}

/** Charges an invoice of the subscription (retries, `invoices.pay`, first invoices) and tells of the outcome. */
export function chargeSubscriptionInvoice(
  ctx: PaymentsContext,
  subscription: Subscription,
  invoice: Invoice,
  methodId = paymentMethodFor(ctx, subscription),
): boolean {
  if (subscription.status === 'canceled') return settleCharge(ctx, subscription, invoice, methodId);
  return updating(ctx, subscription, () => settleCharge(ctx, subscription, invoice, methodId));
}

/** The next period begins: invoice it and charge (trial end, renewal); one `updated` event for it all. */
function startNextPeriod(ctx: PaymentsContext, subscription: Subscription, start: number): void {
  const end = addInterval(start, intervalOf(subscription));
  updating(ctx, subscription, () => {
    setPeriod(subscription, start, end);
    const invoice = invoiceSubscription(
      ctx,
      subscription,
      periodLines(ctx, subscription, { start, end }),
      'subscription_cycle',
      { start, end },
    );
    settleCharge(ctx, subscription, invoice, paymentMethodFor(ctx, subscription));
  });
}

/** Ends a trial now (its time came, or `trial_end=now`): the first paid period starts. */
export function endTrial(ctx: PaymentsContext, subscription: Subscription, at: number): void {
  updating(ctx, subscription, () => (subscription.trial_end = at));
  startNextPeriod(ctx, subscription, at);
}

interface DueWork {
  at: number;
  run: () => void;
}

/** A trial or period ends: the subscription ends with it if so asked, else the next period begins. */
const periodEnds = (ctx: PaymentsContext, subscription: Subscription, at: number): DueWork => ({
  at,
  run: () =>
    subscription.cancel_at_period_end
      ? endSubscription(ctx, subscription, at, 'cancellation_requested')
      : startNextPeriod(ctx, subscription, at),
});

/** The earliest thing one subscription has to do, if any. */
function dueWorkOf(ctx: PaymentsContext, subscription: Subscription): DueWork | undefined {
  const internal = internalOf(ctx, subscription.id);
  const work: DueWork[] = [];
  if (subscription.status === 'incomplete' && internal.incompleteExpiresAt !== null)
    work.push({
      at: internal.incompleteExpiresAt,
      run: () => {
        internal.incompleteExpiresAt = null;
        const invoice = subscription.latest_invoice
          ? (ctx.store.find(subscription.latest_invoice) as Invoice)
          : undefined;
        if (invoice) voidInvoice(ctx, invoice);
        updating(ctx, subscription, () => {
          subscription.status = 'incomplete_expired';
          subscription.ended_at = ctx.store.now();
        });
      },
    });
  if (subscription.status === 'trialing' && subscription.trial_end !== null) {
    const trialEnd = subscription.trial_end;
    if (!internal.trialWillEndSent)
      work.push({
        at: trialEnd - trialWarning,
        run: () => {
          internal.trialWillEndSent = true;
          ctx.emit('customer.subscription.trial_will_end', subscription);
        },
      });
    work.push(periodEnds(ctx, subscription, trialEnd));
  }
  if (subscription.status === 'active' || subscription.status === 'past_due') {
    work.push(periodEnds(ctx, subscription, periodOf(subscription).end));
  }
  if (subscription.status === 'past_due' && subscription.latest_invoice) {
    const invoice = ctx.store.find(subscription.latest_invoice) as Invoice | undefined;
    if (invoice?.status === 'open' && invoice.next_payment_attempt !== null)
      work.push({
        at: invoice.next_payment_attempt,
        run: () => chargeSubscriptionInvoice(ctx, subscription, invoice),
      });
  }
  return work.sort((a, b) => a.at - b.at)[0];
}

/**
 * Moves the sandbox clock forward and runs, in time order, everything that falls due on the way:
 * trial warnings and ends, renewals, payment retries, expiries. Each runs at its own moment, so the
 * events carry the times they would have had.
 */
export function advanceClock(ctx: PaymentsContext, seconds: number): number {
  const target = ctx.store.now() + seconds;
  for (let guard = 0; guard < 10_000; guard += 1) {
    let next: DueWork | undefined;
    for (const subscription of ctx.store.all<Subscription>('subscription')) {
      const work = dueWorkOf(ctx, subscription);
      if (work && work.at <= target && (!next || work.at < next.at)) next = work;
    }
    if (!next) break;
    ctx.store.setNow(next.at);
    next.run();
  }
  ctx.store.setNow(target);
  return ctx.store.now();
}

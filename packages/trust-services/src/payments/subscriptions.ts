import type { Customer } from './customers.js';
import { discountsToApply, redeem } from './discounts.js';
import {
  allowOnly,
  bool,
  int,
  mergeMetadata,
  obj,
  oneOf,
  requiredStr,
  str,
  type Params,
} from './form-params.js';
import { attemptPayment, chargeSucceeds } from './invoices.js';
import type { PaymentsContext } from './payments-context.js';
import { addInterval, day } from './periods.js';
import { cardError } from './test-instruments.js';
import { invalidRequest, missingParam } from './stripe-error.js';
import {
  changesInterval,
  planItems,
  prorationBehaviorOf,
  prorationLines,
  readItems,
  type PlannedItem,
} from './subscription-changes.js';
import {
  chargeSubscriptionInvoice,
  endSubscription,
  endTrial,
  incompleteLifetime,
} from './subscription-cycle.js';
import {
  internalOf,
  invoiceSubscription,
  periodLines,
  periodOf,
  setPeriod,
  updating,
  type Subscription,
  type SubscriptionInternal,
  type SubscriptionItem,
} from './subscription-model.js';

/** A payment method of the customer (`param` names the field in errors). */
function ownMethod(ctx: PaymentsContext, customer: string, id: string, param: string): string {
  const method = ctx.store.get('payment_method', id, param);
  if (method.customer !== customer)
    throw invalidRequest(
      `The payment method ${id} does not belong to the customer ${customer}.`,
      param,
      'resource_missing',
    );
  return id;
}

/** The items as stored: existing ids kept, new items get theirs; every item shares the period. */
function materialize(
  ctx: PaymentsContext,
  subscription: Subscription,
  planned: PlannedItem[],
  period: { start: number; end: number },
): SubscriptionItem[] {
  return planned.map((entry) => {
    const existing = subscription.items.data.find((item) => item.id === entry.id);
    return {
      id: entry.id ?? ctx.store.newId('si'),
      object: 'subscription_item',
      created: existing?.created ?? ctx.store.now(),
      price: structuredClone(entry.price),
      quantity: entry.quantity,
      subscription: subscription.id,
      current_period_start: period.start,
      current_period_end: period.end,
      metadata: existing?.metadata ?? {},
      discounts: [],
    };
  });
}

/** The trial's end from `trial_period_days` or `trial_end` (unix seconds or `now`), if any. */
function trialEndOf(params: Params, now: number): number | null {
  const days = int(params, 'trial_period_days', { min: 0, max: 730 });
  const end = params.trial_end;
  if (days !== undefined && end !== undefined)
    throw invalidRequest('You may give trial_period_days or trial_end, not both.', 'trial_end');
  if (days) return now + days * day;
  if (end === undefined || end === 'now') return null;
  const at = int(params, 'trial_end')!;
  if (at <= now) throw invalidRequest('trial_end must be in the future (or now).', 'trial_end');
  return at;
}

const createFields = [
  'customer',
  'items',
  'trial_period_days',
  'trial_end',
  'default_payment_method',
  'payment_behavior',
  'discounts',
  'metadata',
  'cancel_at_period_end',
  'collection_method',
  'off_session',
  'payment_settings',
  'trial_settings',
  'description',
  'proration_behavior',
];

/**
 * Creates a subscription. With a trial: `trialing` and a paid zero invoice. Without: the first
 * period is invoiced and charged to the default payment method; `error_if_incomplete` refuses a
 * failing charge (402, nothing created), `allow_incomplete` (the default) and `default_incomplete`
 * leave the subscription `incomplete` until the invoice is paid, or 23 hours pass.
 */
export function createSubscription(ctx: PaymentsContext, params: Params): Subscription {
  allowOnly(params, createFields);
  const customer = ctx.store.get<Customer>('customer', requiredStr(params, 'customer'), 'customer');
  if (!params.items) throw missingParam('items');
  const planned = planItems(ctx, [], readItems(params));
  const currency = planned[0]!.price.currency;
  const now = ctx.store.now();
  const trialEnd = trialEndOf(params, now);
  const behaviour =
    oneOf(params, 'payment_behavior', [
      'allow_incomplete',
      'default_incomplete',
      'error_if_incomplete',
      'pending_if_incomplete',
    ] as const) ?? 'allow_incomplete';
  const given = str(params, 'default_payment_method');
  const ownDefault = given ? ownMethod(ctx, customer.id, given, 'default_payment_method') : null;
  const method = ownDefault ?? customer.invoice_settings.default_payment_method;
  const discounts = discountsToApply(ctx, params, currency);
  if (trialEnd === null && behaviour !== 'default_incomplete') {
    if (!method)
      throw invalidRequest(
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
        undefined,
        'resource_missing',
      );
    if (behaviour === 'error_if_incomplete' && !chargeSucceeds(ctx, method))
      throw cardError('card_declined', 'Your card was declined.', undefined, 'generic_decline');
  }
  const id = ctx.store.newId('sub');
  const period = { start: now, end: trialEnd ?? addInterval(now, planned[0]!.price.recurring!.interval) };
  const subscription = ctx.store.insert<Subscription>(
    {
      id,
      object: 'subscription',
      created: now,
      customer: customer.id,
      status: trialEnd !== null ? 'trialing' : 'incomplete',
      currency,
      items: {
        object: 'list',
        data: [],
        has_more: false,
        total_count: planned.length,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      billing_cycle_anchor: period.end,
      start_date: now,
      trial_start: trialEnd !== null ? now : null,
      trial_end: trialEnd,
      cancel_at_period_end: bool(params, 'cancel_at_period_end') ?? false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      default_payment_method: ownDefault,
      latest_invoice: null,
      discounts: [],
      metadata: mergeMetadata({}, params),
      description: str(params, 'description') ?? null,
      pending_setup_intent: null,
      pending_update: null,
      livemode: false,
    },
    {
      pendingLines: [],
      invoicesIssued: 0,
      trialWillEndSent: false,
      incompleteExpiresAt: null,
    } satisfies SubscriptionInternal,
  );
  subscription.items.data = materialize(ctx, subscription, planned, period);
  if (subscription.cancel_at_period_end) {
    subscription.cancel_at = period.end;
    subscription.canceled_at = now;
  }
  subscription.discounts = redeem(ctx, discounts, { customer: customer.id, subscription: id });
  // A trial shorter than the warning period is warned about at once, as Stripe does.
  if (trialEnd !== null && trialEnd - now <= 3 * day) internalOf(ctx, id).trialWillEndSent = true;
  ctx.emit('customer.subscription.created', subscription);
  if (trialEnd !== null) {
    const invoice = invoiceSubscription(
      ctx,
      subscription,
      periodLines(ctx, subscription, period).map((line) => ({
        ...line,
        amount: 0,
        description: `Trial period for ${line.description}`,
      })),
      'subscription_create',
      period,
    );
    attemptPayment(ctx, invoice, null);
    if (internalOf(ctx, id).trialWillEndSent) ctx.emit('customer.subscription.trial_will_end', subscription);
    return subscription;
  }
  const invoice = invoiceSubscription(
    ctx,
    subscription,
    periodLines(ctx, subscription, period),
    'subscription_create',
    period,
  );
  internalOf(ctx, id).incompleteExpiresAt = now + incompleteLifetime;
  if (behaviour !== 'default_incomplete') chargeSubscriptionInvoice(ctx, subscription, invoice, method);
  return subscription;
}

const updateFields = [
  'items',
  'proration_behavior',
  'proration_date',
  'cancel_at_period_end',
  'default_payment_method',
  'metadata',
  'trial_end',
  'discounts',
  'payment_behavior',
  'description',
  'off_session',
  'cancellation_details',
];

/**
 * Updates a subscription: seats and prices (prorated per `proration_behavior`; a new interval
 * restarts the period and invoices at once), cancelling at the period's end or taking that back,
 * the default payment method, discounts, metadata, and ending a trial (`trial_end=now`).
 */
export function updateSubscription(ctx: PaymentsContext, id: string, params: Params): Subscription {
  allowOnly(params, updateFields);
  const subscription = ctx.store.get<Subscription>('subscription', id);
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
    throw invalidRequest(
      'A canceled subscription can only update its cancellation_details and metadata.',
      undefined,
      'subscription_canceled',
    );
  const now = ctx.store.now();
  const planned =
    params.items !== undefined ? planItems(ctx, subscription.items.data, readItems(params)) : undefined;
  const proration = prorationBehaviorOf(params);
  const at = int(params, 'proration_date') ?? now;
  const givenMethod = str(params, 'default_payment_method');
  const method = givenMethod
    ? ownMethod(ctx, subscription.customer, givenMethod, 'default_payment_method')
    : givenMethod === ''
      ? null
      : undefined;
  const discounts =
    params.discounts !== undefined ? discountsToApply(ctx, params, subscription.currency) : undefined;
  let chargeNow = false;
  let restarted = false;
  updating(ctx, subscription, () => {
    if (method !== undefined) subscription.default_payment_method = method;
    subscription.metadata = mergeMetadata(subscription.metadata, params);
    const cancelAtEnd = bool(params, 'cancel_at_period_end');
    if (cancelAtEnd !== undefined) {
      subscription.cancel_at_period_end = cancelAtEnd;
      subscription.cancel_at = cancelAtEnd
        ? subscription.status === 'trialing'
          ? subscription.trial_end
          : periodOf(subscription).end
        : null;
      subscription.canceled_at = cancelAtEnd ? now : null;
      const details = obj(params, 'cancellation_details');
      subscription.cancellation_details = {
        comment: details ? (str(details, 'comment') ?? null) : null,
        feedback: details ? (str(details, 'feedback') ?? null) : null,
        reason: cancelAtEnd ? 'cancellation_requested' : null,
      };
    }
    if (discounts !== undefined)
      subscription.discounts = redeem(ctx, discounts, { customer: subscription.customer, subscription: id });
    if (!planned) return;
    const trialing = subscription.status === 'trialing';
    if (!trialing && changesInterval(subscription, planned)) {
      // A new interval restarts the billing period now: credit for the old period's rest, the new period in full.
      internalOf(ctx, id).pendingLines.push(...prorationLines(ctx, subscription, planned, at));
      const period = { start: now, end: addInterval(now, planned[0]!.price.recurring!.interval) };
      subscription.items.data = materialize(ctx, subscription, planned, period);
      subscription.billing_cycle_anchor = period.end;
      chargeNow = restarted = true;
      return;
    }
    if (!trialing && proration !== 'none')
      internalOf(ctx, id).pendingLines.push(...prorationLines(ctx, subscription, planned, at));
    subscription.items.data = materialize(ctx, subscription, planned, periodOf(subscription));
    subscription.items.total_count = subscription.items.data.length;
    chargeNow = !trialing && proration === 'always_invoice';
  });
  if (chargeNow) {
    const period = periodOf(subscription);
    const lines = restarted ? periodLines(ctx, subscription, period) : [];
    const invoice = updating(ctx, subscription, () =>
      invoiceSubscription(ctx, subscription, lines, 'subscription_update', { start: now, end: period.end }),
    );
    chargeSubscriptionInvoice(ctx, subscription, invoice);
  }
  const trialEnd = params.trial_end;
  if (trialEnd !== undefined && subscription.status === 'trialing') {
    if (trialEnd === 'now') endTrial(ctx, subscription, now);
    else {
      const end = int(params, 'trial_end')!;
      if (end <= now) throw invalidRequest('trial_end must be in the future (or now).', 'trial_end');
      updating(ctx, subscription, () => {
        subscription.trial_end = end;
        setPeriod(subscription, periodOf(subscription).start, end);
        internalOf(ctx, id).trialWillEndSent = end - now <= 3 * day;
      });
    }
  }
  return subscription;
}

/** Cancels now (`DELETE /v1/subscriptions/:id`): no further invoices; the `deleted` event. */
export function cancelSubscription(ctx: PaymentsContext, id: string, params: Params): Subscription {
  allowOnly(params, ['invoice_now', 'prorate', 'cancellation_details']);
  const subscription = ctx.store.get<Subscription>('subscription', id);
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
    throw invalidRequest('This subscription has already been canceled.', undefined, 'subscription_canceled');
  endSubscription(ctx, subscription, ctx.store.now(), 'cancellation_requested');
  return subscription;
}

export function listSubscriptions(ctx: PaymentsContext, params: Params): Subscription[] {
  const customer = str(params, 'customer');
  const price = str(params, 'price');
  const status = str(params, 'status') ?? 'all_but_canceled';
  return ctx.store
    .all<Subscription>('subscription')
    .filter(
      (subscription) =>
        (!customer || subscription.customer === customer) &&
        (!price || subscription.items.data.some((item) => item.price.id === price)) &&
        (status === 'all' ||
          (status === 'all_but_canceled'
            ? subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired'
            : subscription.status === status)),
    );
}

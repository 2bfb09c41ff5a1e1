import type { Customer } from './customers.js';
import { couponsOff, discountAmount, discountsToApply } from './discounts.js';
import { allowOnly, int, obj, str, type Params } from './form-params.js';
import { composeInvoice, lineOf, type Invoice, type InvoiceLine } from './invoices.js';
import type { PaymentsContext } from './payments-context.js';
import { addInterval } from './periods.js';
import { resolvePaymentMethod } from './payment-methods.js';
import { cardError } from './test-instruments.js';
import { invalidRequest, missingParam } from './stripe-error.js';
import {
  changesInterval,
  planItems,
  prorationBehaviorOf,
  prorationLines,
  readItems,
} from './subscription-changes.js';
import { chargeSubscriptionInvoice } from './subscription-cycle.js';
import { internalOf, paymentMethodFor, periodOf, type Subscription } from './subscription-model.js';

export function listInvoices(ctx: PaymentsContext, params: Params): Invoice[] {
  const customer = str(params, 'customer');
  const subscription = str(params, 'subscription');
  const status = str(params, 'status');
  return ctx.store
    .all<Invoice>('invoice')
    .filter(
      (invoice) =>
        (!customer || invoice.customer === customer) &&
        (!subscription || invoice.subscription === subscription) &&
        (!status || invoice.status === status),
    );
}

/**
 * Pays an open invoice now, with the given payment method or the subscription's; a failing charge
 * answers Stripe's 402 card error. A paid invoice makes its incomplete or past-due subscription active.
 */
export function payInvoice(ctx: PaymentsContext, id: string, params: Params): Invoice {
  allowOnly(params, ['payment_method', 'off_session', 'paid_out_of_band']);
  const invoice = ctx.store.get<Invoice>('invoice', id);
  if (invoice.status !== 'open')
    throw invalidRequest(
      `Invoice is ${invoice.status ?? 'not open'}; only open invoices can be paid.`,
      undefined,
      'invoice_not_open',
    );
  const subscription = invoice.subscription
    ? ctx.store.get<Subscription>('subscription', invoice.subscription)
    : undefined;
  const given = str(params, 'payment_method');
  const method = given
    ? resolvePaymentMethod(ctx, given, 'payment_method').id
    : subscription
      ? paymentMethodFor(ctx, subscription)
      : ctx.store.get<Customer>('customer', invoice.customer).invoice_settings.default_payment_method;
  if (!method)
    throw invalidRequest(
      'There is no payment method to charge for this invoice.',
      'payment_method',
      'resource_missing',
    );
  const paid = subscription ? chargeSubscriptionInvoice(ctx, subscription, invoice, method) : false;
  if (!paid) throw cardError('card_declined', 'Your card was declined.', undefined, 'generic_decline');
  return invoice;
}

/**
 * `invoices.createPreview`: what the next invoice would be, stored nowhere. For a subscription with
 * `subscription_details.items`: the prorations of the change (and, unless `always_invoice`, the next
 * period at the new seats and prices). Without a subscription: a new subscription's first invoice.
 */
export function previewInvoice(ctx: PaymentsContext, params: Params): Invoice {
  allowOnly(params, [
    'customer',
    'customer_details',
    'subscription',
    'subscription_details',
    'discounts',
    'currency',
  ]);
  const details = obj(params, 'subscription_details') ?? {};
  const subscriptionId = str(params, 'subscription');
  const now = ctx.store.now();
  const id = `upcoming_${ctx.store.newId('in')}`;
  if (!subscriptionId) {
    // Stripe previews a first invoice for someone who is no customer yet from `customer_details`.
    const newCustomer = obj(params, 'customer_details');
    const customer =
      !str(params, 'customer') && newCustomer
        ? ({ id: null, balance: 0, email: null, name: null } as unknown as Customer)
        : ctx.store.get<Customer>('customer', str(params, 'customer') ?? '', 'customer');
    if (!details.items) throw missingParam('subscription_details[items]');
    const planned = planItems(ctx, [], readItems(details));
    const interval = planned[0]!.price.recurring!.interval;
    const period = { start: now, end: addInterval(now, interval) };
    const lines = planned.map((item) => lineOf(ctx, item.price, item.quantity, period));
    const currency = planned[0]!.price.currency;
    const picked = discountsToApply(ctx, params, currency);
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    const discount = couponsOff(
      picked.map((entry) => entry.coupon),
      subtotal,
    );
    return composeInvoice(ctx, {
      id,
      customer,
      subscription: null,
      lines,
      currency,
      reason: 'subscription_create',
      period,
      discount,
      // The discount the subscription would get (Stripe names one in total_discount_amounts).
      discounts: discount > 0 ? [ctx.store.newId('di')] : [],
    });
  }
  const subscription = ctx.store.get<Subscription>('subscription', subscriptionId, 'subscription');
  const customer = ctx.store.get<Customer>('customer', subscription.customer);
  const planned = planItems(ctx, subscription.items.data, readItems(details));
  const behaviour = prorationBehaviorOf(details);
  const at = int(details, 'proration_date') ?? now;
  const trialing = subscription.status === 'trialing';
  const restarts = !trialing && changesInterval(subscription, planned);
  const prorations: InvoiceLine[] =
    trialing || (behaviour === 'none' && !restarts) ? [] : prorationLines(ctx, subscription, planned, at);
  const pending = internalOf(ctx, subscription.id).pendingLines;
  const { end } = periodOf(subscription);
  let lines: InvoiceLine[];
  let period: { start: number; end: number };
  let reason = 'subscription_update';
  if (restarts || behaviour === 'always_invoice') {
    period = restarts
      ? { start: at, end: addInterval(at, planned[0]!.price.recurring!.interval) }
      : { start: at, end };
    lines = [
      ...pending,
      ...prorations,
      ...(restarts ? planned.map((item) => lineOf(ctx, item.price, item.quantity, period)) : []),
    ];
  } else {
    const start = trialing ? subscription.trial_end! : end;
    period = { start, end: addInterval(start, planned[0]!.price.recurring!.interval) };
    lines = [
      ...pending,
      ...prorations,
      ...planned.map((item) => lineOf(ctx, item.price, item.quantity, period)),
    ];
    reason = 'upcoming';
  }
  const regular = lines.filter((line) => !line.proration).reduce((sum, line) => sum + line.amount, 0);
  const discount = discountAmount(
    ctx,
    subscription.discounts,
    regular,
    internalOf(ctx, subscription.id).invoicesIssued === 0,
    period.start,
  );
  const preview = composeInvoice(ctx, {
    id,
    customer,
    subscription: subscription.id,
    lines,
    currency: subscription.currency,
    reason,
    period,
    discount,
    discounts: discount > 0 ? subscription.discounts : [],
  });
  preview.subscription_proration_date = at;
  return preview;
}

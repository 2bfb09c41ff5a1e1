import type { Price } from './catalog.js';
import type { Customer } from './customers.js';
import { changedFields } from './events.js';
import { discountAmount } from './discounts.js';
import { composeInvoice, issueInvoice, lineOf, type Invoice, type InvoiceLine } from './invoices.js';
import type { PaymentsContext } from './payments-context.js';
import type { StripeObject } from './payments-store.js';

type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid';

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  /** A copy of the price, as Stripe embeds it. */
  price: Price;
  quantity: number;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
  metadata: Record<string, string>;
  discounts: string[];
}

export interface Subscription extends StripeObject {
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  currency: string;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; total_count: number; url: string };
  trial_start: number | null;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  default_payment_method: string | null;
  latest_invoice: string | null;
  discounts: string[];
  metadata: Record<string, string>;
}

/** What Stripe keeps behind a subscription: prorations waiting for the next invoice, and what was sent. */
export interface SubscriptionInternal {
  pendingLines: InvoiceLine[];
  invoicesIssued: number;
  trialWillEndSent: boolean;
  incompleteExpiresAt: number | null;
}

export const internalOf = (ctx: PaymentsContext, id: string) =>
  ctx.store.internal(id) as unknown as SubscriptionInternal;

export const periodOf = (subscription: Subscription) => {
  const first = subscription.items.data[0]!;
  return { start: first.current_period_start, end: first.current_period_end };
};

export function setPeriod(subscription: Subscription, start: number, end: number): void {
  for (const item of subscription.items.data) {
    item.current_period_start = start;
    item.current_period_end = end;
  }
}

export const intervalOf = (subscription: Subscription) =>
  subscription.items.data[0]!.price.recurring!.interval;

/** The payment method charges go to: the subscription's own, else the customer's default. */
export function paymentMethodFor(ctx: PaymentsContext, subscription: Subscription): string | null {
  const customer = ctx.store.get<Customer>('customer', subscription.customer);
  return subscription.default_payment_method ?? customer.invoice_settings.default_payment_method;
}

const watched = [
  'status',
  'items',
  'cancel_at_period_end',
  'cancel_at',
  'canceled_at',
  'ended_at',
  'default_payment_method',
  'trial_end',
  'trial_start',
  'discounts',
  'metadata',
  'latest_invoice',
];

/** Runs a change and sends `customer.subscription.updated` with what it changed (nothing changed: no event). */
export function updating<T>(ctx: PaymentsContext, subscription: Subscription, change: () => T): T {
  const before = structuredClone(subscription);
  const result = change();
  const previous = changedFields(before, subscription, watched);
  if (Object.keys(previous).length > 0) ctx.emit('customer.subscription.updated', subscription, previous);
  return result;
}

/** The lines of one full period of every item. */
export function periodLines(
  ctx: PaymentsContext,
  subscription: Subscription,
  period: { start: number; end: number },
): InvoiceLine[] {
  return subscription.items.data.map((item) =>
    lineOf(ctx, item.price, item.quantity, period, { item: item.id }),
  );
}

/**
 * Issues an invoice of the subscription: the prorations waiting for it, then `lines`; the
 * subscription's discounts apply to the regular lines (the first invoice only for `once` coupons).
 */
export function invoiceSubscription(
  ctx: PaymentsContext,
  subscription: Subscription,
  lines: InvoiceLine[],
  reason: string,
  period: { start: number; end: number },
): Invoice {
  const internal = internalOf(ctx, subscription.id);
  const all = [...internal.pendingLines, ...lines];
  internal.pendingLines = [];
  const regular = lines.filter((line) => !line.proration).reduce((sum, line) => sum + line.amount, 0);
  const discount = discountAmount(
    ctx,
    subscription.discounts,
    regular,
    internal.invoicesIssued === 0,
    ctx.store.now(),
  );
  internal.invoicesIssued += 1;
  const invoice = issueInvoice(
    ctx,
    composeInvoice(ctx, {
      id: ctx.store.newId('in'),
      customer: ctx.store.get<Customer>('customer', subscription.customer),
      subscription: subscription.id,
      lines: all,
      currency: subscription.currency,
      reason,
      period,
      discount,
      discounts: discount > 0 ? subscription.discounts : [],
    }),
  );
  subscription.latest_invoice = invoice.id;
  return invoice;
}

import type { Price } from './catalog.js';
import type { Customer } from './customers.js';
import { newPageToken, sameToken } from './page-tokens.js';
import type { PaymentsContext } from './payments-context.js';
import { instrumentOf } from './payment-methods.js';
import type { StripeObject } from './payments-store.js';

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  period: { start: number; end: number };
  quantity: number;
  proration: boolean;
  price: string;
  subscription_item: string | null;
}

export interface Invoice extends StripeObject {
  object: 'invoice';
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  currency: string;
  subtotal: number;
  total: number;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  next_payment_attempt: number | null;
  billing_reason: string;
  /** Legacy field many integrations still read; Stripe's current one is `parent.subscription_details`. */
  subscription: string | null;
  period_start: number;
  period_end: number;
}

export function lineOf(
  ctx: PaymentsContext,
  price: Price,
  quantity: number,
  period: { start: number; end: number },
  options: { amount?: number; description?: string; proration?: boolean; item?: string | null } = {},
): InvoiceLine {
  const product = ctx.store.find(price.product);
  return {
    id: ctx.store.newId('il'),
    object: 'line_item',
    amount: options.amount ?? price.unit_amount * quantity,
    currency: price.currency,
    description: options.description ?? `${quantity} × ${String(product?.name ?? price.product)}`,
    period,
    quantity,
    proration: options.proration ?? false,
    price: price.id,
    subscription_item: options.item ?? null,
  };
}

/** Stripe's shape of a line (what the API shows): the price and proration flag sit under `parent` and `pricing`. */
function renderLine(
  line: InvoiceLine,
  invoiceId: string | null,
  subscription: string | null,
  ctx: PaymentsContext,
) {
  const price = ctx.store.find(line.price) as Price | undefined;
  return {
    id: line.id,
    object: 'line_item',
    amount: line.amount,
    currency: line.currency,
    description: line.description,
    discountable: !line.proration,
    discount_amounts: [],
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    period: line.period,
    quantity: line.quantity,
    subtotal: line.amount,
    subscription,
    taxes: [],
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: line.price, product: price?.product ?? null },
      unit_amount_decimal: null,
    },
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription,
        subscription_item: line.subscription_item,
      },
    },
  };
}

/**
 * An invoice object (not stored): lines, discounts, and the customer's credit balance. A negative
 * total (a downgrade's credit) becomes credit on the customer's balance, which later invoices use.
 */
export function composeInvoice(
  ctx: PaymentsContext,
  input: {
    id: string;
    customer: Customer;
    subscription: string | null;
    lines: InvoiceLine[];
    currency: string;
    reason: string;
    period: { start: number; end: number };
    discount: number;
    discounts: string[];
  },
): Invoice {
  const subtotal = input.lines.reduce((sum, line) => sum + line.amount, 0);
  const total = subtotal - input.discount;
  const startingBalance = input.customer.balance;
  const applied = total > 0 ? Math.min(total, -Math.min(0, startingBalance)) : total;
  const amountDue = Math.max(0, total - applied);
  return {
    id: input.id,
    object: 'invoice',
    created: ctx.store.now(),
    customer: input.customer.id,
    customer_email: input.customer.email,
    customer_name: input.customer.name,
    subscription: input.subscription,
    parent: input.subscription
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: null, subscription: input.subscription },
        }
      : null,
    status: 'draft',
    billing_reason: input.reason,
    collection_method: 'charge_automatically',
    currency: input.currency,
    lines: {
      object: 'list',
      data: input.lines.map((line) => renderLine(line, input.id, input.subscription, ctx)),
      has_more: false,
      url: `/v1/invoices/${input.id}/lines`,
    },
    subtotal,
    subtotal_excluding_tax: subtotal,
    total_discount_amounts:
      input.discount > 0 ? input.discounts.map((discount) => ({ amount: input.discount, discount })) : [],
    discounts: input.discounts,
    total,
    total_excluding_tax: total,
    total_taxes: [],
    starting_balance: startingBalance,
    ending_balance: startingBalance + applied,
    amount_due: amountDue,
    amount_paid: 0,
    amount_remaining: amountDue,
    amount_overpaid: 0,
    amount_shipping: 0,
    attempt_count: 0,
    attempted: false,
    next_payment_attempt: null,
    number: null,
    period_start: input.period.start,
    period_end: input.period.end,
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    default_payment_method: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    livemode: false,
    metadata: {},
    account_country: 'CH',
    account_name: 'Signet payments sandbox (SIMULATED)',
    webhooks_delivered_at: null,
  };
}

/** Stores and finalizes an invoice: it gets its number and the links of its page and PDF. */
export function issueInvoice(ctx: PaymentsContext, invoice: Invoice): Invoice {
  const token = newPageToken();
  const customer = ctx.store.get<Customer>('customer', invoice.customer);
  customer.balance = invoice.ending_balance as number;
  invoice.status = 'open';
  invoice.number = ctx.store.nextInvoiceNumber();
  invoice.status_transitions = { ...(invoice.status_transitions as object), finalized_at: ctx.store.now() };
  invoice.hosted_invoice_url = `${ctx.publicBaseUrl}/pages/invoices/${invoice.id}/${token}`;
  invoice.invoice_pdf = `${ctx.publicBaseUrl}/pages/invoices/${invoice.id}/${token}/pdf`;
  ctx.store.insert(invoice, { pageToken: token });
  ctx.emit('invoice.created', invoice);
  ctx.emit('invoice.finalized', invoice);
  return invoice;
}

/** Whether a charge on this payment method goes through (3-D Secure cards do once set up: off-session). */
export function chargeSucceeds(ctx: PaymentsContext, methodId: string | null): boolean {
  if (!methodId) return false;
  const behaviour = instrumentOf(ctx, methodId).behaviour;
  return behaviour === 'succeed' || behaviour === 'authenticate';
}

/** Charges the invoice's amount to the payment method: paid, or a failed attempt (webhook either way). */
export function attemptPayment(ctx: PaymentsContext, invoice: Invoice, methodId: string | null): boolean {
  invoice.attempted = true;
  const zero = invoice.amount_due === 0;
  if (!zero) invoice.attempt_count += 1;
  if (zero || chargeSucceeds(ctx, methodId)) {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.default_payment_method = zero ? null : methodId;
    invoice.status_transitions = { ...(invoice.status_transitions as object), paid_at: ctx.store.now() };
    ctx.emit('invoice.paid', invoice);
    ctx.emit('invoice.payment_succeeded', invoice);
    return true;
  }
  ctx.emit('invoice.payment_failed', invoice);
  return false;
}

export function voidInvoice(ctx: PaymentsContext, invoice: Invoice): void {
  if (invoice.status !== 'open') return;
  invoice.status = 'void';
  invoice.amount_remaining = 0;
  invoice.next_payment_attempt = null;
  invoice.status_transitions = { ...(invoice.status_transitions as object), voided_at: ctx.store.now() };
  ctx.emit('invoice.voided', invoice);
}

/** The invoice behind a page or PDF link, if the link's token is its own. */
export function invoiceForPage(ctx: PaymentsContext, id: string, token: string): Invoice | undefined {
  const invoice = ctx.store.find(id);
  if (invoice?.object !== 'invoice' || !sameToken(ctx.store.internal(id).pageToken, token)) return undefined;
  return invoice as Invoice;
}

import { createHash } from 'node:crypto';
import type {
  BillingInformation,
  DirectPreviewBody as PlanChoice,
  PricePreview,
  PromoValidation,
  UpgradeBody,
  UpgradeResult,
} from '@signet/contracts/billing';
import { AppError } from '../../errors.ts';
import * as repo from './billing.repository.ts';
import { withPayments } from './payments-errors.ts';
import { applyAnsweredSubscription } from './payments-events.service.ts';
import type { PaymentsPort } from './payments-port.ts';
import { customerOf, setupIntentOf, type PaymentsDeps } from './payment-methods.service.ts';
import { providerPriceOf } from './provider-prices.ts';
import { recordDiscount, redeemablePromotion } from './promo-codes.service.ts';

// Subscribing a business to a plan (spec §7 Subscriptions: upgrade and its preview). Signet asks the
// provider and applies the subscription it answers through the code that applies its webhooks
// (payments-events.service.ts), so the answer shows the new state and the webhook that follows is a
// no-op; what the provider changes on its own (renewals, failed payments) arrives by webhook only.

type StripeSubscription = Awaited<ReturnType<PaymentsPort['retrieveSubscription']>>;
type StripeInvoicePreview = Awaited<ReturnType<PaymentsPort['previewInvoice']>>;

/** Subscription states after which a new subscription is made rather than the old one changed. */
export const ended = new Set(['canceled', 'incomplete_expired']);

/** A plan choice checked against the catalogue, with the provider's price and promotion code. */
interface Checked {
  row: repo.PricePlanRow;
  priceId: string;
  discounts: Array<{ promotion_code: string }> | undefined;
  /** The promo code's discount, to record on the business once redeemed. */
  promo: PromoValidation | null;
}

interface Chosen extends Checked {
  customer: string;
  /** The business's subscription that is changed, when it has a live one. */
  current: StripeSubscription | null;
  billing: repo.BillingRow | null;
}

/**
 * Checks a choice, for a business or for the one an individual is about to create: the catalogue
 * price, the seats (members and pending invitations each hold one; the plan has a maximum), the
 * promo code.
 */
async function checkChoice(deps: PaymentsDeps, body: PlanChoice, seatsUsed: number): Promise<Checked> {
  const row = await repo.priceOf(deps.db, body);
  if (!row)
    throw new AppError('VALIDATION_FAILED', 'This plan has no price in this cycle and currency.', {
      field: 'plan',
    });
  if (body.seats < seatsUsed)
    throw new AppError(
      'VALIDATION_FAILED',
      `The business has ${seatsUsed} members and pending invitations: it needs at least as many seats.`,
      { field: 'seats' },
    );
  if (body.seats > row.seatsMax)
    throw new AppError('VALIDATION_FAILED', `The ${row.plan} plan has at most ${row.seatsMax} seats.`, {
      field: 'seats',
    });
  const priceId = await providerPriceOf(deps.payments, row);
  if (!body.promoCode) return { row, priceId, discounts: undefined, promo: null };
  const { promotion, validation } = await redeemablePromotion(deps, body.promoCode, body.currency);
  return { row, priceId, discounts: [{ promotion_code: promotion.id }], promo: validation };
}

/** The checked choice, and what the business has at the provider (customer, live subscription). */
async function resolveChoice(
  deps: PaymentsDeps,
  businessId: string,
  body: PlanChoice,
  seatsUsed: number,
): Promise<Chosen> {
  const checked = await checkChoice(deps, body, seatsUsed);
  const customer = await customerOf(deps, businessId);
  const billing = await repo.billingOf(deps.db, businessId);
  const liveId =
    billing?.stripeSubscriptionId && !ended.has(billing.subscriptionStatus ?? '')
      ? billing.stripeSubscriptionId
      : null;
  const current = liveId ? await withPayments(() => deps.payments.retrieveSubscription(liveId)) : null;
  return {
    ...checked,
    customer,
    current: current && !ended.has(current.status) ? current : null,
    billing,
  };
}

/** The subscription's items as the change asks them: its one item, to the new price and seats. */
function changedItems(chosen: Chosen, seats: number) {
  const item = chosen.current?.items.data[0];
  return [{ ...(item ? { id: item.id } : {}), price: chosen.priceId, quantity: seats }];
}

function toPreview(invoice: StripeInvoicePreview): PricePreview {
  const discount = (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
  const excludingTax = invoice.total_excluding_tax ?? invoice.total;
  const lines = invoice.lines.data.map((line) => ({
    description: line.description ?? '',
    amount: line.amount,
    quantity: line.quantity ?? null,
    proration: line.parent?.subscription_item_details?.proration ?? false,
  }));
  return {
    currency: invoice.currency.toUpperCase() as PricePreview['currency'],
    subtotal: invoice.subtotal,
    discount,
    tax: invoice.total - excludingTax,
    total: invoice.total,
    amountDue: invoice.amount_due,
    proration: lines.filter((line) => line.proration).reduce((sum, line) => sum + line.amount, 0),
    lines,
  };
}

/** POST /v2/businesses/{id}/subscriptions/upgrade/preview: nothing is created or changed. */
export async function previewUpgrade(
  deps: PaymentsDeps,
  businessId: string,
  body: UpgradeBody,
  seatsUsed: number,
): Promise<PricePreview> {
  const chosen = await resolveChoice(deps, businessId, body, seatsUsed);
  const invoice = await withPayments(() =>
    deps.payments.previewInvoice({
      customer: chosen.customer,
      ...(chosen.current ? { subscription: chosen.current.id } : {}),
      ...(chosen.discounts ? { discounts: chosen.discounts } : {}),
      subscription_details: {
        items: changedItems(chosen, body.seats),
        ...(chosen.current ? { proration_behavior: 'create_prorations' as const } : {}),
      },
    }),
  );
  return toPreview(invoice);
}

/**
 * POST /v2/businesses/direct_upgrade/preview: the first invoice of a new subscription for someone
 * who is no customer yet (the provider previews it from `customer_details`); the business will have
 * its creator as its one member.
 */
export async function previewNewSubscription(deps: PaymentsDeps, body: PlanChoice): Promise<PricePreview> {
  const checked = await checkChoice(deps, body, 1);
  const invoice = await withPayments(() =>
    deps.payments.previewInvoice({
      customer_details: { tax_exempt: 'none' },
      ...(checked.discounts ? { discounts: checked.discounts } : {}),
      subscription_details: { items: [{ price: checked.priceId, quantity: body.seats }] },
    }),
  );
  return toPreview(invoice);
}

/**
 * The key of one upgrade request: the business, what it asks, and the subscription it starts from.
 * Two clicks at once send the same key, so the provider makes one subscription; a later upgrade
 * (another subscription state) gets a new key.
 */
function idempotencyKey(businessId: string, body: UpgradeBody, billing: repo.BillingRow | null): string {
  const basis = JSON.stringify([
    businessId,
    body.plan,
    body.cycle,
    body.currency,
    body.seats,
    body.promoCode ?? null,
    // The state the request starts from: a later request for the same change (2 → 3 → 2 → 3
    // seats) starts from another and is not mistaken for a repeat.
    billing?.stripeSubscriptionId ?? null,
    billing?.subscriptionStatus ?? null,
    billing?.seatsPurchased ?? null,
    billing?.stateCreatedAt?.toISOString() ?? null,
  ]);
  return `signet-upgrade-${createHash('sha256').update(basis).digest('hex').slice(0, 40)}`;
}

/**
 * PUT /v2/businesses/{id}/subscriptions/upgrade: a new subscription charged to the default payment
 * method, or the live one changed (prorated). A refused charge changes nothing (PAYMENT_DECLINED);
 * a payment method still waiting for its 3-D Secure step answers the page to open.
 */
export async function upgrade(
  deps: PaymentsDeps,
  businessId: string,
  body: UpgradeBody,
  seatsUsed: number,
  billingNow: () => Promise<BillingInformation>,
  /** The caller's own key for a new subscription (the direct upgrade's, of its setup intent). */
  createKey?: string,
): Promise<UpgradeResult> {
  if (body.setupIntentId) {
    const intent = await setupIntentOf(deps, businessId, body.setupIntentId);
    if (intent.status === 'requires_action')
      return {
        status: 'requires_action',
        subscriptionId: null,
        nextActionUrl: intent.nextActionUrl,
        billing: await billingNow(),
      };
    if (intent.status !== 'succeeded')
      throw new AppError('VALIDATION_FAILED', 'The payment method was not set up yet.', {
        field: 'setupIntentId',
      });
  }
  const chosen = await resolveChoice(deps, businessId, body, seatsUsed);
  const key = idempotencyKey(businessId, body, chosen.billing);
  const metadata = { signet_business_id: businessId };
  const subscription = await withPayments(() =>
    chosen.current
      ? deps.payments.updateSubscription(
          chosen.current.id,
          {
            items: changedItems(chosen, body.seats),
            proration_behavior: 'create_prorations',
            payment_behavior: 'error_if_incomplete',
            metadata,
            ...(chosen.discounts ? { discounts: chosen.discounts } : {}),
          },
          key,
        )
      : deps.payments.createSubscription(
          {
            customer: chosen.customer,
            items: changedItems(chosen, body.seats),
            payment_behavior: 'error_if_incomplete',
            metadata,
            ...(chosen.discounts ? { discounts: chosen.discounts } : {}),
          },
          createKey ?? key,
        ),
  );
  if (chosen.promo) {
    const item = subscription.items.data[0];
    const periodEnd = item?.current_period_end ? new Date(item.current_period_end * 1000) : null;
    await recordDiscount(deps, businessId, chosen.promo, periodEnd);
  }
  await applyAnsweredSubscription(deps, subscription);
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  return {
    status: subscription.status,
    subscriptionId: subscription.id,
    nextActionUrl: subscription.status === 'incomplete' ? (invoice?.hosted_invoice_url ?? null) : null,
    billing: await billingNow(),
  };
}

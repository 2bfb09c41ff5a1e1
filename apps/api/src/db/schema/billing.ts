import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, instant } from './columns.ts';
import { businesses } from './businesses.ts';

/**
 * The price catalogue (spec §1 plans, §9 currencies): one row per plan, cycle and currency, with
 * what the plan allows. Seeded at start when empty (modules/billing/plan-catalogue.ts); an operator
 * changes prices and provider price ids here, and Signet reads them on every call.
 */
export const pricePlans = pgTable(
  'price_plans',
  {
    id: text('id').primaryKey(),
    plan: text('plan').notNull(),
    cycle: text('cycle', { enum: ['monthly', 'yearly'] }).notNull(),
    currency: text('currency', { enum: ['CHF', 'EUR'] }).notNull(),
    /** Per seat and cycle, in minor units. */
    amount: integer('amount').notNull(),
    /** The payment provider's price id (Stripe `price_…`) subscriptions are made with. */
    providerPriceId: text('provider_price_id').notNull(),
    qualities: jsonb('qualities').$type<Array<'ses' | 'aes' | 'qes' | 'part11'>>().notNull(),
    seatsIncluded: integer('seats_included').notNull(),
    seatsMax: integer('seats_max').notNull(),
    /** Spec §3 pricePlan.licenses.idents: who the business pays identifications for. */
    idents: jsonb('idents').$type<StoredIdents>().notNull(),
    /** Null: no monthly allowance (the plan's qualities are unlimited). */
    freeSignaturesPerMonth: integer('free_signatures_per_month'),
    /** Order on the plan chooser. */
    rank: integer('rank').notNull(),
  },
  (t) => [
    uniqueIndex('price_plans_choice_key').on(t.plan, t.cycle, t.currency),
    uniqueIndex('price_plans_provider_price_key').on(t.providerPriceId),
  ],
);

export interface StoredIdents {
  eidas: { payForMembers: boolean; payForInvitations: boolean };
  zertes: { payForMembers: boolean; payForInvitations: boolean };
}

/** Spec §3 pricePlan.discounts. */
export interface StoredDiscount {
  promoCode: string;
  type: string;
  status: 'ACTIVE' | 'USED_UP';
  expiresAt: string | null;
}

/**
 * How a business pays (spec §3 billing, §4): its provider, the provider's customer and subscription
 * and the subscription state last applied from the provider's events. The payment marker and plan
 * the gates read stay on `businesses` (payment_method, billing_status, price_plan_name, plan_base);
 * the events and the billing job change both together.
 */
export const businessBilling = pgTable(
  'business_billing',
  {
    businessId: belongsTo('business_id', () => businesses.id).primaryKey(),
    provider: text('provider', { enum: ['STRIPE', 'CHARGEBEE', 'MANUAL'] }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    subscriptionStatus: text('subscription_status'),
    /**
     * `created` of the event whose subscription state is applied (or the provider's time of the answer
     * that carried it, at the end of its second): an older state is not applied over it.
     */
    stateCreatedAt: instant('state_created_at'),
    cycle: text('cycle', { enum: ['monthly', 'yearly'] }),
    currency: text('currency', { enum: ['CHF', 'EUR'] }),
    seatsPurchased: integer('seats_purchased'),
    trialStartAt: instant('trial_start_at'),
    trialEndAt: instant('trial_end_at'),
    periodEndAt: instant('period_end_at'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The first failed payment not paid since; past the grace period the business is BLOCKED. */
    paymentFailedAt: instant('payment_failed_at'),
    /** `created` of the latest paid invoice's event: an older failure is not applied over it. */
    paidAt: instant('paid_at'),
    errorCode: text('error_code'),
    discounts: jsonb('discounts').$type<StoredDiscount[]>().notNull().default([]),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('business_billing_customer_key').on(t.stripeCustomerId),
    uniqueIndex('business_billing_subscription_key').on(t.stripeSubscriptionId),
  ],
);

/**
 * Every payments event Signet received, by the provider's event id: an event is applied once
 * (its row is written in the same transaction that applies it), a replay finds its row.
 */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  businessId: text('business_id').references(() => businesses.id, { onDelete: 'set null' }),
  /** The event's own `created`. */
  createdAt: instant('created_at').notNull(),
  receivedAt: instant('received_at').notNull(),
  outcome: text('outcome', { enum: ['applied', 'stale', 'ignored'] }).notNull(),
});

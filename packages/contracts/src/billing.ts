import { z } from 'zod';
import { CountryCode, PlanBase } from './business-lifecycle.ts';
import { BusinessName, Language } from './common.ts';

// Plans, the price catalogue and a business's billing state (spec §1 plans, §3 pricePlan and
// billing, §4 billing rules, §7 Billing and Subscriptions, §9 currency and platform).

export const Currency = z.enum(['CHF', 'EUR']);
export type Currency = z.infer<typeof Currency>;
export const BillingCycle = z.enum(['monthly', 'yearly']);
export type BillingCycle = z.infer<typeof BillingCycle>;
/** The plans a person can choose on /upgrade (spec §1), cheapest first. */
export const chosenPlans = ['individual', 'team', 'pro', 'scale'] as const;
export type ChosenPlan = (typeof chosenPlans)[number];
export type Platform = 'EU' | 'CH';

/** Spec §9: the EU platform is the one reached at a domain ending in .de or .eu; every other is CH. */
export function platformOf(hostname: string): Platform {
  return /\.(de|eu)\.?$/i.test(hostname) ? 'EU' : 'CH';
}

/**
 * Spec §9: prices are in EUR on the EU platform; on CH, in EUR for en-gb and CHF for de-ch and
 * fr-ch. The spec gives Italian no currency: it gets its platform's (CHF on CH).
 */
export function currencyFor(language: Language, platform: Platform): Currency {
  if (platform === 'EU' || language === 'en-gb') return 'EUR';
  return 'CHF';
}

/**
 * What spec §4 says a plan name is: enterprise plans start with `ent`; `ent_v2` and `sme_v2` are
 * legacy; `free_v1` and `free_migrated` are the new free plans (`free` is Signet's own); a business
 * without a plan is from before the 2023 pricing.
 */
export function planTraits(name: string | null): {
  enterprise: boolean;
  legacy: boolean;
  free: boolean;
  prePricing2023: boolean;
} {
  return {
    enterprise: name?.startsWith('ent') ?? false,
    legacy: name === 'ent_v2' || name === 'sme_v2',
    free: name === 'free' || name === 'free_v1' || name === 'free_migrated',
    prePricing2023: name === null,
  };
}

const IdentLicence = z.object({ payForMembers: z.boolean(), payForInvitations: z.boolean() });
/** Spec §3 pricePlan.licenses: whether the business pays the identifications of its members and invitees. */
export const PlanLicences = z.object({ idents: z.object({ eidas: IdentLicence, zertes: IdentLicence }) });
export type PlanLicences = z.infer<typeof PlanLicences>;

export const SignatureQuality = z.enum(['ses', 'aes', 'qes', 'part11']);

/** One price of the catalogue: a plan in one cycle and currency, and what the plan allows. */
export const PricePlan = z.object({
  plan: z.string(),
  cycle: BillingCycle,
  currency: Currency,
  /** Per seat and cycle, in minor units (cents, Rappen). */
  amount: z.number().int(),
  /** The payment provider's price this one is billed with. */
  providerPriceId: z.string(),
  qualities: z.array(SignatureQuality),
  seats: z.object({ included: z.number().int(), max: z.number().int() }),
  licenses: PlanLicences,
  /** Signatures a month without charge; null: as many as the plan's qualities allow. */
  freeSignaturesPerMonth: z.number().int().nullable(),
});
export type PricePlan = z.infer<typeof PricePlan>;

/** GET /v2/businesses/price_plans: the currency defaults to the caller's language on this platform (§9). */
export const PricePlansQuery = z.strictObject({
  lang: Language.optional(),
  currency: Currency.optional(),
});

export const PricePlans = z.object({
  currency: Currency,
  platform: z.enum(['EU', 'CH']),
  plans: z.array(PricePlan),
});
export type PricePlans = z.infer<typeof PricePlans>;

/** Spec §3 pricePlan.discounts: `smg_` types are special discounts. */
export const Discount = z.object({
  promoCode: z.string(),
  type: z.string(),
  status: z.enum(['ACTIVE', 'USED_UP']),
  expiresAt: z.string().nullable(),
});
export type Discount = z.infer<typeof Discount>;

/** Spec §3 pricePlan as the business answers carry it. */
export const PricePlanState = z.object({
  name: z.string().nullable(),
  /** The plan the business moves to when the subscription ends (the free plan downgrade); null: none. */
  nextName: z.string().nullable(),
  current: PlanBase,
  next: PlanBase.nullable(),
  licenses: PlanLicences,
  discounts: z.array(Discount),
});
export type PricePlanState = z.infer<typeof PricePlanState>;

/**
 * PUT /v2/businesses/{id}/subscriptions/next_plan (Signet's shape: spec §7's PUT …/billing already
 * carries the billing address, and a plan is no part of it): the plan the business moves to at the
 * end of the paid period. Only the free plan: another paid plan is a change of plan (…/upgrade).
 */
export const NextPlanBody = z.strictObject({ plan: z.literal('free') });

/** A legacy plan's move to the current plan (spec §2 fair-flat and free migration dialogs). */
export const PlanMigrationNotice = z.object({
  notice: z
    .object({
      kind: z.enum(['fair_flat', 'free']),
      /** The legacy plan (ent_v2, sme_v2); null: before the 2023 pricing. */
      from: z.string().nullable(),
      to: z.string(),
      /**
       * When the move happens: the end of the paid period; null: with no period running, at once.
       * Once moved, when it happened.
       */
      effectiveAt: z.string().nullable(),
      /** Whether the plan has moved already (the notice stays until an admin acknowledges it). */
      moved: z.boolean(),
    })
    .nullable(),
});
export type PlanMigrationNotice = z.infer<typeof PlanMigrationNotice>;

/** GET /v1/businesses/{id}/billing/information: the admins' view of how the business pays. */
export const BillingInformation = z.object({
  /** Spec §4 payment marker: TRIALING, NEEDS_PAYMENT_METHOD, BLOCKED, MANUAL, STRIPE, CHARGEBEE. */
  paymentMethod: z.string().nullable(),
  billingStatus: z.string(),
  provider: z.enum(['STRIPE', 'CHARGEBEE', 'MANUAL']).nullable(),
  /** The provider's subscription status (trialing, active, past_due, canceled ...), null without one. */
  stripeSubscriptionStatus: z.string().nullable(),
  /** Spec §4: the subscription is neither active nor incomplete_expired (nor trialing), unless locked. */
  paymentIssues: z.boolean(),
  /** The latest payment failure's code, while it is not paid. */
  errorCode: z.string().nullable(),
  pricePlan: PricePlanState,
  cycle: BillingCycle.nullable(),
  currency: Currency.nullable(),
  trial: z.object({ startAt: z.string().nullable(), endAt: z.string() }).nullable(),
  seats: z.object({
    used: z.number().int(),
    limit: z.number().int(),
    purchased: z.number().int().nullable(),
  }),
  /** When the current paid period renews (or ends, when cancelling). */
  renewsAt: z.string().nullable(),
  /** When an unpaid invoice first failed; past BILLING_GRACE_DAYS the business is BLOCKED. */
  paymentFailedAt: z.string().nullable(),
});
export type BillingInformation = z.infer<typeof BillingInformation>;

/** POST /v1/billing/stripe/events: the parts of a Stripe event Signet reads (the rest is kept as sent). */
export const PaymentsEvent = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int(),
  data: z.looseObject({ object: z.looseObject({}) }),
});

export const PaymentsEventReceipt = z.object({
  received: z.literal(true),
  /** applied: the state changed; replayed: this event was applied before; stale: an older state than the one applied; ignored: nothing of Signet's. */
  outcome: z.enum(['applied', 'replayed', 'stale', 'ignored']),
});

/** The provider's id of a setup intent. */
const SetupIntentId = z.string().regex(/^seti_[A-Za-z0-9_]{1,200}$/, 'must be a setup intent id (seti_…)');
/** Seats bought: at least the members and pending invitations, within the plan's maximum. */
const SeatCount = z.number().int().min(1).max(10_000);

/** The countries of the SEPA area, where a SEPA debit can be offered (ISO 3166-1 alpha-2). */
export const sepaCountries = [
  'AD',
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GI',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'SM',
  'VA',
] as const;

/** The payer's country (ISO 3166-1 alpha-2): it decides whether a SEPA debit is offered. */
/**
 * POST /v1/businesses/{id}/billing/setup-intent (spec §7: body country) and the individual's
 * POST /v2/businesses/direct_upgrade/stripe_setup_intent: where the payer is billed.
 */
export const SetupIntentBody = z.strictObject({
  country: CountryCode,
  /** Which kinds of payment method the form offers (default: card, and SEPA debit in the SEPA area). */
  paymentMethodTypes: z
    .array(z.enum(['card', 'sepa_debit']))
    .min(1)
    .max(2)
    .optional(),
});

/** POST /v1/businesses/{id}/billing/setup-intent/{intentId}: finishing an added method (spec §7: body country). */
export const FinishSetupIntentBody = z.strictObject({ country: CountryCode });

export const SetupIntentParams = z.strictObject({
  businessId: z.uuid(),
  intentId: SetupIntentId,
});

/**
 * A setup intent of the business's customer. The browser sends the card or IBAN straight to the
 * provider (`apiUrl`, with `publishableKey` and `clientSecret`), never to Signet.
 */
export const SetupIntent = z.object({
  id: z.string(),
  /** requires_payment_method, requires_action, processing, succeeded, canceled. */
  status: z.string(),
  clientSecret: z.string().nullable(),
  publishableKey: z.string(),
  apiUrl: z.string(),
  paymentMethodTypes: z.array(z.string()),
  /** While `requires_action`: the provider's page the browser opens (3-D Secure). */
  nextActionUrl: z.string().nullable(),
  /** Once succeeded: the payment method it set up (then the business's default). */
  paymentMethodId: z.string().nullable(),
});
export type SetupIntent = z.infer<typeof SetupIntent>;

/** The answer of both setup-intent calls (spec §7: response setupIntent). */
export const SetupIntentResult = z.object({ setupIntent: SetupIntent });
export type SetupIntentResult = z.infer<typeof SetupIntentResult>;

/** A card of the business, as the provider keeps it (no full number ever reaches Signet). */
export const PaymentCard = z.object({
  id: z.string(),
  /** visa, mastercard … */
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  defaultPaymentMethod: z.boolean(),
});
export type PaymentCard = z.infer<typeof PaymentCard>;

/** A SEPA debit mandate of the business (the IBAN's country and last four digits only). */
export const SepaDebit = z.object({
  id: z.string(),
  bankCode: z.string().nullable(),
  country: z.string().nullable(),
  last4: z.string().nullable(),
  defaultPaymentMethod: z.boolean(),
});
export type SepaDebit = z.infer<typeof SepaDebit>;

/** GET /v1/businesses/{id}/billing/payment (spec §7: cards and sepaDebits, each with defaultPaymentMethod). */
export const PaymentMethods = z.object({ cards: z.array(PaymentCard), sepaDebits: z.array(SepaDebit) });
export type PaymentMethods = z.infer<typeof PaymentMethods>;

const qualityCounts = z.object({
  ses: z.number().int(),
  aes: z.number().int(),
  qes: z.number().int(),
  part11: z.number().int(),
});

/** GET /v2/businesses/{id}/subscriptions/usage: what the business used in its current period. */
export const SubscriptionUsage = z.object({
  /** The period counted: the subscription's, else the calendar month (UTC). */
  period: z.object({ startAt: z.string(), endAt: z.string() }),
  seats: z.object({
    /** Members and pending invitations. */
    used: z.number().int(),
    /** Seats bought (null without a subscription: then `limit` is the configured one). */
    paid: z.number().int().nullable(),
    limit: z.number().int(),
  }),
  /** Signatures the members made in the period, per quality. */
  signatures: qualityCounts,
  /** Identifications the members started in the period, per the quality they lead to. */
  identifications: z.object({ aes: z.number().int(), qes: z.number().int() }),
  /** Free plans only: the free signatures left this period (null on other plans). */
  freeCreditLeft: z.number().int().nullable(),
});
export type SubscriptionUsage = z.infer<typeof SubscriptionUsage>;

/** GET /v2/businesses/{id}/coupons/referral_code: the business's own promo code for others. */
export const ReferralCode = z.object({
  referralCode: z.string(),
  /** What the referred business gets off its first invoice, in percent. */
  percentOff: z.number(),
});
export type ReferralCode = z.infer<typeof ReferralCode>;

/** A promotion code as the customer types it (the provider's codes are letters and digits). */
const PromoCode = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use the letters and digits of the promo code');

/** The plan chosen on /upgrade (spec §3 Subscription: plan, cycle, amountSeats, currency, promoCode). */
const PlanChoice = z.strictObject({
  plan: z.enum(chosenPlans),
  cycle: BillingCycle,
  currency: Currency,
  seats: SeatCount,
  promoCode: PromoCode.optional(),
});

/** PUT …/subscriptions/upgrade and POST …/upgrade/preview: the plan chosen on /upgrade. */
export const UpgradeBody = PlanChoice.extend({
  /** The setup intent the payment method was just added with (its 3-D Secure step must be done). */
  setupIntentId: SetupIntentId.optional(),
});
export type UpgradeBody = z.infer<typeof UpgradeBody>;

/** What a subscription or a change would cost, as the provider would invoice it now (amounts in cents). */
export const PricePreview = z.object({
  currency: Currency,
  subtotal: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** The invoice's amount due: with a change of a subscription, its next invoice (the renewal and the prorations). */
  amountDue: z.number().int(),
  /** What the change itself costs, prorated to the rest of the period (0 for a new subscription). */
  proration: z.number().int(),
  lines: z.array(
    z.object({
      description: z.string(),
      amount: z.number().int(),
      quantity: z.number().int().nullable(),
      /** A credit or charge for the rest of the current period, caused by the change. */
      proration: z.boolean(),
    }),
  ),
});
export type PricePreview = z.infer<typeof PricePreview>;

/** The outcome of an upgrade: done (the provider's webhook applied), or a page the browser must open. */
export const UpgradeResult = z.object({
  /** The provider's subscription status: active, trialing, incomplete …; requires_action before any subscription. */
  status: z.string(),
  subscriptionId: z.string().nullable(),
  /** While `requires_action` (3-D Secure) or `incomplete`: the provider's page to open. */
  nextActionUrl: z.string().nullable(),
  billing: BillingInformation,
});
export type UpgradeResult = z.infer<typeof UpgradeResult>;

/** PUT /v2/businesses/{id}/subscriptions/seats and POST …/seats/preview. */
export const SeatsBody = z.strictObject({
  seats: SeatCount,
});

export const PortalQuery = z.strictObject({
  /** Where the provider's portal sends the admin back: a page of Signet (its own origin). */
  redirectUrl: z.url({ protocol: /^https?$/ }).max(2000),
});

export const PortalSession = z.object({ url: z.string() });

/** An invoice of the business at the provider; the PDF and page links are the provider's (signed links). */
export const Invoice = z.object({
  id: z.string(),
  number: z.string().nullable(),
  /** draft, open, paid, uncollectible, void. */
  status: z.string().nullable(),
  currency: z.string(),
  total: z.number().int(),
  amountPaid: z.number().int(),
  createdAt: z.string(),
  pdfUrl: z.string().nullable(),
  hostedUrl: z.string().nullable(),
});

export const Invoices = z.object({ invoices: z.array(Invoice) });
export type Invoices = z.infer<typeof Invoices>;

/** POST /v2/businesses/direct_upgrade/preview: the plan an individual chooses before any business exists. */
export const DirectPreviewBody = PlanChoice;
export type DirectPreviewBody = z.infer<typeof DirectPreviewBody>;

/**
 * POST /v2/businesses/direct_upgrade/confirm: the individual's new business, on the plan, paid with
 * the payment method the setup intent set up (its authentication done).
 */
export const DirectConfirmBody = PlanChoice.extend({
  setupIntentId: SetupIntentId,
  businessName: BusinessName,
  /** The business terms must be accepted, as on /business/register. */
  gtc: z.literal(true, 'Accept the terms to create a business'),
});
export type DirectConfirmBody = z.infer<typeof DirectConfirmBody>;

/** The individual's business, made admin of, and how it pays now. */
export const DirectUpgradeResult = z.object({
  businessId: z.string(),
  status: z.string(),
  subscriptionId: z.string().nullable(),
  billing: BillingInformation,
});
export type DirectUpgradeResult = z.infer<typeof DirectUpgradeResult>;

/** POST …/coupons/validate_promo: the code, and optionally the currency it must be usable in. */
export const PromoBody = z.strictObject({
  promoCode: PromoCode,
  currency: Currency.optional(),
});

/** A promotion code that can be redeemed now: what it takes off, and until when it can be redeemed. */
export const PromoValidation = z.object({
  promoCode: z.string(),
  /** Spec §3 discount type; one starting `smg_` is a special discount. */
  type: z.string(),
  special: z.boolean(),
  percentOff: z.number().nullable(),
  /** In minor units of `currency`. */
  amountOff: z.number().int().nullable(),
  currency: Currency.nullable(),
  duration: z.enum(['once', 'repeating', 'forever']),
  durationInMonths: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
});
export type PromoValidation = z.infer<typeof PromoValidation>;

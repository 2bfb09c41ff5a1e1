import { z } from 'zod';

// A business's life beyond its people: the plan it is on (trial, cancelled), its billing data, its
// seats and its deletion (spec §3 Business billing and pricePlan, §4 trial and deletion, §7).
// Payments proper come with the billing issue; these calls change what Signet stores.

const Line = z.string().trim().min(1).max(100);

/** ISO 3166-1 alpha-2, e.g. CH. */
export const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use the two-letter country code, e.g. CH');

/** PUT /v2/businesses/{id}/billing: the billing fields of spec §3 besides the payment method. */
export const UpdateBillingBody = z.strictObject({
  address1: Line,
  address2: Line.nullable().default(null),
  city: Line,
  country: CountryCode,
  postalCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,12}$/, 'Use 3 to 12 letters, digits, spaces or hyphens'),
  vat: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 .-]{4,20}$/, 'Use 4 to 20 letters, digits, spaces, dots or hyphens')
    .nullable()
    .default(null),
  currency: z.enum(['CHF', 'EUR']),
});
export type UpdateBillingBody = z.infer<typeof UpdateBillingBody>;

/**
 * What a plan's base fee is (spec §3 current.base / next.base). TRIAL: the free trial a business
 * starts in; CANCELED in current: cancelled, in next: cancelling at the end of the current one.
 */
export const PlanBaseType = z.enum(['TRIAL', 'MONTHLY', 'YEARLY', 'CANCELED']);
export type PlanBaseType = z.infer<typeof PlanBaseType>;

export const PlanBase = z.object({
  type: PlanBaseType,
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
});
export type PlanBase = z.infer<typeof PlanBase>;

/**
 * PUT /v2/businesses/{id}/base: the base the business moves to when the current one ends (a trial
 * or a billing period); null withdraws a pending change (spec §4: revoking a cancellation clears the
 * pending CANCELED next plan). TRIAL cannot be chosen: a business has one trial, at its start.
 */
export const UpdateBaseBody = z.strictObject({
  next: z.strictObject({ type: PlanBaseType.exclude(['TRIAL']) }).nullable(),
});

/** GET /v2/businesses/{id}/lifecycle (Signet addition) and the answer of every call here. */
export const BusinessLifecycle = z.object({
  /** Spec §4 payment marker (TRIALING, NEEDS_PAYMENT_METHOD, BLOCKED, MANUAL, STRIPE, CHARGEBEE). */
  paymentMethod: z.string().nullable(),
  billingStatus: z.string(),
  /** Null until an admin gives the billing address. */
  billing: UpdateBillingBody.nullable(),
  base: z.object({ current: PlanBase, next: PlanBase.nullable() }),
  /** Members and pending invitations take a seat each; `limit` comes from the plan (configured until billing). */
  seats: z.object({ used: z.number().int(), limit: z.number().int() }),
  /** A scheduled deletion: the job carries it out at `dueAt` unless an admin revokes it before. */
  deletion: z.object({ requestedAt: z.string(), dueAt: z.string() }).nullable(),
});
export type BusinessLifecycle = z.infer<typeof BusinessLifecycle>;

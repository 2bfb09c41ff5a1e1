/**
 * What the guards and gates need to know about the signed-in user's business (spec §3/§4).
 * The business pages (a later issue) will fill the rest of the entity.
 */
export interface BusinessMembership {
  id: string;
  name: string;
  role: 'admin' | 'member';
  /** Spec §4 markers: TRIALING, NEEDS_PAYMENT_METHOD (trial expired), BLOCKED (locked), MANUAL, STRIPE, CHARGEBEE. */
  paymentMethod: string | null;
  pricePlanName: string | null;
  userPilotEnabled: boolean;
  planStart: string | null;
  /** The company logo the header shows (settings.companyBranding.logo), or null. */
  logo: { url: string; width: number; height: number } | null;
}

/** Anything that carries spec §4's payment marker: the membership, the billing information. */
type WithPaymentMethod = Pick<BusinessMembership, 'paymentMethod'>;

export function isTrialExpired(business: WithPaymentMethod): boolean {
  return business.paymentMethod === 'NEEDS_PAYMENT_METHOD';
}

export function isLocked(business: WithPaymentMethod): boolean {
  return business.paymentMethod === 'BLOCKED';
}

/**
 * Spec §4's two locks, which keep an admin to the members and upgrade pages: BLOCKED (a failed
 * payment unpaid past the grace period) first, then the trial over; null when the business is open.
 */
export type BusinessLock = 'blocked' | 'trial_over';

export function lockOf(business: WithPaymentMethod): BusinessLock | null {
  if (isLocked(business)) return 'blocked';
  if (isTrialExpired(business)) return 'trial_over';
  return null;
}

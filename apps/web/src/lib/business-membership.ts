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

export function isTrialExpired(business: BusinessMembership): boolean {
  return business.paymentMethod === 'NEEDS_PAYMENT_METHOD';
}

export function isLocked(business: BusinessMembership): boolean {
  return business.paymentMethod === 'BLOCKED';
}

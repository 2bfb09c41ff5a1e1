import { createHash } from 'node:crypto';
import type { ReferralCode } from '@signet/contracts/billing';
import { withPayments } from './payments-errors.ts';
import type { PaymentsDeps } from './payment-methods.service.ts';

// GET /v2/businesses/{id}/coupons/referral_code (spec §7): each business's own promo code, kept at
// the payment provider as a promotion code of one shared referral coupon, so /upgrade's promo field
// (validate_promo, the upgrade's promoCode) accepts it like any other.

const referralCouponId = 'signet_referral';
/** What the referred business gets off its first invoice. */
const referralPercentOff = 10;

/**
 * The business's code: derived from its id, so asking again (or two asks at once) finds the same
 * one. A referral code is meant to be shared: it is no secret.
 */
const referralCodeOf = (businessId: string) =>
  `REF${createHash('sha256').update(`signet-referral:${businessId}`).digest('hex').slice(0, 10).toUpperCase()}`;

async function referralCoupon(deps: PaymentsDeps): Promise<string> {
  try {
    return (await deps.payments.retrieveCoupon(referralCouponId)).id;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
  }
  const coupon = await deps.payments.createCoupon(
    { id: referralCouponId, name: 'Referral', percent_off: referralPercentOff, duration: 'once' },
    'signet-referral-coupon',
  );
  return coupon.id;
}

export async function referralCode(deps: PaymentsDeps, businessId: string): Promise<ReferralCode> {
  const code = referralCodeOf(businessId);
  return withPayments(async () => {
    const found = await deps.payments.findPromotionCode(code);
    const couponOf = (promotion: NonNullable<typeof found>) => {
      const coupon = promotion.promotion.coupon;
      return typeof coupon === 'object' && coupon ? coupon.percent_off : null;
    };
    if (found) return { referralCode: code, percentOff: couponOf(found) ?? referralPercentOff };
    const coupon = await referralCoupon(deps);
    await deps.payments.createPromotionCode(
      {
        promotion: { type: 'coupon', coupon },
        code,
        metadata: { signet_business_id: businessId, signet_referral: 'true' },
      },
      `signet-referral-${businessId}`,
    );
    return { referralCode: code, percentOff: referralPercentOff };
  });
}

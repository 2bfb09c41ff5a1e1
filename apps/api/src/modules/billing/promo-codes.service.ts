import type { Currency, PromoValidation } from '@signet/contracts/billing';
import type { StoredDiscount } from '../../db/schema/billing.ts';
import { AppError } from '../../errors.ts';
import * as repo from './billing.repository.ts';
import type { PaymentsDeps } from './payment-methods.service.ts';
import { withPayments } from './payments-errors.ts';

// Promotion codes (spec §7 coupons/validate_promo) through the provider's coupons and promotion
// codes, and the discounts a business redeemed (spec §3 pricePlan.discounts, §4 ACTIVE/USED_UP,
// `smg_` types are special discounts).

type Promotion = NonNullable<Awaited<ReturnType<PaymentsDeps['payments']['findPromotionCode']>>>;
type Coupon = Exclude<Promotion['promotion']['coupon'], string | null>;

const durations = ['once', 'repeating', 'forever'] as const;
const refused = (message: string) => new AppError('VALIDATION_FAILED', message, { field: 'promoCode' });
const isoOf = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000).toISOString() : null;

/** Spec §3 discount type: the coupon's `discount_type` metadata, else the coupon's id (e.g. `smg_partner`). */
const typeOf = (coupon: Coupon) => coupon.metadata?.discount_type || coupon.id;

/**
 * The provider's promotion code for what the customer typed, if it can be redeemed now (in
 * `currency`, when given); otherwise a 400 naming `promoCode` that says why.
 */
export async function redeemablePromotion(
  deps: Pick<PaymentsDeps, 'payments'>,
  code: string,
  currency?: Currency,
): Promise<{ promotion: Promotion; validation: PromoValidation }> {
  const promotion = await withPayments(() => deps.payments.findPromotionCode(code));
  const coupon = promotion?.promotion.coupon;
  if (!promotion || !coupon || typeof coupon === 'string')
    throw refused('This promo code is unknown. Check how it is written.');
  if (!promotion.active || !coupon.valid)
    throw refused('This promo code has expired or has been used as often as it may be.');
  const couponCurrency = coupon.currency ? (coupon.currency.toUpperCase() as Currency) : null;
  if (currency && couponCurrency && couponCurrency !== currency)
    throw refused(`This promo code is for prices in ${couponCurrency}.`);
  const type = typeOf(coupon);
  return {
    promotion,
    validation: {
      promoCode: promotion.code,
      type,
      special: type.startsWith('smg_'),
      percentOff: coupon.percent_off ?? null,
      amountOff: coupon.amount_off ?? null,
      currency: couponCurrency,
      duration: durations.find((d) => d === coupon.duration) ?? 'once',
      durationInMonths: coupon.duration_in_months ?? null,
      expiresAt: isoOf(promotion.expires_at),
    },
  };
}

/** POST …/coupons/validate_promo (and its variant for individuals on /upgrade). */
export async function validatePromo(
  deps: Pick<PaymentsDeps, 'payments'>,
  body: { promoCode: string; currency?: Currency | undefined },
): Promise<PromoValidation> {
  return (await redeemablePromotion(deps, body.promoCode, body.currency)).validation;
}

/**
 * Records a promotion code the business's subscription redeemed (once per code). It discounts until
 * `until`: the end of its months for a repeating coupon, of the first period for a `once` coupon, never
 * for a `forever` one; after that it is USED_UP (see `discountsAsOf`).
 */
export async function recordDiscount(
  deps: PaymentsDeps,
  businessId: string,
  validation: PromoValidation,
  firstPeriodEnd: Date | null,
): Promise<void> {
  const now = deps.clock.now();
  const billing = await repo.billingOf(deps.db, businessId);
  const discounts = billing?.discounts ?? [];
  if (discounts.some((d) => d.promoCode.toLowerCase() === validation.promoCode.toLowerCase())) return;
  let until: Date | null = null;
  if (validation.duration === 'once') until = firstPeriodEnd;
  if (validation.duration === 'repeating' && validation.durationInMonths) {
    until = new Date(now);
    until.setUTCMonth(until.getUTCMonth() + validation.durationInMonths);
  }
  const discount: StoredDiscount = {
    promoCode: validation.promoCode,
    type: validation.type,
    status: 'ACTIVE',
    expiresAt: until?.toISOString() ?? null,
  };
  await repo.saveBilling(deps.db, businessId, { discounts: [...discounts, discount], updatedAt: now });
}

/** The discounts as of `now`: one whose time ran out is USED_UP. */
export function discountsAsOf(discounts: StoredDiscount[], now: Date): StoredDiscount[] {
  return discounts.map((discount) =>
    discount.expiresAt && new Date(discount.expiresAt) <= now ? { ...discount, status: 'USED_UP' } : discount,
  );
}

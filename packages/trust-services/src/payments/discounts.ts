import {
  allowOnly,
  bool,
  int,
  list,
  mergeMetadata,
  obj,
  oneOf,
  requiredStr,
  str,
  type Params,
} from './form-params.js';
import type { PaymentsContext } from './payments-context.js';
import type { StripeObject } from './payments-store.js';
import { invalidRequest, missingParam } from './stripe-error.js';

export interface Coupon extends StripeObject {
  object: 'coupon';
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  max_redemptions: number | null;
  redeem_by: number | null;
  times_redeemed: number;
  valid: boolean;
}

export interface PromotionCode extends StripeObject {
  object: 'promotion_code';
  code: string;
  active: boolean;
  promotion: { type: 'coupon'; coupon: string };
  expires_at: number | null;
  max_redemptions: number | null;
  times_redeemed: number;
}

/** A coupon applied to a subscription (Stripe's Discount object). */
interface Discount extends StripeObject {
  object: 'discount';
  source: { type: 'coupon'; coupon: string };
  promotion_code: string | null;
  subscription: string | null;
  customer: string;
  start: number;
  end: number | null;
}

/** Whether a coupon can still be redeemed (its date and count), at the sandbox clock's now. */
function refreshValidity(coupon: Coupon, now: number): Coupon {
  coupon.valid =
    (coupon.redeem_by === null || coupon.redeem_by > now) &&
    (coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions);
  return coupon;
}

export function getCoupon(ctx: PaymentsContext, id: string, param = 'id'): Coupon {
  return refreshValidity(ctx.store.get<Coupon>('coupon', id, param), ctx.store.now());
}

export function createCoupon(ctx: PaymentsContext, params: Params): Coupon {
  allowOnly(params, [
    'id',
    'name',
    'percent_off',
    'amount_off',
    'currency',
    'duration',
    'duration_in_months',
    'max_redemptions',
    'redeem_by',
    'metadata',
  ]);
  const id = str(params, 'id') ?? ctx.store.newId('co').slice(3);
  if (ctx.store.find(id)) throw invalidRequest('Coupon already exists.', 'id', 'resource_already_exists');
  const percentText = str(params, 'percent_off');
  const percentOff = percentText === undefined ? null : Number(percentText);
  const amountOff = int(params, 'amount_off', { min: 1 }) ?? null;
  if ((percentOff === null) === (amountOff === null))
    throw invalidRequest('Coupons need exactly one of percent_off and amount_off.', 'percent_off');
  if (percentOff !== null && !(percentOff > 0 && percentOff <= 100))
    throw invalidRequest('percent_off must be greater than 0 and at most 100.', 'percent_off');
  const currency = str(params, 'currency')?.toLowerCase() ?? null;
  if (amountOff !== null && !currency) throw missingParam('currency');
  const duration = oneOf(params, 'duration', ['once', 'repeating', 'forever'] as const) ?? 'once';
  const months = int(params, 'duration_in_months', { min: 1, max: 120 }) ?? null;
  if (duration === 'repeating' && months === null) throw missingParam('duration_in_months');
  const coupon = ctx.store.insert<Coupon>({
    id,
    object: 'coupon',
    created: ctx.store.now(),
    name: str(params, 'name') ?? null,
    percent_off: percentOff,
    amount_off: amountOff,
    currency,
    duration,
    duration_in_months: duration === 'repeating' ? months : null,
    max_redemptions: int(params, 'max_redemptions', { min: 1 }) ?? null,
    redeem_by: int(params, 'redeem_by') ?? null,
    times_redeemed: 0,
    valid: true,
    metadata: mergeMetadata({}, params),
    livemode: false,
  });
  ctx.emit('coupon.created', coupon);
  return refreshValidity(coupon, ctx.store.now());
}

export function deleteCoupon(ctx: PaymentsContext, id: string): StripeObject {
  const coupon = getCoupon(ctx, id);
  ctx.emit('coupon.deleted', coupon);
  coupon.deleted = true;
  return { id, object: 'coupon', deleted: true } as unknown as StripeObject;
}

function refreshPromotionCode(code: PromotionCode, now: number): PromotionCode {
  if (code.expires_at !== null && code.expires_at <= now) code.active = false;
  if (code.max_redemptions !== null && code.times_redeemed >= code.max_redemptions) code.active = false;
  return code;
}

export function getPromotionCode(ctx: PaymentsContext, id: string, param = 'id'): PromotionCode {
  return refreshPromotionCode(ctx.store.get<PromotionCode>('promotion_code', id, param), ctx.store.now());
}

export function createPromotionCode(ctx: PaymentsContext, params: Params): PromotionCode {
  allowOnly(params, [
    'promotion',
    'code',
    'active',
    'expires_at',
    'max_redemptions',
    'customer',
    'metadata',
    'restrictions',
  ]);
  const promotion = obj(params, 'promotion');
  if (!promotion) throw missingParam('promotion');
  if (str(promotion, 'type') !== 'coupon')
    throw invalidRequest('promotion[type] must be coupon.', 'promotion[type]');
  const coupon = getCoupon(ctx, requiredStr(promotion, 'coupon'), 'promotion[coupon]');
  const code = str(params, 'code') ?? ctx.store.newId('x').slice(2, 10).toUpperCase();
  if (!/^[a-zA-Z0-9]{3,200}$/.test(code))
    throw invalidRequest('A code has 3 to 200 letters and digits.', 'code');
  if (
    ctx.store
      .all<PromotionCode>('promotion_code')
      .some((other) => other.active && other.code.toLowerCase() === code.toLowerCase())
  )
    throw invalidRequest('An active promotion code with this code already exists.', 'code');
  const created = ctx.store.insert<PromotionCode>({
    id: ctx.store.newId('promo'),
    object: 'promotion_code',
    created: ctx.store.now(),
    code,
    active: bool(params, 'active') ?? true,
    promotion: { type: 'coupon', coupon: coupon.id },
    customer: str(params, 'customer') ?? null,
    expires_at: int(params, 'expires_at') ?? null,
    max_redemptions: int(params, 'max_redemptions', { min: 1 }) ?? null,
    times_redeemed: 0,
    restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
    metadata: mergeMetadata({}, params),
    livemode: false,
  });
  ctx.emit('promotion_code.created', created);
  return refreshPromotionCode(created, ctx.store.now());
}

export function listPromotionCodes(ctx: PaymentsContext, params: Params): PromotionCode[] {
  const code = str(params, 'code');
  const active = bool(params, 'active');
  const coupon = str(params, 'coupon');
  return ctx.store
    .all<PromotionCode>('promotion_code')
    .map((item) => refreshPromotionCode(item, ctx.store.now()))
    .filter(
      (item) =>
        (!code || item.code.toLowerCase() === code.toLowerCase()) &&
        (active === undefined || item.active === active) &&
        (!coupon || item.promotion.coupon === coupon),
    );
}

/**
 * Reads `discounts[n][coupon|promotion_code]` and checks each can be redeemed now; answers what to
 * redeem. Nothing is counted until `redeem`, so a refused request leaves every count as it was.
 */
export function discountsToApply(
  ctx: PaymentsContext,
  params: Params,
  currency: string,
): { coupon: Coupon; promotionCode: PromotionCode | null }[] {
  return (list(params, 'discounts') ?? []).map((entry, index) => {
    const param = `discounts[${index}]`;
    const promotionId = str(entry, 'promotion_code');
    const promotionCode = promotionId ? getPromotionCode(ctx, promotionId, `${param}[promotion_code]`) : null;
    if (promotionCode && !promotionCode.active)
      throw invalidRequest(
        `This promotion code cannot be redeemed: it has expired or reached its redemption limit.`,
        `${param}[promotion_code]`,
        'coupon_expired',
      );
    const couponId = promotionCode?.promotion.coupon ?? str(entry, 'coupon');
    if (!couponId) throw missingParam(`${param}[coupon]`);
    const coupon = getCoupon(ctx, couponId, `${param}[coupon]`);
    if (!coupon.valid)
      throw invalidRequest(
        `Coupon ${coupon.id} cannot be redeemed: it has expired or reached its redemption limit.`,
        `${param}[coupon]`,
        'coupon_expired',
      );
    if (coupon.currency && coupon.currency !== currency)
      throw invalidRequest(
        `Coupon ${coupon.id} is in ${coupon.currency.toUpperCase()}, the subscription in ${currency.toUpperCase()}.`,
        `${param}[coupon]`,
      );
    return { coupon, promotionCode };
  });
}

/** Counts the redemptions and makes the Discount objects of a subscription. */
export function redeem(
  ctx: PaymentsContext,
  picked: { coupon: Coupon; promotionCode: PromotionCode | null }[],
  owner: { customer: string; subscription: string },
): string[] {
  const now = ctx.store.now();
  return picked.map(({ coupon, promotionCode }) => {
    coupon.times_redeemed += 1;
    refreshValidity(coupon, now);
    if (promotionCode) {
      promotionCode.times_redeemed += 1;
      refreshPromotionCode(promotionCode, now);
    }
    const end =
      coupon.duration === 'repeating'
        ? Math.floor(
            new Date(now * 1000).setUTCMonth(
              new Date(now * 1000).getUTCMonth() + coupon.duration_in_months!,
            ) / 1000,
          )
        : null;
    const discount = ctx.store.insert<Discount>({
      id: ctx.store.newId('di'),
      object: 'discount',
      created: now,
      source: { type: 'coupon', coupon: coupon.id },
      promotion_code: promotionCode?.id ?? null,
      customer: owner.customer,
      subscription: owner.subscription,
      invoice: null,
      invoice_item: null,
      start: now,
      end,
    });
    return discount.id;
  });
}

/** The amount a subscription's discounts take off an invoice's subtotal (`once` coupons: the first only). */
export function discountAmount(
  ctx: PaymentsContext,
  discountIds: string[],
  subtotal: number,
  firstInvoice: boolean,
  at: number,
): number {
  const coupons: Coupon[] = [];
  for (const id of discountIds) {
    const discount = ctx.store.find(id) as Discount | undefined;
    const coupon = discount && (ctx.store.find(discount.source.coupon) as Coupon | undefined);
    if (!discount || !coupon) continue;
    if (coupon.duration === 'once' && !firstInvoice) continue;
    if (discount.end !== null && discount.end <= at) continue;
    coupons.push(coupon);
  }
  return couponsOff(coupons, subtotal);
}

/** What the coupons take off a subtotal, one after the other (percentages of what is left), at most all of it. */
export function couponsOff(coupons: Pick<Coupon, 'percent_off' | 'amount_off'>[], subtotal: number): number {
  let off = 0;
  for (const coupon of coupons) {
    const base = subtotal - off;
    off +=
      coupon.percent_off !== null
        ? Math.round((base * coupon.percent_off) / 100)
        : Math.min(base, coupon.amount_off ?? 0);
  }
  return Math.max(0, Math.min(off, subtotal));
}

import {
  allowOnly,
  bool,
  int,
  mergeMetadata,
  obj,
  oneOf,
  requiredStr,
  str,
  strings,
  type Params,
} from './form-params.js';
import type { PaymentsContext } from './payments-context.js';
import type { StripeObject } from './payments-store.js';
import { invalidRequest, missingParam } from './stripe-error.js';

export interface Product extends StripeObject {
  object: 'product';
  name: string;
  active: boolean;
}

export interface Price extends StripeObject {
  object: 'price';
  product: string;
  currency: string;
  unit_amount: number;
  active: boolean;
  lookup_key: string | null;
  recurring: { interval: 'month' | 'year'; interval_count: 1; usage_type: 'licensed' } | null;
}

export function createProduct(ctx: PaymentsContext, params: Params): Product {
  allowOnly(params, ['id', 'name', 'description', 'active', 'metadata']);
  const id = str(params, 'id') ?? ctx.store.newId('prod');
  if (ctx.store.find(id)) throw invalidRequest(`Product already exists.`, 'id', 'resource_already_exists');
  const product = ctx.store.insert<Product>({
    id,
    object: 'product',
    created: ctx.store.now(),
    name: requiredStr(params, 'name'),
    description: str(params, 'description') ?? null,
    active: bool(params, 'active') ?? true,
    metadata: mergeMetadata({}, params),
    default_price: null,
    livemode: false,
    updated: ctx.store.now(),
  });
  ctx.emit('product.created', product);
  return product;
}

export function createPrice(ctx: PaymentsContext, params: Params): Price {
  allowOnly(params, [
    'product',
    'currency',
    'unit_amount',
    'recurring',
    'lookup_key',
    'nickname',
    'active',
    'metadata',
    'transfer_lookup_key',
  ]);
  const product = ctx.store.get<Product>('product', requiredStr(params, 'product'), 'product');
  const currency = requiredStr(params, 'currency').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}`, 'currency');
  const unitAmount = int(params, 'unit_amount', { min: 0, max: 99_999_999 });
  if (unitAmount === undefined) throw missingParam('unit_amount');
  const recurring = obj(params, 'recurring');
  const interval = recurring ? oneOf(recurring, 'interval', ['month', 'year'] as const) : undefined;
  if (recurring && !interval) throw missingParam('recurring[interval]');
  const lookupKey = str(params, 'lookup_key') ?? null;
  if (lookupKey) {
    const holder = ctx.store.all<Price>('price').find((price) => price.lookup_key === lookupKey);
    if (holder) {
      if (str(params, 'transfer_lookup_key') !== 'true')
        throw invalidRequest(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
      holder.lookup_key = null;
    }
  }
  const price = ctx.store.insert<Price>({
    id: ctx.store.newId('price'),
    object: 'price',
    created: ctx.store.now(),
    product: product.id,
    currency,
    unit_amount: unitAmount,
    unit_amount_decimal: null,
    billing_scheme: 'per_unit',
    type: interval ? 'recurring' : 'one_time',
    recurring: interval
      ? { interval, interval_count: 1, usage_type: 'licensed', meter: null, trial_period_days: null }
      : null,
    lookup_key: lookupKey,
    nickname: str(params, 'nickname') ?? null,
    active: bool(params, 'active') ?? true,
    metadata: mergeMetadata({}, params),
    tax_behavior: 'unspecified',
    livemode: false,
  } as Price);
  ctx.emit('price.created', price);
  return price;
}

export function updatePrice(ctx: PaymentsContext, id: string, params: Params): Price {
  allowOnly(params, ['active', 'nickname', 'metadata', 'lookup_key']);
  const price = ctx.store.get<Price>('price', id);
  price.active = bool(params, 'active') ?? price.active;
  price.nickname = str(params, 'nickname') ?? price.nickname;
  if (params.lookup_key !== undefined) price.lookup_key = str(params, 'lookup_key') || null;
  price.metadata = mergeMetadata(price.metadata as Record<string, string>, params);
  ctx.emit('price.updated', price);
  return price;
}

/** `prices.list`: by product, active, currency, type, or `lookup_keys[]`. */
export function listPrices(ctx: PaymentsContext, params: Params): Price[] {
  const product = str(params, 'product');
  const active = bool(params, 'active');
  const currency = str(params, 'currency')?.toLowerCase();
  const lookupKeys = strings(params, 'lookup_keys');
  return ctx.store
    .all<Price>('price')
    .filter(
      (price) =>
        (!product || price.product === product) &&
        (active === undefined || price.active === active) &&
        (!currency || price.currency === currency) &&
        (!lookupKeys || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))),
    );
}

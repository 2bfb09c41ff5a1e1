import type { PricePlanRow } from './billing.repository.ts';
import { withPayments } from './payments-errors.ts';
import type { PaymentsPort } from './payments-port.ts';

// The catalogue's prices at the payments provider. Stripe chooses its own price ids, so a price is
// found by its lookup key, which is the catalogue's `providerPriceId` (price_signet_<plan>_<cycle>_<currency>).
// A price the provider does not have yet is created on first use, with its product, under
// idempotency keys: the same works against real Stripe, where an operator may also create them by hand.

const intervals = { monthly: 'month', yearly: 'year' } as const;

async function ensureProduct(payments: PaymentsPort, plan: string): Promise<string> {
  const id = `prod_signet_${plan}`;
  try {
    return (await payments.retrieveProduct(id)).id;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
  }
  const name = `Signet ${plan.charAt(0).toUpperCase()}${plan.slice(1)}`;
  return (await payments.createProduct({ id, name }, `signet-product-${id}`)).id;
}

/** The provider's id of the catalogue row's price (created there when missing). */
export function providerPriceOf(payments: PaymentsPort, row: PricePlanRow): Promise<string> {
  return withPayments(async () => {
    const found = await payments.listPrices({ lookup_keys: [row.providerPriceId], active: true });
    const existing = found.data.find((price) => price.lookup_key === row.providerPriceId);
    if (existing) return existing.id;
    const product = await ensureProduct(payments, row.plan);
    const created = await payments.createPrice(
      {
        product,
        currency: row.currency.toLowerCase(),
        unit_amount: row.amount,
        recurring: { interval: intervals[row.cycle] },
        lookup_key: row.providerPriceId,
        metadata: { signet_price_plan: row.id },
      },
      `signet-price-${row.providerPriceId}-${row.amount}`,
    );
    return created.id;
  });
}

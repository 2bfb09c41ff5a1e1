import type { Price } from './catalog.js';
import { bool, int, list, oneOf, str, type Params } from './form-params.js';
import { lineOf, type InvoiceLine } from './invoices.js';
import type { PaymentsContext } from './payments-context.js';
import { periodOf, type Subscription, type SubscriptionItem } from './subscription-model.js';
import { invalidRequest, missingParam } from './stripe-error.js';

/** One item as it will be after a change: an existing item (`id`) or a new one. */
export interface PlannedItem {
  id: string | null;
  price: Price;
  quantity: number;
}

export type ProrationBehavior = 'create_prorations' | 'always_invoice' | 'none';

export const prorationBehaviorOf = (params: Params): ProrationBehavior =>
  oneOf(params, 'proration_behavior', ['create_prorations', 'always_invoice', 'none'] as const) ??
  'create_prorations';

/** A recurring, active price (subscriptions take no other). */
function recurringPrice(ctx: PaymentsContext, id: string, param: string): Price {
  const price = ctx.store.get<Price>('price', id, param);
  if (!price.recurring)
    throw invalidRequest(`The price ${id} is not recurring; subscriptions need recurring prices.`, param);
  if (!price.active)
    throw invalidRequest(`The price ${id} is not active and cannot be subscribed to.`, param);
  return price;
}

/**
 * Reads `items[n]` against the subscription's current items: `{id, quantity}` changes a quantity,
 * `{id, price}` the price, `{id, deleted: true}` removes an item, `{price, quantity}` adds one.
 * Items not named stay as they are.
 */
export function planItems(ctx: PaymentsContext, current: SubscriptionItem[], given: Params[]): PlannedItem[] {
  const planned: PlannedItem[] = current.map((item) => ({
    id: item.id,
    price: item.price,
    quantity: item.quantity,
  }));
  for (const [index, entry] of given.entries()) {
    const param = `items[${index}]`;
    const id = str(entry, 'id');
    const priceId = str(entry, 'price');
    const quantity = int(entry, 'quantity', { min: 1, max: 100_000 });
    if (id) {
      const at = planned.findIndex((item) => item.id === id);
      if (at < 0)
        throw invalidRequest(
          `No such subscription item in this subscription: '${id}'`,
          `${param}[id]`,
          'resource_missing',
        );
      if (bool(entry, 'deleted')) {
        planned.splice(at, 1);
        continue;
      }
      const item = planned[at]!;
      if (priceId) item.price = recurringPrice(ctx, priceId, `${param}[price]`);
      if (quantity !== undefined) item.quantity = quantity;
    } else {
      if (!priceId) throw missingParam(`${param}[price]`);
      planned.push({
        id: null,
        price: recurringPrice(ctx, priceId, `${param}[price]`),
        quantity: quantity ?? 1,
      });
    }
  }
  if (planned.length === 0) throw invalidRequest('A subscription needs at least one item.', 'items');
  const [first] = planned;
  for (const item of planned) {
    if (item.price.currency !== first!.price.currency)
      throw invalidRequest('All prices of a subscription must be in the same currency.', 'items');
    if (item.price.recurring!.interval !== first!.price.recurring!.interval)
      throw invalidRequest('All prices of a subscription must have the same billing interval.', 'items');
  }
  return planned;
}

export const readItems = (params: Params, key = 'items') => list(params, key) ?? [];

/** Whether the change moves to another billing interval (monthly → yearly), which restarts the period now. */
export const changesInterval = (subscription: Subscription, planned: PlannedItem[]) =>
  planned[0]!.price.recurring!.interval !== subscription.items.data[0]!.price.recurring!.interval;

/**
 * The prorations of a change at `at`: credit for the unused time of each item as it was, a charge for
 * the remaining time of each item as it will be (changed items only). With a new interval the
 * period restarts, so the credit covers the old period's rest and no charge is prorated.
 */
export function prorationLines(
  ctx: PaymentsContext,
  subscription: Subscription,
  planned: PlannedItem[],
  at: number,
): InvoiceLine[] {
  const { start, end } = periodOf(subscription);
  const fraction = end > start ? Math.min(1, Math.max(0, (end - at) / (end - start))) : 0;
  if (fraction === 0) return [];
  const restarts = changesInterval(subscription, planned);
  const period = { start: at, end };
  const date = new Date(at * 1000).toISOString().slice(0, 10);
  const same = (a: { price: Price; quantity: number }, b: { price: Price; quantity: number }) =>
    a.price.id === b.price.id && a.quantity === b.quantity;
  const lines: InvoiceLine[] = [];
  for (const item of subscription.items.data) {
    const after = planned.find((entry) => entry.id === item.id);
    if (after && same(after, item) && !restarts) continue;
    lines.push(
      lineOf(ctx, item.price, item.quantity, period, {
        amount: -Math.round(item.price.unit_amount * item.quantity * fraction),
        description: `Unused time on ${item.quantity} × ${productName(ctx, item.price)} after ${date}`,
        proration: true,
        item: item.id,
      }),
    );
  }
  if (!restarts)
    for (const entry of planned) {
      const before = subscription.items.data.find((item) => item.id === entry.id);
      if (before && same(before, entry)) continue;
      lines.push(
        lineOf(ctx, entry.price, entry.quantity, period, {
          amount: Math.round(entry.price.unit_amount * entry.quantity * fraction),
          description: `Remaining time on ${entry.quantity} × ${productName(ctx, entry.price)} after ${date}`,
          proration: true,
          item: entry.id,
        }),
      );
    }
  return lines;
}

const productName = (ctx: PaymentsContext, price: Price) =>
  String(ctx.store.find(price.product)?.name ?? price.product);

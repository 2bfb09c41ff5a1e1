import type { PaymentsStore, StripeObject } from './payments-store.js';

/** The API version the sandbox answers and writes into events: the one the `stripe` SDK pins. */
export const sandboxApiVersion = '2026-10-28.endive';

export interface StripeEvent extends StripeObject {
  object: 'event';
  type: string;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
}

/** Stripe keeps events 30 days (`events.list` shows no older ones). */
const eventLifetime = 30 * 24 * 60 * 60;

/** A listener told of every event (the webhook sender queues a delivery for it). */
export type EventListener = (event: StripeEvent) => void;

/**
 * Records an event with a snapshot of the object as it is now (Stripe's events carry the object at
 * the moment of the change, not a reference) and hands it to the listener.
 */
export function emitEvent(
  store: PaymentsStore,
  listener: EventListener,
  type: string,
  object: StripeObject,
  previous?: Record<string, unknown>,
): StripeEvent {
  const event: StripeEvent = {
    id: store.newId('evt'),
    object: 'event',
    api_version: sandboxApiVersion,
    created: store.now(),
    type,
    data: {
      object: structuredClone(object),
      ...(previous && Object.keys(previous).length > 0 ? { previous_attributes: previous } : {}),
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  store.insert(event);
  if (store.size % 500 === 0) store.forgetEventsBefore(store.now() - eventLifetime);
  listener(event);
  return event;
}

/** The values of `keys` in `before` that differ from `after`: an event's `previous_attributes`. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keys: readonly string[],
): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const key of keys)
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
  return previous;
}

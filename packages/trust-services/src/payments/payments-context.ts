import type { StripeEvent } from './events.js';
import type { PaymentsStore, StripeObject } from './payments-store.js';

/** What every resource's operations work with. */
export interface PaymentsContext {
  store: PaymentsStore;
  /** Records an event and queues its webhook. */
  emit(type: string, object: StripeObject, previous?: Record<string, unknown>): StripeEvent;
  /** Absolute URL of the sandbox as browsers reach it (its pages and invoice PDFs are under it). */
  publicBaseUrl: string;
}

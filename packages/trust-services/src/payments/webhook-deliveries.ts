import { createHmac } from 'node:crypto';
import type { StripeEvent } from './events.js';
import type { PaymentsStore } from './payments-store.js';

/** One POST to the receiver; answers its HTTP status, or null when it could not be reached. */
export type WebhookTransport = (request: {
  url: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<number | null>;

export interface WebhookTarget {
  /** Where events go (Signet's webhook endpoint). */
  url: string;
  /** The endpoint's signing secret (`whsec_…` at Stripe). */
  secret: string;
  /** How to reach it; `fetch` unless given (the API passes an in-process call for its own endpoint). */
  transport?: WebhookTransport;
}

/** Stripe's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function stripeSignature(secret: string, timestamp: number, payload: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const fetchTransport: WebhookTransport = async ({ url, headers, body }) => {
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return null;
  }
};

/** Attempts per event, the first included (Stripe retries for three days; tests need an end sooner). */
const maxAttempts = 12;

/**
 * Sends every event to the webhook target, one at a time in the order they happened, signed exactly
 * as Stripe signs (so `stripe.webhooks.constructEvent` accepts them; the signature's timestamp is
 * real time, since receivers check it against their own clock). A delivery the receiver does not
 * answer with 2xx is retried with exponential backoff. Pending deliveries are part of the persisted
 * state: a restarted sandbox sends what its predecessor could not.
 */
export class WebhookDeliveries {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private active = false;
  /** Asked to send while a round was under way: look again when it ends. */
  private again = false;
  private closed = false;

  constructor(
    private readonly store: PaymentsStore,
    private readonly target: WebhookTarget | undefined,
    private readonly firstRetryMs: number,
  ) {}

  /** Queues an event (the caller saves the store with the change that caused it). */
  enqueue(event: StripeEvent): void {
    if (!this.target) return;
    this.store.deliveries.push({ eventId: event.id, attempts: 0, nextAttemptAt: Date.now() });
    this.kick();
  }

  /** Sends what is due now, then sleeps until the next retry. One round at a time: never two senders. */
  kick(): void {
    if (this.closed || !this.target) return;
    if (this.active) {
      this.again = true;
      return;
    }
    this.active = true;
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.run();
        } while (this.again && !this.closed);
      } finally {
        this.active = false;
      }
    })();
  }

  /** Resolves when nothing is being sent (tests, closing). */
  async idle(): Promise<void> {
    while (this.active) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.idle();
  }

  private async run(): Promise<void> {
    clearTimeout(this.timer);
    const target = this.target!;
    for (;;) {
      if (this.closed) return;
      const due = this.store.deliveries.find((delivery) => delivery.nextAttemptAt <= Date.now());
      if (!due) break;
      const event = this.store.find(due.eventId);
      const payload = JSON.stringify(event, null, 2);
      const timestamp = Math.floor(Date.now() / 1000);
      const status = event
        ? await (target.transport ?? fetchTransport)({
            url: target.url,
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) Signet payments sandbox',
              'stripe-signature': stripeSignature(target.secret, timestamp, payload),
            },
            body: payload,
          }).catch(() => null)
        : 200;
      if (this.closed) return;
      due.attempts += 1;
      const delivered = status !== null && status >= 200 && status < 300;
      if (delivered || due.attempts >= maxAttempts)
        this.store.deliveries.splice(this.store.deliveries.indexOf(due), 1);
      else due.nextAttemptAt = Date.now() + this.firstRetryMs * 2 ** (due.attempts - 1);
    }
    // Once per round, not per delivery: a crash in between only means some events come twice, which
    // receivers handle anyway (Stripe's delivery is at least once, too).
    await this.store.save();
    const next = Math.min(...this.store.deliveries.map((delivery) => delivery.nextAttemptAt));
    if (Number.isFinite(next)) {
      this.timer = setTimeout(() => this.kick(), Math.max(0, next - Date.now()));
      this.timer.unref();
    }
  }
}

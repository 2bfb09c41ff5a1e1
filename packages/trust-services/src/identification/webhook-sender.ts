import { createHmac, randomBytes } from 'node:crypto';
import type { Clock } from '../control/clock.js';

/** The headers of a signed webhook: Unix seconds, and `v1=` with the hex HMAC-SHA256 of `{timestamp}.{body}`. */
const webhookHeaders = { timestamp: 'ident-timestamp', signature: 'ident-signature' } as const;

/** The signature of one delivery attempt (each attempt is signed anew, with its own timestamp). */
function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookSenderOptions {
  /** The key shared with the receiver. */
  secret: string;
  clock: Clock;
  /** The wait before the first retry; each further retry waits twice as long. */
  firstRetryMs?: number;
  /** Attempts in all, the first included. */
  maxAttempts?: number;
  /** Told about every attempt (tests watch the backoff, the sandbox logs failures). */
  onAttempt?: (attempt: { eventId: string; url: string; number: number; status: number | null }) => void;
}

/**
 * Delivers provider events to the client's webhook URL: signed with the shared key, with a unique
 * event id, retried with exponential backoff until the receiver answers 2xx, or 409 (it has the event
 * already), or the attempts run out. Pending retries live in this process and end when it closes.
 */
export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly options: WebhookSenderOptions) {}

  /** Sends `{ id, type, ...data }` in the background; answers the event id at once. */
  send(url: string, type: string, data: Record<string, unknown>): string {
    const eventId = `evt_${randomBytes(16).toString('base64url')}`;
    const body = JSON.stringify({ id: eventId, type, ...data });
    this.attempt(url, eventId, body, 1);
    return eventId;
  }

  /** Stops every pending retry (the sandbox is closing). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private attempt(url: string, eventId: string, body: string, number: number): void {
    if (this.closed) return;
    const timestamp = Math.floor(this.options.clock.now().getTime() / 1000);
    void fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [webhookHeaders.timestamp]: String(timestamp),
        [webhookHeaders.signature]: signWebhook(this.options.secret, timestamp, body),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    }).then(
      async (response) => {
        await response.body?.cancel();
        this.settle(url, eventId, body, number, response.status);
      },
      () => this.settle(url, eventId, body, number, null),
    );
  }

  private settle(url: string, eventId: string, body: string, number: number, status: number | null): void {
    this.options.onAttempt?.({ eventId, url, number, status });
    const delivered = status !== null && ((status >= 200 && status < 300) || status === 409);
    if (delivered || number >= (this.options.maxAttempts ?? 10) || this.closed) return;
    const waitMs = (this.options.firstRetryMs ?? 1000) * 2 ** (number - 1);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.attempt(url, eventId, body, number + 1);
    }, waitMs);
    timer.unref();
    this.timers.add(timer);
  }
}

// Test-only: the payments sandbox on its own port, a webhook receiver, and the official SDK pointed at it.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { startPaymentsSandbox, type RunningPaymentsSandbox } from '../payments/standalone.js';
import { makeTempDir, removeDir } from './openssl.js';

const testStripeSecretKey = 'sk_test_signet_sandbox_0123456789abcdef';
export const testStripePublishableKey = 'pk_test_signet_sandbox_0123456789abcdef';
export const testStripeWebhookSecret = 'whsec_signet_sandbox_0123456789abcdef0123';

interface Delivery {
  /** When it arrived (ms). */
  at: number;
  headers: IncomingMessage['headers'];
  body: string;
  status: number;
}

/** A webhook endpoint that records every delivery and answers with `status()` (204 unless changed). */
class WebhookReceiver {
  readonly deliveries: Delivery[] = [];
  status: () => number = () => 204;
  url = '';
  private server: Server | undefined;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const status = this.status();
        this.deliveries.push({ at: Date.now(), headers: request.headers, body, status });
        response.statusCode = status;
        response.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks/stripe`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The events delivered with a 2xx answer, parsed. */
  delivered(): Stripe.Event[] {
    return this.deliveries.filter((d) => d.status < 300).map((d) => JSON.parse(d.body) as Stripe.Event);
  }

  /** Waits until the predicate holds over the delivered events (deliveries are asynchronous). */
  async until(predicate: (events: Stripe.Event[]) => boolean, withinMs = 20_000): Promise<Stripe.Event[]> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const events = this.delivered();
      if (predicate(events)) return events;
      if (Date.now() > deadline)
        throw new Error(`webhooks not as expected: ${events.map((e) => e.type).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** The official SDK, pointed at a sandbox by host, port and protocol alone. */
export const stripeFor = (sandbox: RunningPaymentsSandbox, key = testStripeSecretKey) =>
  new Stripe(key, { host: sandbox.host, port: sandbox.port, protocol: 'http', maxNetworkRetries: 0 });

export interface PaymentsTestbed {
  dir: string;
  sandbox: RunningPaymentsSandbox;
  stripe: Stripe;
  receiver: WebhookReceiver;
  /** Moves the sandbox clock forward (runs what falls due). */
  advance(seconds: number): Promise<number>;
  /** Stops the sandbox and starts another on the same data folder and port. */
  restart(): Promise<void>;
}

/** A payments sandbox for a test file: started before its first test, stopped (folder removed) after its last. */
export function usePaymentsSandbox(name: string): PaymentsTestbed {
  const bed = { receiver: new WebhookReceiver() } as PaymentsTestbed;
  const start = (port?: number) =>
    startPaymentsSandbox({
      dataDir: bed.dir,
      secretKey: testStripeSecretKey,
      publishableKey: testStripePublishableKey,
      webhook: { url: bed.receiver.url, secret: testStripeWebhookSecret },
      webhookFirstRetryMs: 30,
      ...(port ? { port } : {}),
    });
  beforeAll(async () => {
    bed.dir = await makeTempDir(`payments-${name}`);
    await bed.receiver.start();
    bed.sandbox = await start();
    bed.stripe = stripeFor(bed.sandbox);
  });
  afterAll(async () => {
    await bed.sandbox?.close();
    await bed.receiver.close();
    if (bed.dir) await removeDir(bed.dir);
  });
  bed.advance = async (seconds) => {
    const response = await fetch(`${bed.sandbox.url}/test/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds }),
    });
    if (!response.ok) throw new Error(`clock: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { now: number }).now;
  };
  bed.restart = async () => {
    const port = bed.sandbox.port;
    await bed.sandbox.close();
    bed.sandbox = await start(port);
    bed.stripe = stripeFor(bed.sandbox);
  };
  return bed;
}
